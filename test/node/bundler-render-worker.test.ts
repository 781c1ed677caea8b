/**
 * The npm package's render worker under the bundlers that do not copy a worker file for the page
 * (esbuild; Rollup without an asset plugin): the site copies the package's dist/cdn/assets/ beside its
 * bundle and names the folder with `configure({ renderWorkerUrl })` (docs/frameworks.md), and the viewer
 * draws in the worker. Without it the worker's file is not there: the viewer draws on the page's thread
 * and the console says why, once for every viewer of the page. Vite: npm-render-worker.test.ts; Next's
 * Turbopack: next-consumer.test.ts; webpack: next-webpack.test.ts. `npm run build` first.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { build as esbuild } from 'esbuild';
import type { Browser } from 'puppeteer-core';
import { rollup } from 'rollup';
import { launchBrowser, startBenchServer } from '../../bench/harness.ts';

const SITES = 'bench/.tmp/bundler-render-worker';

/** The site's entry: the viewer element and configure(), from the built package. */
const ENTRY = `export { configure } from '../../../../../dist/config.js';\nimport '../../../../../dist/room-viewer.js';\n`;

/** Two viewers (the console must say why once, not per viewer); `worker` configured or not. */
const page = (configured: boolean) => `<!doctype html><html lang="en"><body><script type="module">
window.warnings = [];
const warn = console.warn;
console.warn = (...args) => { window.warnings.push(args.join(' ')); warn(...args); };
const { configure } = await import('./out/app.js');
configure({ apiBase: location.origin + '/room-styling'${configured ? ", renderWorkerUrl: new URL('./out/room-elements/', location.href).href" : ''} });
const list = await (await fetch(location.origin + '/room-styling/rooms?limit=1')).json();
window.done = [];
for (let i = 0; i < 2; i++) {
  const el = document.createElement('room-viewer');
  el.setAttribute('room-id', String(list.rooms[0].id));
  el.setAttribute('loading', 'eager');
  el.style.cssText = 'display: block; width: 240px; height: 180px';
  // the render worker in stages (issue 33): the first viewer uses a later stage too (exportLook()'s)
  el.addEventListener('model-load', async () => {
    if (i === 0) window.exported = await el.exportLook().then((b) => b.type, (e) => 'error: ' + e.message);
    window.done.push(el.renderThread);
  });
  el.addEventListener('model-error', (e) => window.done.push('error: ' + e.detail.error.message));
  document.body.append(el);
}
</script></body></html>`;

async function bundle(bundler: 'esbuild' | 'rollup', dir: string): Promise<void> {
  const input = `${dir}/src/app.js`;
  if (bundler === 'esbuild') {
    await esbuild({
      entryPoints: { app: input },
      bundle: true,
      splitting: true,
      format: 'esm',
      outdir: `${dir}/out`,
      logLevel: 'error',
    });
  } else {
    const built = await rollup({ input: { app: input }, plugins: [nodeResolve()], logLevel: 'silent' });
    await built.write({ dir: `${dir}/out`, format: 'es', entryFileNames: '[name].js' });
    await built.close();
  }
}

describe('the render worker under esbuild and Rollup builds', { timeout: 120_000 }, () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startBenchServer>>;
  before(async () => {
    assert.ok(existsSync('dist/room-viewer.js'), 'dist/room-viewer.js is missing: run `npm run build` first');
    rmSync(SITES, { recursive: true, force: true });
    for (const bundler of ['esbuild', 'rollup'] as const) {
      const dir = `${SITES}/${bundler}`;
      mkdirSync(`${dir}/src`, { recursive: true });
      writeFileSync(`${dir}/src/app.js`, ENTRY);
      await bundle(bundler, dir);
      // the copy step docs/frameworks.md gives for these bundlers
      cpSync('dist/cdn/assets', `${dir}/out/room-elements`, { recursive: true });
      writeFileSync(`${dir}/configured.html`, page(true));
      writeFileSync(`${dir}/plain.html`, page(false));
    }
    server = await startBenchServer({ gzip: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    server?.close();
    rmSync(SITES, { recursive: true, force: true });
  });

  async function open(path: string): Promise<{ done: string[]; warnings: string[]; exported: string }> {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${server.origin}/${path}`);
      await tab.waitForFunction('window.done?.length === 2', { timeout: 40_000 });
      return (await tab.evaluate(
        '({ done: window.done, warnings: window.warnings, exported: window.exported })',
      )) as { done: string[]; warnings: string[]; exported: string };
    } finally {
      await tab.close();
    }
  }

  for (const bundler of ['esbuild', 'rollup']) {
    it(`${bundler}: with configure({ renderWorkerUrl }) naming the copied folder, viewers draw in the worker and its later stages load`, async () => {
      const { done, warnings, exported } = await open(`${SITES}/${bundler}/configured.html`);
      assert.deepEqual(done, ['worker', 'worker']);
      // a later stage of the worker, from the same folder
      assert.equal(exported, 'model/gltf-binary');
      assert.deepEqual(
        warnings.filter((w) => /worker/.test(w)),
        [],
      );
    });

    it(`${bundler}: without it, viewers draw on the page's thread and the console says why once`, async () => {
      const { done, warnings } = await open(`${SITES}/${bundler}/plain.html`);
      assert.deepEqual(done, ['main', 'main']);
      const said = warnings.filter((w) => /render worker/.test(w));
      assert.equal(said.length, 1, said.join('\n'));
      assert.match(said[0]!, /renderWorkerUrl/);
    });
  }
});
