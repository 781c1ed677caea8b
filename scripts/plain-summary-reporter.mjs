import { writeFileSync, writeSync } from 'node:fs';
import { relative } from 'node:path';

/**
 * Prints each test file's wall time as it finishes is too noisy for wtr's dynamic terminal, so this
 * reporter collects them (from the moment a file's page starts to load until its results are in) and
 * prints the slowest files, then one plain closing line "wtr: N passed, N failed[, N skipped]" when the
 * process exits. SLOWEST=n prints n files (default 10); TEST_TIMES=path writes every file's time as JSON.
 */
export function plainSummaryReporter() {
  /** per test file: when its first session started and when its last one finished (ms) */
  const started = new Map();
  const took = new Map();
  return {
    start({ sessions }) {
      // the first files start before the reporters do: they count from here
      const reporterStarted = Date.now();
      sessions.on('session-status-updated', (session) => {
        const file = relative(process.cwd(), session.testFile);
        if (session.status === 'INITIALIZING' && !started.has(file)) started.set(file, Date.now());
        if (session.status === 'FINISHED')
          took.set(file, Date.now() - (started.get(file) ?? reporterStarted));
      });
    },
    stop({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      // each test's own time ("file › suite › test"), to find what makes a slow file slow
      const tests = new Map();
      const walk = (suite, path) => {
        for (const t of suite.tests ?? []) {
          if (t.skipped) skipped++;
          else if (t.passed) passed++;
          else failed++;
          if (t.duration !== undefined) tests.set([...path, t.name].join(' › '), t.duration);
        }
        for (const s of suite.suites ?? []) walk(s, [...path, s.name]);
      };
      for (const s of sessions) {
        const before = failed;
        if (s.testResults) walk(s.testResults, [relative(process.cwd(), s.testFile)]);
        if (!s.passed && failed === before) failed++; // file-level failure (import error, timeout, crash)
      }
      // a shard's count is a part: scripts/test.mjs sums the shards into the one "wtr:" line
      const label = process.env.WTR_SHARD ? `wtr shard ${process.env.WTR_SHARD}` : 'wtr';
      const line = `${label}: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
      const lines = slowestLines('wtr', took) + slowestLines('wtr', tests, testTimesFile(), 'tests');
      // wtr's dynamic terminal swallows writes made from stop(); only the exit hook comes through
      process.once('exit', () => writeSync(1, `${lines}${line}\n`));
    },
  };
}

/** Where each test's own time goes beside TEST_TIMES (the files' times): `<TEST_TIMES>-tests.json`. */
export function testTimesFile(timesFile = process.env.TEST_TIMES) {
  return timesFile?.replace(/(\.json)?$/, '-tests.json');
}

/**
 * "the N slowest files" (or `what`) as text, and every one's time written to `timesFile` (TEST_TIMES for the
 * files) when set (shared with the node reporter)
 */
export function slowestLines(runner, took, timesFile = process.env.TEST_TIMES, what = 'files') {
  const rows = [...took].sort((a, b) => b[1] - a[1]);
  if (timesFile) writeFileSync(timesFile, JSON.stringify(Object.fromEntries(rows), null, 1));
  const count = Math.min(Number(process.env.SLOWEST ?? 10), rows.length);
  if (!count) return '';
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  const shown = rows
    .slice(0, count)
    .map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
  return `${runner}: the ${count} slowest of ${rows.length} ${what} (${(total / 1000).toFixed(0)} s in all ${what}):\n${shown.join('\n')}\n`;
}
