import { existsSync } from 'node:fs';

/** Where Chromium is: CHROME_PATH, else Debian's /usr/bin/chromium, else other usual places. */
export function findChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
  ].filter(Boolean);
  return candidates.find((path) => existsSync(path));
}

export const HOW_TO_GET_CHROMIUM =
  'No Chromium found: install Debian\'s (apt-get install -y chromium) or set CHROME_PATH to a Chrome/Chromium binary.';

/** Headless Chromium as root, no GPU: SwiftShader WebGL via ANGLE, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
