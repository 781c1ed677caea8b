import { writeSync } from 'node:fs';
/** Prints one plain closing line "wtr: N passed, N failed[, N skipped]" when the process exits. */
export function plainSummaryReporter() {
  return {
    stop({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const walk = (suite) => {
        for (const t of suite.tests ?? []) {
          if (t.skipped) skipped++;
          else if (t.passed) passed++;
          else failed++;
        }
        for (const s of suite.suites ?? []) walk(s);
      };
      for (const s of sessions) {
        const before = failed;
        if (s.testResults) walk(s.testResults);
        if (!s.passed && failed === before) failed++; // file-level failure (import error, timeout, crash)
      }
      const line = `wtr: ${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
      // wtr's dynamic terminal swallows writes made from stop(); only the exit hook comes through
      process.once('exit', () => writeSync(1, `${line}\n`));
    },
  };
}
