import { defineConfig } from 'vite';
import { ELEMENT_ENTRIES } from './scripts/entries.ts';
import { transcoderByUrl } from './scripts/transcoder-by-url.ts';

/**
 * Server-only entries: the partner back end (`room-elements/partner`, hono as an optional peer) and its
 * Redis store (`room-elements/partner/redis`). Declarations: tsconfig.partner.json.
 */
const SERVER_ENTRIES = {
  partner: 'server/partner/index.ts',
  'partner-redis': 'server/partner/redis-store.ts',
};

/**
 * The npm build: one module per element plus the index, lit / three / photo-sphere-viewer left as
 * imports so the page's bundler dedupes them. PSV's CSS is inlined (`?inline`), so the anchored regex
 * keeps `@photo-sphere-viewer/core/index.css?inline` bundled.
 */
export default defineConfig({
  // the model worker (src/features/model-worker/model-worker.ts) as an ES module, as it is started (type: 'module')
  // The workers are whole programs (the render worker, src/three/worker/render-worker.ts, with its own
  // three.js): a page's bundler copies them as they are (Vite does not bundle a worker file that a
  // package's chunk starts), so they are minified here, and without source maps (the render worker's
  // embedded three.js's sources: 3 MB). Bare imports (`three` left to the page's bundler) would not
  // resolve in the copied file: the render worker could not start there.
  worker: {
    format: 'es',
    plugins: () => [transcoderByUrl()],
    rolldownOptions: { output: { minify: true, sourcemap: false } },
  },
  // …and found beside the chunk that starts it (`new URL('../assets/…', import.meta.url)`), wherever
  // the package or the CDN folder is served from: the default base ('/') would make it `/assets/…`
  base: './',
  plugins: [transcoderByUrl()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: false,
    // no source maps in the package (issue 35: with their sources they were 0.6 MB of the 3.3 MB tarball
    // packed); a page's bundler maps its own output, and the sources are in the repository
    sourcemap: false,
    minify: false,
    lib: { entry: { ...ELEMENT_ENTRIES, ...SERVER_ENTRIES }, formats: ['es'] },
    rolldownOptions: {
      external: [
        /^lit/,
        /^@lit\//,
        /^@lit-labs\//,
        /^three/,
        /^@photo-sphere-viewer\/[^/]+$/,
        /^valibot/,
        /^fast-xml-parser/,
        // the server entries' optional peers and Node's own modules
        /^hono/,
        /^@hono\//,
        /^redis/,
        /^@redis\//,
        /^node:/,
      ],
      // Shared code may sit in an entry file (dist/room-plan.js holds the plan element itself): with the
      // default 'strict', the FML group below cannot stand apart and rolldown merged the FML readers into
      // the room model's chunk, which every element imports.
      preserveEntrySignatures: 'allow-extension',
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        codeSplitting: {
          groups: [
            {
              // The FML readers (and fast-xml-parser with them) in a chunk of their own, loaded by
              // import() only when a document is FML (src/api/model-source.ts). The room-model barrel
              // (src/model/index.ts, the `model` entry) goes with them: it re-exports them, and
              // src/features/model-worker/model-off-thread.ts imports readModel and planGeometry through it, which
              // put the whole FML reader (21 KB gzip of fast-xml-parser beside ours) before the first
              // frame of every plan and viewer installed from npm.
              name: 'fml',
              test: /[\\/]src[\\/]model[\\/](fml[\\/]|index\.ts$)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
