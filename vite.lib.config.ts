import { defineConfig } from 'vite';
import { ELEMENT_ENTRIES } from './scripts/entries.ts';

/**
 * The npm build: one module per element plus the index, lit / three / photo-sphere-viewer left as
 * imports so the page's bundler dedupes them. PSV's CSS is inlined (`?inline`), so the anchored regex
 * keeps `@photo-sphere-viewer/core/index.css?inline` bundled.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    lib: { entry: ELEMENT_ENTRIES, formats: ['es'] },
    rolldownOptions: {
      external: [/^lit/, /^@lit\//, /^@lit-labs\//, /^three/, /^@photo-sphere-viewer\/[^/]+$/, /^valibot/],
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
