// JSX types for React 19 (and Preact, Solid, Stencil) made from custom-elements.json, as DESIGN.md asks:
// dist/types/jsx.d.ts, published as `room-elements/jsx`. A page adds
// `import type {} from 'room-elements/jsx'` (or lists it in tsconfig `types`) and gets typed
// <room-gallery api-base=… onroom-select=…> in TSX.
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { readFileSync, writeFileSync } from 'node:fs';

const OUT = 'dist/types/jsx.d.ts';
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
generateJsxTypes(manifest, {
  outdir: 'dist/types',
  fileName: 'jsx.d.ts',
  globalTypePath: './index.js',
  exclude: ['RoomElement'],
});

// The generator imports only the type names it recognised; event details written in JSDoc can name
// more (ApiError, PanoramaError...). Import, from the package index, every name the file uses that the
// index exports, so the declarations stand on their own.
const indexTypes = readFileSync('dist/types/index.d.ts', 'utf8');
const exported = new Set(
  [...indexTypes.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap(([, names]) =>
    names
      .split(',')
      .map((name) => name.replace(/^\s*type\s+/, '').split(/\s+as\s+/).pop().trim())
      .filter(Boolean),
  ),
);
let jsx = readFileSync(OUT, 'utf8');
const importBlock = /import type \{[^}]*\} from "\.\/index\.js";\n/;
const body = jsx.replace(importBlock, '');
const used = [...exported].filter((name) => new RegExp(`\\b${name}\\b`).test(body)).sort();
jsx = `import type {\n${used.map((name) => `  ${name},`).join('\n')}\n} from "./index.js";\n` + body;
writeFileSync(OUT, jsx);
