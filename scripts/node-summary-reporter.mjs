// node:test reporter: counts results, lists the slowest test files (each file's wall time, from node's own
// per-file result) and prints one plain closing line "node: N passed, N failed".
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { slowestLines } from './plain-summary-reporter.mjs';

export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const took = new Map();
  for await (const event of source) {
    if (event.type === 'test:complete' && event.data.nesting === 0 && event.data.name === event.data.file) {
      // a whole file (node runs each in its own process and reports it as one top-level test)
      took.set(relative(process.cwd(), event.data.file), event.data.details?.duration_ms ?? 0);
    } else if (event.type === 'test:pass') {
      // suites report too; count only leaf tests
      if (event.data.details?.type === 'suite') continue;
      if (event.data.skip || event.data.todo) skipped++;
      else passed++;
    } else if (event.type === 'test:fail') {
      if (
        event.data.details?.type === 'suite' &&
        event.data.details?.error?.failureType !== 'testCodeFailure'
      )
        continue;
      failed++;
    }
  }
  if (process.env.NODE_TEST_SUMMARY) {
    // a part of the run (scripts/test-node.mjs runs two side by side): it prints the one line for both
    writeFileSync(
      process.env.NODE_TEST_SUMMARY,
      JSON.stringify({ passed, failed, skipped, times: Object.fromEntries(took) }),
    );
    return;
  }
  yield slowestLines('node', took);
  yield `node: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
}
