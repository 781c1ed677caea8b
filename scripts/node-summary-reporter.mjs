// node:test reporter: counts results and prints one plain closing line "node: N passed, N failed".
export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type === 'test:pass') {
      // suites report too; count only leaf tests
      if (event.data.details?.type === 'suite') continue;
      if (event.data.skip || event.data.todo) skipped++;
      else passed++;
    } else if (event.type === 'test:fail') {
      if (event.data.details?.type === 'suite' && event.data.details?.error?.failureType !== 'testCodeFailure') continue;
      failed++;
    }
  }
  yield `node: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
}
