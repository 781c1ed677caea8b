/**
 * The pictures of docs/visual.md: every element in a light page, a dark page (`color-scheme: dark`),
 * a right-to-left Arabic page and its error state, as docs/images/visual-<element>-<state>.png.
 * Bundles src/index.ts with esbuild into tmp/visual/ (git-ignored), serves it beside the emulator
 * (bench/harness.ts, port 0 on 127.0.0.1) and shoots each element with puppeteer-core and Chromium.
 * Run: `node --import tsx scripts/visual-screenshots.ts`.
 */
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { launchBrowser, startBenchServer } from '../bench/harness.ts';

const OUT = 'tmp/visual';
const DEAD = 'http://127.0.0.1:9';
type State = 'light' | 'dark' | 'rtl' | 'error';
const STATES: State[] = ['light', 'dark', 'rtl', 'error'];

await build({
  entryPoints: ['src/index.ts'],
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: OUT,
  target: 'es2022',
  conditions: ['production'],
  logLevel: 'warning',
});

const server = await startBenchServer();
const { origin } = server;
const api = `${origin}/room-styling`;
const rooms = (await (await fetch(`${api}/rooms?limit=50`)).json()).rooms as {
  id: number;
  has_panorama: boolean;
}[];
const room = rooms[0]!.id;
const panoramaRoom = rooms.find((r) => r.has_panorama)!.id;
const noPanorama = rooms.find((r) => !r.has_panorama)!.id;

/** The element's markup in `state`. */
function markup(tag: string, state: State): string {
  const error = state === 'error';
  switch (tag) {
    case 'room-viewer':
      return `<room-viewer api-base="${api}" room-id="${error ? 987654321 : room}" camera="orbit" loading="eager"></room-viewer>`;
    case 'room-plan':
      return `<room-plan api-base="${api}" room-id="${error ? 987654321 : room}"></room-plan>`;
    case 'room-panorama':
      return `<room-panorama api-base="${api}" room-id="${error ? noPanorama : panoramaRoom}" loading="eager" yaw="40" pitch="-35"></room-panorama>`;
    case 'room-gallery':
      return `<room-gallery api-base="${error ? `${DEAD}/room-styling` : api}" limit="3"></room-gallery>`;
    default:
      // no white space inside: it would fill the label slot
      return `<project-export-button project-id="186997360" width="800" height="600" callback="${origin}/partner/export-callback" token-endpoint="${error ? `${DEAD}/token` : `${origin}/partner/token`}"></project-export-button>`;
  }
}

function page(tag: string, state: State): string {
  const dark = state === 'dark';
  const rtl = state === 'rtl';
  return `<!doctype html><html lang="${rtl ? 'ar' : 'en'}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<style>
  :root { color-scheme: ${dark ? 'dark' : 'light'}; font: 14px system-ui, sans-serif; }
  body { margin: 0; padding: 12px; background: ${dark ? '#121317' : '#ffffff'}; color: ${dark ? '#eee' : '#222'}; }
  room-viewer, room-plan, room-panorama { width: 420px; height: 280px; }
  room-gallery { width: 620px; }
  #shot { display: inline-block; padding: 4px; }
</style>
<script type="module" src="/${OUT}/index.js"></script></head>
<body><div id="shot">${markup(tag, state)}</div></body></html>`;
}

mkdirSync('docs/images', { recursive: true });
const browser = await launchBrowser();
try {
  for (const tag of ['room-viewer', 'room-plan', 'room-panorama', 'room-gallery', 'project-export-button']) {
    for (const state of STATES) {
      const file = `${OUT}/${tag}-${state}.html`;
      writeFileSync(file, page(tag, state));
      const tab = await browser.newPage();
      await tab.setViewport({ width: 680, height: 420, deviceScaleFactor: tag === 'room-plan' ? 2 : 1 });
      await tab.goto(`${origin}/${file}`, { waitUntil: 'load' });
      if (tag === 'project-export-button' && state === 'error') {
        await tab.waitForFunction(() => !!document.querySelector('project-export-button')?.shadowRoot);
        await tab.evaluate(() =>
          (
            document
              .querySelector('project-export-button')!
              .shadowRoot!.querySelector('button') as HTMLElement
          ).click(),
        );
      }
      // settled: the element's state says loaded / ready / error (the gallery: loaded or error)
      await tab.waitForFunction(
        (t: string, s: string) => {
          const el = document.querySelector(t) as HTMLElement | null;
          const at = el?.getAttribute('state') ?? '';
          if (s === 'error') return !!el?.shadowRoot?.querySelector('[part~="error"]');
          if (t === 'project-export-button') return !!el?.shadowRoot?.querySelector('button');
          return ['loaded', 'ready'].includes(at);
        },
        { timeout: 30000 },
        tag,
        state,
      );
      await new Promise((r) => setTimeout(r, tag === 'room-panorama' || tag === 'room-gallery' ? 1500 : 600));
      const shot = await tab.$('#shot');
      await shot!.screenshot({ path: `docs/images/visual-${tag}-${state}.png` });
      await tab.close();
      console.log(`docs/images/visual-${tag}-${state}.png`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
