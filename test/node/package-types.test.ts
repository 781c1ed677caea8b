import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Every entry package.json exports resolves for TypeScript as a consumer resolves it (self-reference
 * through "exports"), under bundler and node16 resolution, with `noUncheckedSideEffectImports` (TS
 * 5.6+): the stylesheet `room-elements/loader.css` too, which had no declaration (ts(2882), and
 * `attw --profile esm-only` said "Resolution failed"), and the shipped translations.
 */
const ROOT = resolve(import.meta.dirname, '../..');

test('room-elements/loader.css and room-elements/i18n/<lang>.js resolve with their declarations', (t) => {
  if (!existsSync(join(ROOT, 'dist/types/index.d.ts')))
    return t.skip('dist/ is missing: run `npm run build` first (npm test does)');
  const file = join(ROOT, '.package-types-sample.ts');
  writeFileSync(
    file,
    `import 'room-elements/loader.css';
import 'room-elements/room-gallery.js';
import en from 'room-elements/i18n/en.js';
import nl from 'room-elements/i18n/nl.js';
import type { Translation } from 'room-elements/i18n.js';
const base: Translation = nl;
export const rooms: string = base.gallery.rooms + en.roomTypes.Kitchen;
`,
  );
  try {
    for (const [module, moduleResolution] of [
      [ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler],
      [ts.ModuleKind.Node16, ts.ModuleResolutionKind.Node16],
    ] as const) {
      const program = ts.createProgram([file], {
        module,
        moduleResolution,
        target: ts.ScriptTarget.ES2022,
        noEmit: true,
        strict: true,
        skipLibCheck: true,
        noUncheckedSideEffectImports: true,
        types: [],
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .filter((d) => d.file?.fileName === file)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
      assert.deepEqual(errors, [], ts.ModuleResolutionKind[moduleResolution]);
    }
  } finally {
    rmSync(file, { force: true });
  }
});
