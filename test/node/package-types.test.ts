import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Every entry package.json exports resolves for TypeScript as a consumer resolves it (self-reference
 * through "exports"), under bundler and node16 resolution, with `noUncheckedSideEffectImports` (TS
 * 5.6+): the stylesheet `room-elements/loader.css` too, which had no declaration (ts(2882), and
 * `attw --profile esm-only` said "Resolution failed"), the shipped translations, and the server entries,
 * whose declarations import `./x.ts` (the build once left those files out: "Cannot find module './app.ts'",
 * and attw failed again).
 */
const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Type-checks `source` as a consumer's file of this package, under bundler and then node16 resolution:
 * each run's error messages (with the file each is in), in that order.
 */
function typeErrors(name: string, source: string, options: ts.CompilerOptions): string[][] {
  const file = join(ROOT, name);
  writeFileSync(file, source);
  try {
    return (
      [
        [ts.ModuleKind.ESNext, ts.ModuleResolutionKind.Bundler],
        [ts.ModuleKind.Node16, ts.ModuleResolutionKind.Node16],
      ] as const
    ).map(([module, moduleResolution]) => {
      const program = ts.createProgram([file], {
        module,
        moduleResolution,
        target: ts.ScriptTarget.ES2022,
        noEmit: true,
        strict: true,
        ...options,
      });
      return ts
        .getPreEmitDiagnostics(program)
        .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    });
  } finally {
    rmSync(file, { force: true });
  }
}

test('room-elements/loader.css and room-elements/i18n/<lang>.js resolve with their declarations', (t) => {
  if (!existsSync(join(ROOT, 'dist/types/index.d.ts')))
    return t.skip('dist/ is missing: run `npm run build` first (npm test does)');
  const runs = typeErrors(
    '.package-types-sample.ts',
    `import 'room-elements/loader.css';
import 'room-elements/room-gallery.js';
import en from 'room-elements/i18n/en.js';
import nl from 'room-elements/i18n/nl.js';
import type { Translation } from 'room-elements/i18n.js';
const base: Translation = nl;
export const rooms: string = base.gallery.rooms + en.roomTypes.Kitchen;
`,
    {
      skipLibCheck: true,
      noUncheckedSideEffectImports: true,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    },
  );
  for (const errors of runs) assert.deepEqual(errors, []);
});

test('room-elements/partner and room-elements/partner/redis resolve with every declaration they import', (t) => {
  if (!existsSync(join(ROOT, 'dist/types-server')))
    return t.skip('dist/ is missing: run `npm run build` first (npm test does)');
  // a wrong type on purpose: the one error expected is that a function is no number, which TypeScript can
  // only say once it has read the declarations behind the entry (unresolved, it would be `any`)
  const runs = typeErrors(
    '.package-types-partner.ts',
    `import { createPartner, MemoryStore } from 'room-elements/partner';
import { RedisStore } from 'room-elements/partner/redis';
export const wrong: number = createPartner;
export const stores: unknown[] = [MemoryStore, RedisStore];
`,
    { skipLibCheck: false, types: ['node'] },
  );
  for (const errors of runs) {
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0]!, /package-types-partner\.ts: Type '.*Hono.*' is not assignable to type 'number'/);
  }
});
