/**
 * Issue 35's findings that had no test of their own (`npm run build` first):
 * - the CHANGELOG's tarball figure. It said 2.14 MB while `npm pack` gave 3.3 MB; after the fix it said
 *   1.40 MB while the package had grown to 1.48 MB. Its latest figure must be what `npm pack --dry-run` packs.
 * - `attw --profile esm-only`: loader.css passed after the fix, but the server entries failed. The build
 *   left out of the package every declaration that the partner's entry reaches by a `./x.ts` specifier,
 *   so `room-elements/partner` typed as "Cannot find module './app.ts'".
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

/** How far the CHANGELOG's figure may be from the build: the package changes a little with every feature. */
const TOLERANCE = 0.03;

/**
 * Every tarball figure the Unreleased section gives: "N MB packed in F files (B B, …)", in the order written.
 * The bytes are written with thin spaces between the thousands, as the rest of the docs write them.
 */
function tarballFigures(changelog: string): { mb: number; files: number; bytes: number }[] {
  const unreleased = changelog.split(/^## /m).find((s) => s.startsWith('[Unreleased]')) ?? '';
  const text = unreleased.replace(/\s+/g, ' ');
  return [...text.matchAll(/([\d.]+) MB packed in (\d+) files \(([\d  ]+) B/g)].map((m) => ({
    mb: Number(m[1]),
    files: Number(m[2]),
    bytes: Number(m[3]!.replace(/[  ]/g, '')),
  }));
}

describe('issue 35: the CHANGELOG’s tarball figure is measured', () => {
  it('reads the figures as the CHANGELOG writes them', () => {
    assert.deepEqual(
      tarballFigures(
        '# Changelog\n\n## [Unreleased]\n\n- x: 1.49 MB packed in 311 files (1 491 223 B, `npm pack`); then\n  1.40 MB packed in 362\n  files (1 398 751 B).\n\n## [0.0.1]\n\n- 9.99 MB packed in 1 files (9 999 999 B)\n',
      ),
      [
        { mb: 1.49, files: 311, bytes: 1_491_223 },
        { mb: 1.4, files: 362, bytes: 1_398_751 },
      ],
    );
  });

  it('its latest figure is what npm pack gives now, within 3 %, and says the same in MB and in bytes', (t) => {
    if (!existsSync('dist/index.js'))
      return t.skip('dist/ is missing: run `npm run build` first (npm test does)');
    const figures = tarballFigures(readFileSync('CHANGELOG.md', 'utf8'));
    assert.ok(figures.length > 0, 'the Unreleased section gives the tarball size');
    const latest = figures.at(-1)!;
    assert.equal(latest.mb, Math.round(latest.bytes / 10_000) / 100, `${latest.mb} MB vs ${latest.bytes} B`);
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [packed] = JSON.parse(out) as { size: number; entryCount: number }[];
    console.log(
      `[tarball] CHANGELOG ${latest.bytes} B in ${latest.files} files; npm pack ${packed!.size} B in ${packed!.entryCount} files`,
    );
    const off = Math.abs(packed!.size - latest.bytes) / packed!.size;
    assert.ok(
      off <= TOLERANCE,
      `the CHANGELOG says ${latest.bytes} B, npm pack gives ${packed!.size} B (${(off * 100).toFixed(1)} % off): measure it again`,
    );
  });
});

describe('issue 35: the server entries resolve with their declarations (attw --profile esm-only)', () => {
  it('room-elements/partner and room-elements/partner/redis: every module their declarations import is shipped', (t) => {
    if (!existsSync('dist/types-server'))
      return t.skip('dist/ is missing: run `npm run build` first (npm test does)');
    const file = '.issue35-partner-sample.ts';
    // a wrong type on purpose: the one error expected is that a function is no number, which TypeScript
    // can only say once it has read the declarations behind the entry
    writeFileSync(
      file,
      `import { createPartner, MemoryStore } from 'room-elements/partner';
import { RedisStore } from 'room-elements/partner/redis';
export const wrong: number = createPartner;
export const stores: unknown[] = [MemoryStore, RedisStore];
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
          skipLibCheck: false,
          types: ['node'],
        });
        const errors = ts
          .getPreEmitDiagnostics(program)
          .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
        assert.equal(errors.length, 1, errors.join('\n'));
        assert.match(
          errors[0]!,
          /^\.issue35-partner-sample\.ts: Type '.*Hono.*' is not assignable to type 'number'/,
        );
      }
    } finally {
      rmSync(file, { force: true });
    }
  });
});
