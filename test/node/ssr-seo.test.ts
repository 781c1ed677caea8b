/**
 * Lighthouse's SEO category (lighthouse 12.2.3, its Node API, Debian's Chromium as bench/ runs it) on each
 * server-rendered page: the plan, the gallery, the viewer, the panorama and the export button, each as a
 * shop's server sends it (room-elements/ssr, the loader stylesheet, the room's JSON-LD: test/shared/
 * ssr-pages.ts), served over HTTP on 127.0.0.1. Each scores 100. The pages carry no script: what a
 * crawler reads before any runs.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fullPage, pageBodies } from '../shared/ssr-pages.ts';

const TITLES: Record<string, string> = {
  plan: 'Showcase living room: floor plan',
  gallery: 'Rooms to shop',
  viewer: 'Showcase living room in 3D',
  panorama: 'Showcase living room, all around',
  button: 'Export the plan',
};

// headless Chromium as root, as scripts/chromium.mjs starts it for the bench
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

let server: Server;
let origin = '';
// one Chromium for the five audits (Lighthouse opens a tab of its own in it for each): a launch each took
// longer than the audit on a busy machine
let chrome: chromeLauncher.LaunchedChrome | undefined;
let pages: Record<string, string> = {};

before(async () => {
  const bodies = await pageBodies();
  pages = Object.fromEntries(
    Object.entries(bodies).map(([name, body]) => [name, fullPage(TITLES[name]!, body)]),
  );
  server = createServer((request, response) => {
    const name = request.url?.replace(/^\//, '').replace(/\.html$/, '') ?? '';
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    } else if (Object.hasOwn(pages, name)) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[name]);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
});

after(async () => {
  await chrome?.kill();
  server?.close();
});

for (const name of Object.keys(TITLES)) {
  test(`${name}: Lighthouse SEO 100 on the server-rendered page`, { timeout: 120_000 }, async () => {
    const result = await lighthouse(`${origin}/${name}.html`, {
      port: chrome!.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['seo'],
    });
    const lhr = result!.lhr;
    assert.equal(lhr.runtimeError, undefined, lhr.runtimeError?.message);
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => `${a.id}: ${a.title}`);
    const score = Math.round((lhr.categories.seo!.score ?? 0) * 100);
    console.log(
      `# ${name}: Lighthouse SEO ${score}${failed.length ? ` (failed: ${failed.join('; ')})` : ''}`,
    );
    assert.equal(score, 100, failed.join('\n'));
  });
}
