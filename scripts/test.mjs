// npm test: every check. On 2 cores the steps that share nothing run side by side:
//   1. typecheck, lint, format and build at once (none reads what another writes: eslint and tsc skip dist/);
//   2. then, once the build is there, the node tests and the browser tests at once, the browser tests split in
//      TEST_SHARDS (default 2) wtr processes, each with its own server, emulator and Chromium (so one file's
//      armed faults, request logs and files are never another's), balanced by scripts/browser-test-times.json;
//      the node tests two files at a time (NODE_TEST_CONCURRENCY, default 2; scripts/test-node.mjs).
// Each step's output is kept and printed whole when it ends (live in $TEST_LOGS/<step>.log meanwhile). Each
// runner ends with its own plain line ("node: N passed, N failed"; the shards' counts summed into one
// "wtr: N passed, N failed"); the last line sums up the steps. TEST_SHARDS=1 runs the browser tests in one
// process; TEST_SERIAL=1 runs every step one after another (for comparing).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, HOW_TO_GET_CHROMIUM } from './chromium.mjs';
import { slowestLines, testTimesFile } from './plain-summary-reporter.mjs';

if (!findChromium()) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

// Side by side by default (about 14 minutes on 2 cores to itself instead of 22-25 one step after another).
// It keeps 2 cores at load 10 or more, so every test holds on a busy machine: the flakes that kept it opt-in
// were fixed at their cause (CONTRIBUTING.md, "How `npm test` runs in parallel"). TEST_SERIAL=1 runs every
// step one after another, for comparing.
const SERIAL = process.env.TEST_SERIAL === '1';
const SHARDS = Math.max(1, Number(process.env.TEST_SHARDS ?? (SERIAL ? 1 : 2)) || 1);
const NODE_CONCURRENCY = process.env.NODE_TEST_CONCURRENCY ?? (SERIAL ? '1' : '2');
const logs = process.env.TEST_LOGS ?? mkdtempSync(join(tmpdir(), 'room-elements-test-'));
const WTR = [
  '--import',
  'tsx',
  'node_modules/@web/test-runner/dist/bin.js',
  '--config',
  'web-test-runner.config.mjs',
];

const checks = [
  ['typecheck', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', ['node_modules/eslint/bin/eslint.js', '.']],
  [
    'format',
    [
      'node_modules/prettier/bin/prettier.cjs',
      '--check',
      '--log-level',
      'warn',
      'src/**/*.ts',
      'server/**/*.ts',
    ],
  ],
  ['build', ['scripts/build.mjs']],
];

/** A port on 127.0.0.1 that was free a moment ago: each shard's wtr server gets its own (wtr's own pick races). */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function testSteps() {
  const shards = [];
  for (let i = 1; i <= SHARDS; i++) {
    const env = SHARDS > 1 ? { WTR_SHARD: `${i}/${SHARDS}`, WTR_PORT: String(await freePort()) } : {};
    const name = SHARDS > 1 ? `browser tests ${i}/${SHARDS}` : 'browser tests';
    // with shards, the slowest files are listed once for all of them (below)
    const quiet = SHARDS > 1 ? { SLOWEST: '0' } : {};
    shards.push([name, WTR, { ...env, ...quiet, TEST_TIMES: join(logs, `wtr-times-${i}.json`) }]);
  }
  return [
    [
      'node tests',
      ['scripts/test-node.mjs'],
      { TEST_TIMES: join(logs, 'node-times.json'), NODE_TEST_CONCURRENCY: NODE_CONCURRENCY },
    ],
    ...shards,
  ];
}

/**
 * The output as a log reads: wtr draws a progress bar even into a pipe (terminal codes, a line per file);
 * only its last state is kept.
 */
function readable(output) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').split('\n');
  const bar = /^\w+: \|.*\| \d+\/\d+ test files/;
  const lastBar = lines.findLastIndex((line) => bar.test(line));
  return lines.filter((line, i) => !bar.test(line) || i === lastBar).join('\n');
}

/** Runs one step; its output goes to its log file and is printed whole, with how it ended, once it ends. */
function run([name, args, env = {}]) {
  const started = Date.now();
  const file = join(logs, `${name.replace(/\W+/g, '-')}.log`);
  const log = createWriteStream(file);
  const chunks = [];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      chunks.push(chunk);
      log.write(chunk);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      log.end();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const output = readable(Buffer.concat(chunks).toString());
      process.stdout.write(`\n== ${name}\n${output}${output.endsWith('\n') || !output ? '' : '\n'}`);
      console.log(`== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
      resolve({ name, ok: code === 0, output });
    });
  });
}

/** Runs the steps all at once (or one after another with TEST_SERIAL=1), results in the steps' order. */
async function runAll(steps) {
  if (!SERIAL) return Promise.all(steps.map(run));
  const results = [];
  for (const step of steps) results.push(await run(step));
  return results;
}

console.log(`npm test: live output of each step in ${logs}/`);
const failed = [];
const checked = await runAll(checks);
failed.push(...checked.filter((r) => !r.ok).map((r) => r.name));
// the tests need a build
if (!failed.includes('build')) {
  const tested = await runAll(await testSteps());
  failed.push(...tested.filter((r) => !r.ok).map((r) => r.name));
  const shards = tested.filter((r) => r.name.startsWith('browser tests'));
  // one line for the browser tests however many shards ran them (each shard says "wtr shard i/n: ...")
  if (shards.length > 1) {
    const sum = { passed: 0, failed: 0, skipped: 0 };
    const times = new Map();
    const testTimes = new Map();
    shards.forEach((shard, i) => {
      const line = /wtr shard \d+\/\d+: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(shard.output);
      // a shard that never got to its line (crashed, no Chromium) counts as one failure
      if (!line) sum.failed++;
      else {
        sum.passed += Number(line[1]);
        sum.failed += Number(line[2]);
        sum.skipped += Number(line[3] ?? 0);
      }
      const file = join(logs, `wtr-times-${i + 1}.json`);
      for (const [into, from] of [
        [times, file],
        [testTimes, testTimesFile(file)],
      ]) {
        try {
          for (const [test, ms] of Object.entries(JSON.parse(readFileSync(from, 'utf8')))) into.set(test, ms);
        } catch {
          // no times from a shard that crashed
        }
      }
    });
    const all = join(logs, 'wtr-times.json');
    process.stdout.write(slowestLines('wtr', times, all));
    process.stdout.write(slowestLines('wtr', testTimes, testTimesFile(all), 'tests'));
    console.log(
      `wtr: ${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}`,
    );
  }
}
if (!process.env.TEST_LOGS && !failed.length) rmSync(logs, { recursive: true, force: true });
console.log(
  failed.length ? `\nnpm test: failed steps: ${failed.join(', ')}` : '\nnpm test: every step passed',
);
process.exit(failed.length ? 1 : 0);
