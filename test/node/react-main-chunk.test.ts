/**
 * What `room-elements/react` adds to a React app's main chunk (issue 35: 55.7 KB gzip with the five
 * wrappers, 38.4 KB before them; goal under 40 KB). Two Vite app builds, as a site makes them: React
 * alone rendering a div, and React rendering all five wrappers imported from the barrel
 * (`room-elements/react`, the package's dist/). The difference of their entry chunks, gzip level 9, is
 * the cost; the elements' own code must be lazy chunks, loaded when a wrapper first renders. `npm run
 * build` first.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const DIR = 'bench/.tmp/react-main-chunk';
/** The goal of issue 35, in bytes of gzip. */
const GOAL = 40 * 1024;

const APPS = {
  bare: `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('app')).render(createElement('div', null, 'shop'));
`,
  wrappers: `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ProjectExportButton, RoomGallery, RoomPanorama, RoomPlan, RoomViewer } from 'room-elements/react';
createRoot(document.getElementById('app')).render(
  createElement('div', null, 'shop',
    createElement(RoomGallery, { limit: 6, onRoomSelect: () => {} }),
    createElement(RoomViewer, { 'room-id': '1' }),
    createElement(RoomPlan, { 'room-id': '1' }),
    createElement(RoomPanorama, { 'room-id': '1' }),
    createElement(ProjectExportButton, { 'project-id': '1' }),
  ),
);
`,
};

/** Builds one app; its entry chunk's gzip size and the names of every chunk it emitted. */
async function buildApp(
  name: keyof typeof APPS,
): Promise<{ entry: number; entryText: string; chunks: string[] }> {
  const root = `${DIR}/${name}`;
  mkdirSync(root, { recursive: true });
  writeFileSync(`${root}/main.js`, APPS[name]);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    // the package's exports map for the two entries used: room-elements/react is dist/react/index.js
    resolve: {
      alias: [
        { find: /^room-elements\/react$/, replacement: resolve('dist/react/index.js') },
        { find: /^room-elements\/(.+)$/, replacement: `${resolve('dist')}/$1` },
      ],
    },
    build: {
      target: 'es2022',
      outDir: 'dist',
      emptyOutDir: true,
      modulePreload: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      rolldownOptions: {
        input: { main: resolve(root, 'main.js') },
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  const entryText = readFileSync(`${root}/dist/main.js`, 'utf8');
  const chunks = existsSync(`${root}/dist/chunks`) ? readdirSync(`${root}/dist/chunks`) : [];
  return { entry: gzipSync(entryText, { level: 9 }).length, entryText, chunks };
}

describe('room-elements/react in a React app’s main chunk', { timeout: 120_000 }, () => {
  after(() => rmSync(DIR, { recursive: true, force: true }));

  it('adds under 40 KB gzip, the elements’ code left to lazy chunks', async () => {
    assert.ok(existsSync('dist/react/index.js'), 'dist/react/index.js is missing: run `npm run build` first');
    const bare = await buildApp('bare');
    const wrappers = await buildApp('wrappers');
    const cost = wrappers.entry - bare.entry;
    console.log(
      `react main chunk: React alone ${bare.entry} B, with the five wrappers ${wrappers.entry} B, cost ${cost} B gzip`,
    );
    assert.ok(cost < GOAL, `the wrappers add ${cost} B gzip to the main chunk (goal under ${GOAL})`);
    // no element is defined by the main chunk (src/internal/define.ts): each one's code arrives when its
    // wrapper renders
    assert.doesNotMatch(wrappers.entryText, /customElements\.define\(/, 'an element is in the main chunk');
    assert.ok(wrappers.chunks.length >= 5, `lazy chunks: ${wrappers.chunks.join(', ')}`);
  });
});
