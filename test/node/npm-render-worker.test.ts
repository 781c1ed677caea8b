/**
 * The npm package's render worker as a site gets it: a Vite app build that imports `dist/room-viewer.js`
 * (the package's module) copies the worker file as it is, so it must be one program that starts on its
 * own (no bare `three` import, its mesh and snapshot code inside). In Chromium the built page's
 * `<room-viewer renderer="worker">` must then draw in the worker, not fall back to the page's thread.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { launchBrowser, startBenchServer } from '../../bench/harness.ts';
import { buildSite } from '../../bench/site-build.ts';

const SITE = 'bench/.tmp/npm-render-worker';

describe('the npm package render worker in a site build', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startBenchServer>>;
  before(async () => {
    assert.ok(existsSync('dist/room-viewer.js'), 'dist/room-viewer.js is missing: run `npm run build` first');
    mkdirSync(`${SITE}/src`, { recursive: true });
    writeFileSync(
      `${SITE}/src/app.ts`,
      `import '../../../../dist/room-viewer.js';\nexport { configure } from '../../../../dist/config.js';\n`,
    );
    await buildSite(`${SITE}/out`, { app: `${SITE}/src/app.ts` });
    writeFileSync(
      `${SITE}/index.html`,
      `<!doctype html><html lang="en"><body><script type="module">
const { configure } = await import('./out/app.js');
configure({ apiBase: location.origin + '/room-styling' });
// a room the emulator has with or without the real samples
const list = await (await fetch(location.origin + '/room-styling/rooms?limit=1')).json();
const el = document.createElement('room-viewer');
el.setAttribute('room-id', String(list.rooms[0].id));
el.setAttribute('renderer', 'worker');
el.setAttribute('loading', 'eager');
el.setAttribute('poster', '');
el.style.cssText = 'display: block; width: 320px; height: 240px';
el.addEventListener('model-load', async () => {
  // the render worker in stages (issue 33): exportLook()'s stage, a file the site's bundler copied too
  window.exported = await el.exportLook().then((b) => b.type, (e) => 'error: ' + e.message);
  window.done = el.renderThread;
});
el.addEventListener('model-error', (e) => (window.done = 'error: ' + e.detail.error.message));
document.body.append(el);
</script></body></html>`,
    );
    // the showcase room's products with their meshes: the render worker checks each file and hands it to
    // the page's mesh-decoding worker, which the site's bundler must have built from the package
    writeFileSync(
      `${SITE}/meshes.html`,
      `<!doctype html><html lang="en"><body><script type="module">
const { configure } = await import('./out/app.js');
configure({ apiBase: location.origin + '/room-styling', furnitureBase: location.origin + '/room-styling' });
window.problems = [];
const el = document.createElement('room-viewer');
el.setAttribute('room-id', '6346900');
el.setAttribute('renderer', 'worker');
el.setAttribute('loading', 'eager');
el.setAttribute('poster', '');
el.style.cssText = 'display: block; width: 320px; height: 240px';
el.addEventListener('model-load', () => (window.done = el.renderThread));
el.addEventListener('model-error', (e) => window.problems.push(e.detail.error.message));
document.body.append(el);
</script></body></html>`,
    );
    server = await startBenchServer({ gzip: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  it('ships the worker as one program, once, without bare imports or source map comments', () => {
    // one copy for both builds (issue 35): the CDN folder's, which the npm build's chunk starts
    const worker = readdirSync('dist/cdn/assets').find((name) => /^render-worker-.*\.js$/.test(name));
    assert.ok(worker, 'no render worker in dist/cdn/assets');
    assert.ok(!existsSync('dist/assets'), 'dist/assets holds a second copy of the workers');
    const text = readFileSync(`dist/cdn/assets/${worker}`, 'utf8');
    assert.doesNotMatch(text, /from\s*["']three/, 'the worker imports three.js by a bare name');
    assert.doesNotMatch(text, /sourceMappingURL/);
    const starter = readdirSync('dist/chunks').find((name) =>
      readFileSync(`dist/chunks/${name}`, 'utf8').includes(`"../cdn/assets/${worker}"`),
    );
    assert.ok(starter, 'no npm chunk starts the worker from ../cdn/assets/');
    // in stages (issue 33): the first stage imports nothing by name (a bundler copies it alone), and each
    // later stage it loads is a file of the folder that the starting chunk names for the page's bundler
    assert.doesNotMatch(text, /(^|[;}])\s*(import\s*[{*\w][^;]*from\s*["'`]|export\s*\{)/);
    const later = [...text.matchAll(/__roomStages\.load\("([^"]+)"\)/g)].map((m) => m[1]!);
    assert.ok(later.length >= 3, `the worker loads ${later.length} later stages`);
    const starting = readFileSync(`dist/chunks/${starter}`, 'utf8');
    for (const stage of new Set(later)) {
      assert.ok(existsSync(`dist/cdn/assets/${stage}`), `${stage} is not in dist/cdn/assets`);
      assert.ok(
        starting.includes(`new URL("../cdn/assets/${stage}", import.meta.url)`),
        `${stage} is not named`,
      );
      const stageText = readFileSync(`dist/cdn/assets/${stage}`, 'utf8');
      assert.doesNotMatch(stageText, /(^|[;}])\s*(import\s*[{*\w][^;]*from\s*["'`]|export\s*\{)/);
    }
  });

  it('decodes the furniture meshes of the built site’s worker viewer in the page’s decoding worker', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.origin}/${SITE}/meshes.html`);
      await page.waitForFunction('window.done', { timeout: 30000 });
      assert.equal(await page.evaluate('window.done'), 'worker');
      // the page started the decoding worker the site's bundler built (its file, not a 404)
      await page.waitForFunction(
        `performance.getEntriesByType('resource').some((e) => /decode-worker/.test(e.name) && e.responseStatus !== 404)`,
        { timeout: 30000 },
      );
      // and no file was refused: every mesh decoded (a worker that cannot start says so per file)
      await new Promise((resolve) => setTimeout(resolve, 4000));
      assert.deepEqual(await page.evaluate('window.problems'), []);
    } finally {
      await page.close();
    }
  });

  it('emits no Basis transcoder into the site (the package loads it by URL, from basisTranscoderPath)', () => {
    const emitted = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? emitted(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
      );
    for (const file of emitted(`${SITE}/out`)) {
      assert.doesNotMatch(file, /basis_transcoder/);
      const text = readFileSync(file, 'latin1');
      const largest = Math.max(0, ...[...text.matchAll(/[A-Za-z0-9+/=]{20000,}/g)].map((m) => m[0].length));
      assert.ok(largest < 60_000, `${file} inlines ${largest} characters of base64`);
    }
  });

  it('draws a room in the worker of the built site, whose later stages load when used', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.origin}/${SITE}/index.html`);
      await page.waitForFunction('window.done', { timeout: 30000 });
      assert.equal(await page.evaluate('window.done'), 'worker');
      assert.equal(await page.evaluate('window.exported'), 'model/gltf-binary');
    } finally {
      await page.close();
    }
  });
});
