// Node tests (node:test over real HTTP on 127.0.0.1), TypeScript through tsx.
// Usage: node scripts/test-node.mjs [file-or-folder ...]   (default: test/node)
//
// The files that build a whole app or package (HEAVY: a Next.js, Vite or Rollup build, `npm pack`, tsc over
// the package, the manifest analyzer) run one after another in one `node --test`; every other file in a second
// one beside it, NODE_TEST_CONCURRENCY (default 2) at a time; so two heavy builds never fight for the same two
// cores. NODE_TEST_CONCURRENCY=1 runs every file one after another in one `node --test`, as before. Each file is its own process and
// must share no port, folder or redis-server with another (CONTRIBUTING.md, "How npm test runs in parallel").
// The light files' results stream as they come; the heavy files' are printed after them; then the slowest
// files and one plain line "node: N passed, N failed" for both.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slowestLines } from './plain-summary-reporter.mjs';

/** Files that build something big (seconds of CPU on every core); one of them at a time. */
const HEAVY = new Set(
  [
    'bundler-render-worker',
    'docs',
    'framework-consumers',
    'issue35-audit',
    'jsx-types',
    'manifest',
    'next-consumer',
    'next-webpack',
    'npm-render-worker',
    'package-tarball',
    'package-types',
    'react-main-chunk',
    'ssr-edge',
  ].map((name) => `test/node/${name}.test.ts`),
);

const collect = (path) =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((name) => collect(join(path, name)))
    : path.endsWith('.test.ts')
      ? [path]
      : [];
const files = (process.argv.slice(2).length ? process.argv.slice(2) : ['test/node']).flatMap(collect).sort();
// one file at a time unless asked (scripts/test.mjs says why)
const concurrency = Math.max(1, Number(process.env.NODE_TEST_CONCURRENCY ?? 1) || 1);

/** `node --test` over `list`; with `summary`, the counts and times go there as JSON instead of the plain line. */
function nodeTest(list, { concurrency, summary, buffer }) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${concurrency}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/node-summary-reporter.mjs',
      '--test-reporter-destination=stdout',
      ...list,
    ],
    {
      stdio: ['ignore', buffer ? 'pipe' : 'inherit', buffer ? 'pipe' : 'inherit'],
      env: summary ? { ...process.env, NODE_TEST_SUMMARY: summary } : process.env,
    },
  );
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks) })),
  );
}

const heavy = files.filter((file) => HEAVY.has(file));
const light = files.filter((file) => !HEAVY.has(file));
if (concurrency === 1 || !heavy.length || !light.length) {
  const { code } = await nodeTest(files, { concurrency });
  process.exit(code);
}

const dir = mkdtempSync(join(tmpdir(), 'room-elements-node-'));
const parts = [
  { list: light, concurrency, summary: join(dir, 'light.json') },
  { list: heavy, concurrency: 1, summary: join(dir, 'heavy.json'), buffer: true },
];
const results = await Promise.all(parts.map((part) => nodeTest(part.list, part)));
const total = { passed: 0, failed: 0, skipped: 0 };
const took = new Map();
parts.forEach((part, i) => {
  process.stdout.write(results[i].output);
  let counts;
  try {
    counts = JSON.parse(readFileSync(part.summary, 'utf8'));
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0, times: {} }; // the runner died before its summary
  }
  total.passed += counts.passed;
  total.failed += counts.failed + (results[i].code !== 0 && !counts.failed ? 1 : 0);
  total.skipped += counts.skipped;
  for (const [file, ms] of Object.entries(counts.times)) took.set(file, ms);
});
rmSync(dir, { recursive: true, force: true });
process.stdout.write(slowestLines('node', took));
console.log(
  `node: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
