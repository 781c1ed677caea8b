import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { areaCopies } from './scripts/cdn/area-copies.ts';
import { buildForms } from './scripts/cdn/build-forms.ts';
import { elementChunks, type ChunkGroup } from './scripts/cdn/element-chunks.ts';
import { entryConfig } from './scripts/cdn/entry-config.ts';
import { budgets } from './scripts/cdn/folders.ts';
import { cdnIntegrity } from './scripts/cdn/integrity.ts';
import { lazyCopies } from './scripts/cdn/lazy-copies.ts';
import { viewerLaterCopies } from './scripts/cdn/viewer-later-copies.ts';
import { loaderChains } from './scripts/cdn/loader-chains.ts';
import { minifyLiterals } from './scripts/cdn/literals.ts';
import { secondPass } from './scripts/cdn/second-pass.ts';
import { workerStartCopy } from './scripts/cdn/worker-start-copy.ts';
import { renderStages } from './scripts/render-stages.ts';
import { transcoderByUrl } from './scripts/transcoder-by-url.ts';
import { workerTrims } from './scripts/worker-trims.ts';

/**
 * The CDN build (dist/cdn/, docs/cdn.md), both entries in one build so they share every chunk:
 * - `room-elements.js` (src/cdn/autoload.ts): the one script tag; defines each element when its tag
 *   first appears, importing that element's chunk then.
 * - `room-elements.all.js` (src/index.ts): every element defined up front, every export of the package.
 *
 * Library mode, minified: an app build would wrap each `import()` in Vite's preload helper (about 1 KB
 * gzip in its own chunk, even with `modulePreload: false`), which the loader does not need. three.js
 * and photo-sphere-viewer stay in lazy chunks: the elements reach them only through `import()`.
 *
 * The rules that shape the chunks are plugins in scripts/cdn/, one per file, written by folder
 * (scripts/cdn/folders.ts), and the byte budgets they exist for are in scripts/cdn/budgets.json.
 */
const ENTRIES = { 'room-elements': 'src/cdn/autoload.ts', 'room-elements.all': 'src/index.ts' };
const firstCards = budgets().firstCards.tag;
/** Where the published package serves this folder: the URLs the import map pins (docs/cdn.md). */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
export const CDN_BASE = `https://unpkg.com/room-elements@${version}/dist/cdn/`;
/** The render worker's stages (scripts/render-stages.ts): the worker build's plugin and the page's. */
const stages = renderStages();
const shared: ChunkGroup = { name: 'shared', modules: new Set() };
const three: ChunkGroup = { name: 'three', modules: new Set() };
/** The other elements' static chains: module id to chunk name (`kit`, `later`, `<tag>-deps`). */
const chains = new Map<string, string>();

export default defineConfig({
  // the workers as ES modules, as they are started (type: 'module'), and built as the npm build builds
  // them (vite.lib.config.ts): the same bytes under the same names, so scripts/build.mjs ships them once
  worker: {
    format: 'es',
    // the render worker in stages (issue 33): its chunks made self-contained, the page naming each
    // …and without what a worker never runs of three.js (scripts/worker-trims.ts)
    plugins: () => [transcoderByUrl(), workerTrims(), stages.worker()],
    rolldownOptions: { output: { minify: true, sourcemap: false } },
  },
  // …and found beside the chunk that starts it (`new URL('../assets/…', import.meta.url)`), wherever
  // the package or the CDN folder is served from: the default base ('/') would make it `/assets/…`
  base: './',
  publicDir: false,
  plugins: [
    // a module's CDN form (x.cdn.ts beside x.ts): the gallery's first page from the loader's answer
    buildForms(),
    transcoderByUrl(),
    stages.page,
    entryConfig({
      entries: Object.values(ENTRIES),
      config: 'src/config.ts',
      own: [ENTRIES['room-elements']],
    }),
    // the viewer's parts after its first frame, with copies of what they import of the other elements' code
    viewerLaterCopies({ firstFrame: budgets().viewerPage?.tag ?? 'room-viewer' }),
    // the render worker's client with its own copy of the worker starter: one file fewer before the first frame
    workerStartCopy(),
    lazyCopies({ firstCards }),
    areaCopies({ firstCards }),
    elementChunks({
      firstCards,
      firstFrame: budgets().viewerPage?.tag ?? 'room-viewer',
      groups: { shared, three, chains },
    }),
    minifyLiterals(),
    loaderChains({ loader: ENTRIES['room-elements'] }),
    // the loader and what it imports itself once more through terser, after Oxc (the elements' chunks not: in the
    // package each sits beside its npm twin, and terser's style cost the tarball more than its 1.5 MB allowed)
    secondPass({
      loader: `${Object.keys(ENTRIES)[0]}.js`,
      tags: [],
      also: [],
    }),
    cdnIntegrity({ base: CDN_BASE }),
  ],
  build: {
    target: 'es2022',
    outDir: 'dist/cdn',
    emptyOutDir: true,
    // the maps are written for a self-hoster's debugging but not referenced: the package does not ship
    // them (package.json `files`), so a sourceMappingURL on a CDN would point at a 404, and every page
    // would pay its bytes
    sourcemap: 'hidden',
    minify: true,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1000, // three.js is big by nature; it is only fetched by the 3D elements
    lib: { entry: ENTRIES, formats: ['es'] },
    rolldownOptions: {
      // includeDependenciesRecursively: false (the shared group) needs entries that may export more
      preserveEntrySignatures: 'allow-extension',
      output: {
        // library mode leaves whitespace and comments in ES output (for the page's bundler); a CDN
        // file is the page's final code
        minify: true,
        comments: false,
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            ...[shared, three].map((group) => ({
              name: group.name,
              test: (id: string) => group.modules.has(id),
              includeDependenciesRecursively: false,
            })),
            {
              debugName: 'chains',
              name: (id: string) => chains.get(id) ?? null,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
