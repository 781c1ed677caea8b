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
