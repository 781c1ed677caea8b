/**
 * The documentation a developer copies from: README, CONTRIBUTING, CHANGELOG and docs/*.md.
 * - Every relative link names a file that exists, and an anchor a heading that exists.
 * - Every code sample in JS/TS parses, and every name it imports from the package is exported by that
 *   entry (checked by the TypeScript compiler against the built declarations, as a consumer's editor
 *   would); HTML samples run in Chromium (test/browser/docs-samples.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const PAGES = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(page: string): Set<string> {
  const text = read(page).replace(/```[\s\S]*?```/g, '');
  // headings, and explicit anchors (`<a id="…">`, as the generated contract writes them)
  return new Set([
    ...[...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1]!.replace(/<a id="[^"]*"><\/a>/g, ''))),
    ...[...text.matchAll(/<a id="([^"]+)"/g)].map((m) => m[1]!),
  ]);
}

/** The code blocks of a page with their language. */
function blocks(page: string): { lang: string; code: string; line: number }[] {
  const out: { lang: string; code: string; line: number }[] = [];
  const text = read(page);
  for (const m of text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)) {
    out.push({ lang: m[1]!, code: m[2]!, line: text.slice(0, m.index).split('\n').length });
  }
  return out;
}

test('every relative link and anchor in the docs resolves', () => {
  const broken: string[] = [];
  for (const page of PAGES) {
    const text = read(page)
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^(https?:|mailto:)/.test(target)) continue;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path ? join(dirname(join(ROOT, page)), path) : join(ROOT, page);
      if (!existsSync(file)) {
        broken.push(`${page}: ${target} (no such file)`);
        continue;
      }
      if (anchor && file.endsWith('.md') && !anchorsOf(file.slice(ROOT.length + 1)).has(anchor)) {
        broken.push(`${page}: ${target} (no such heading)`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test('every JS/TS sample parses', () => {
  const bad: string[] = [];
  for (const page of PAGES) {
    for (const { lang, code, line } of blocks(page)) {
      if (!/^(js|ts|javascript|typescript|tsx|jsx)$/.test(lang)) continue;
      const kind = lang.startsWith('t')
        ? lang === 'tsx'
          ? ts.ScriptKind.TSX
          : ts.ScriptKind.TS
        : ts.ScriptKind.JS;
      const file = ts.createSourceFile(`sample.${lang}`, code, ts.ScriptTarget.ES2022, true, kind);
      const diagnostics = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
      for (const d of diagnostics)
        bad.push(`${page}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    }
  }
  assert.deepEqual(bad, []);
});

test('every name a sample imports from the package is exported by that entry', () => {
  // only the package's own import declarations, in one file per sample, type-checked against the
  // package's exports (self-reference through package.json "exports", as a consumer resolves it)
  const dir = mkdtempSync(join(tmpdir(), 'docs-imports-'));
  try {
    const files: string[] = [];
    const where = new Map<string, string>();
    for (const page of PAGES) {
      for (const { lang, code, line } of blocks(page)) {
        if (!/^(js|ts|javascript|typescript|tsx|jsx|html)$/.test(lang)) continue;
        const imports = [
          ...code.matchAll(/^\s*import\s+(?:type\s+)?([^;'"]*?)\s+from\s+'(room-elements[^']*)';?/gm),
        ]
          .map((m) => `import ${m[1]} from '${m[2]}';`)
          .concat(
            [...code.matchAll(/^\s*import\s+'(room-elements[^']*)';?/gm)].map((m) => `import '${m[1]}';`),
          );
        if (!imports.length) continue;
        const file = join(ROOT, `.docs-sample-${files.length}.ts`);
        files.push(file);
        where.set(file, `${page}:${line}`);
        writeFileSync(file, imports.join('\n') + '\nexport {};\n');
      }
    }
    assert.ok(files.length >= 5, 'the docs import from the package');
    const program = ts.createProgram(files, {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
      skipLibCheck: true,
      strict: true,
      noUnusedLocals: false,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && files.includes(d.file.fileName))
      .map((d) => `${where.get(d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    assert.deepEqual(errors, []);
    for (const file of files) rmSync(file);
  } finally {
    for (const name of readdirSync(ROOT)) if (name.startsWith('.docs-sample-')) rmSync(join(ROOT, name));
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The languages the package ships: English, built in, and every one src/i18n/shipped.ts registers. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  nl: 'Dutch',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  pl: 'Polish',
};
const shipped = [
  'en',
  ...[...read('src/i18n/shipped.ts').matchAll(/addLanguageLoader\('(\w+)'/g)].map((m) => m[1]!),
];

test('every list of languages in the docs names every shipped language (the CHANGELOG is history)', () => {
  assert.deepEqual(
    shipped.filter((code) => !LANGUAGE_NAMES[code]),
    [],
    'a shipped language this test has no name for',
  );
  const names = Object.values(LANGUAGE_NAMES).join('|');
  const list = new RegExp(`\\b(?:${names})(?:(?:,\\s+|\\s+and\\s+|\\s+or\\s+)(?:${names}))+\\b`, 'g');
  const needed = shipped.filter((code) => code !== 'en').map((code) => LANGUAGE_NAMES[code]!);
  // the partner back end's own login page (server/partner) is not an element: it speaks two languages
  const notElements = new Set(['docs/partner.md']);
  const wrong: string[] = [];
  for (const page of PAGES.filter((p) => p !== 'CHANGELOG.md' && !notElements.has(p))) {
    const text = read(page);
    for (const m of text.matchAll(list)) {
      // a list names at least every language beyond English ("English and Dutch" once missed three)
      const missing = needed.filter((name) => !m[0].includes(name));
      if (missing.length)
        wrong.push(
          `${page}:${text.slice(0, m.index).split('\n').length}: "${m[0]}" leaves out ${missing.join(', ')}`,
        );
    }
  }
  assert.deepEqual(wrong, []);
  // and the languages guide names each, with its module
  for (const code of shipped)
    assert.match(read('docs/i18n.md'), new RegExp(`room-elements/i18n/${code}\\.js|\`/${code}\\.js\``), code);
});

test('the sizes the docs give for the CDN loader and a language agree with the build', (t) => {
  const loader = join(ROOT, 'dist/cdn/room-elements.js');
  if (!existsSync(loader)) return t.skip('dist/cdn is missing: run `npm run build` first (npm test does)');
  const kb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
  const loaderKb = kb(loader);
  const languageKb = Math.max(
    ...shipped
      .filter((c) => c !== 'en')
      .map((code) => {
        // the npm file re-exports the CDN's chunk when the two are the same bytes (scripts/build.mjs)
        const file = join(ROOT, `dist/i18n/${code}.js`);
        const twin = /^export \{ default \} from '(.+)';\s*$/.exec(readFileSync(file, 'utf8'))?.[1];
        return kb(twin ? join(ROOT, 'dist/i18n', twin) : file);
      }),
  );
  const wrong: string[] = [];
  let checked = 0;
  for (const page of PAGES.filter((p) => p !== 'CHANGELOG.md')) {
    const text = read(page);
    const at = (index: number) => `${page}:${text.slice(0, index).split('\n').length}`;
    // "the loader: about 3.3 KB gzip", "(3.3 KB in all)" after the loader's share
    for (const m of text.matchAll(
      /the loader: about (\d+(?:\.\d+)?) KB gzip|loader about [\d.]+ KB gzip \((\d+(?:\.\d+)?) KB in all\)/g,
    )) {
      checked++;
      const said = Number(m[1] ?? m[2]);
      if (Math.abs(said - loaderKb) > 0.15)
        wrong.push(`${at(m.index)}: the loader is ${loaderKb.toFixed(2)} KB gzip, not ${said}`);
    }
    // a shipped language's chunk: "downloads only when … speaks that language (about 4 KB gzip)"
    for (const m of text.matchAll(/speaks that language \(about (\d+(?:\.\d+)?) KB gzip\)/g)) {
      checked++;
      const said = Number(m[1]);
      if (Math.abs(said - languageKb) > 0.6)
        wrong.push(`${at(m.index)}: a language is ${languageKb.toFixed(2)} KB gzip, not about ${said}`);
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(checked >= 3, `the docs still state the sizes this test reads (${checked} found)`);
});

test('the guides import configure() from room-elements/config.js, not the package root (+30 KB)', () => {
  const wrong: string[] = [];
  for (const page of PAGES)
    for (const { code, line } of blocks(page))
      if (/import\s*\{[^}]*\bconfigure\b[^}]*\}\s*from\s*'room-elements'/.test(code))
        wrong.push(`${page}:${line}`);
  assert.deepEqual(wrong, []);
});

test('the guides speak of the product, not of the tracker: no "(issue N)" in README and docs/', () => {
  const wrong: string[] = [];
  for (const page of PAGES.filter((p) => p.startsWith('docs/') || p === 'README.md')) {
    const text = read(page);
    for (const m of text.matchAll(/\bissue \d+\b/gi))
      wrong.push(`${page}:${text.slice(0, m.index).split('\n').length}`);
  }
  assert.deepEqual(wrong, []);
});

test("the README's first example draws furniture as meshes (it names furniture-base)", () => {
  const first = blocks('README.md').find((b) => b.lang === 'html' && b.code.includes('<room-viewer'));
  assert.ok(first, 'the README shows a viewer');
  assert.match(
    first.code,
    /furnitureBase:|furniture-base=/,
    'without a furniture root, every piece is a box',
  );
});
