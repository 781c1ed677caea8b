/**
 * Issue 35's findings that had no test of their own (`npm run build` first):
 * - the CHANGELOG's tarball figure. It said 2.14 MB while `npm pack` gave 3.3 MB; after the fix it said
 *   1.40 MB while the package had grown to 1.48 MB. Its latest figure must be what `npm pack --dry-run` packs.
 * - the shipped manifest without repeats: it was 0.9 MB with 630 private or protected members and four
 *   declarations listed twice (`styles`, `STRINGS`, `statusText`, `renderErrorPanel`).
 * (attw's finding, the server entries' declarations, is checked in package-types.test.ts.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

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

interface Manifest {
  modules: { path: string; declarations?: { name: string; customElement?: boolean; members?: Member[] }[] }[];
}
interface Member {
  name: string;
  privacy?: string;
}

describe('issue 35: the shipped manifest without repeats', () => {
  it('lists no private or protected member, each declaration once, each member of an element once', (t) => {
    if (!existsSync('dist/custom-elements.json'))
      return t.skip('dist/ is missing: run `npm run build` first');
    const manifest = JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as Manifest;
    const declarations = manifest.modules.flatMap((m) => m.declarations ?? []);
    const hidden = declarations.flatMap((d) =>
      (d.members ?? [])
        .filter((m) => m.privacy === 'private' || m.privacy === 'protected' || m.name.startsWith('#'))
        .map((m) => `${d.name}.${m.name}`),
    );
    assert.deepEqual(hidden.slice(0, 10), [], `${hidden.length} private or protected members`);
    const seen = new Map<string, number>();
    for (const d of declarations) seen.set(d.name, (seen.get(d.name) ?? 0) + 1);
    assert.deepEqual(
      [...seen].filter(([, n]) => n > 1).map(([name]) => name),
      [],
      'declarations listed twice',
    );
    for (const element of declarations.filter((d) => d.customElement)) {
      const names = (element.members ?? []).map((m) => m.name);
      assert.deepEqual(
        names.filter((n, i) => names.indexOf(n) !== i),
        [],
        `<${element.name}> members listed twice`,
      );
    }
    const bytes = readFileSync('dist/custom-elements.json').length;
    console.log(`[manifest] dist/custom-elements.json ${bytes} B, ${declarations.length} declarations`);
  });
});
