import { defineConfig } from 'vite';

/**
 * The CDN build: `dist/cdn/room-elements.js` registers every element from one script tag.
 * Everything is bundled; three.js and photo-sphere-viewer stay in lazy chunks beside it because the
 * elements reach them only through dynamic import().
 */
export default defineConfig({
  base: './',
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist/cdn',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: false,
    rolldownOptions: {
      input: { 'room-elements': 'src/index.ts' },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
