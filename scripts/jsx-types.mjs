// JSX types for React 19 (and Preact, Solid, Stencil) made from custom-elements.json, as DESIGN.md asks:
// dist/types/jsx.d.ts, published as `room-elements/jsx`. A page adds
// `import type {} from 'room-elements/jsx'` (or lists it in tsconfig `types`) and gets typed
// <room-gallery api-base=… onroom-select=…> in TSX.
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
generateJsxTypes(manifest, {
  outdir: 'dist/types',
  fileName: 'jsx.d.ts',
  // every type the manifest names is exported from the package's index (src/index.ts)
  globalTypePath: './index.js',
  exclude: ['RoomElement'],
});
