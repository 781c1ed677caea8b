// The runners' summaries (scripts/plain-summary-reporter.mjs): the slowest files, and each test's own time
// beside them (TEST_TIMES → <TEST_TIMES>-tests.json), so a slow file's slow tests can be found.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error a plain .mjs script without types
import { slowestLines, testTimesFile } from '../../scripts/plain-summary-reporter.mjs';

describe('test times', () => {
  it('names the tests file beside the files one', () => {
    assert.equal(testTimesFile('/tmp/t/wtr-times-1.json'), '/tmp/t/wtr-times-1-tests.json');
  });

  it('lists the slowest tests and writes every test time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-times-'));
    try {
      const file = join(dir, 'tests.json');
      const took = new Map([
        ['a.test.ts › suite › quick', 20],
        ['a.test.ts › suite › slow', 9000],
      ]);
      const text = slowestLines('wtr', took, file, 'tests') as string;
      assert.match(
        text,
        /^wtr: the 2 slowest of 2 tests \(9 s in all tests\):\n +9\.0 s {2}a\.test\.ts › suite › slow\n/,
      );
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), Object.fromEntries([...took].reverse()));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
