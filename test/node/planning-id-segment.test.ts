import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { idSegment } from '../../src/api/planning/context.ts';

describe('idSegment: a planning id in a URL path', () => {
  it('keeps plain positive integers, as numbers or trimmed strings', () => {
    assert.equal(idSegment(186997360), '186997360');
    assert.equal(idSegment(' 42 '), '42');
  });

  it('refuses what Number() would turn into another id', () => {
    for (const bad of [
      '0x10',
      '1e3',
      '0b11',
      '0o7',
      '+5',
      '5.0',
      '',
      ' ',
      '-1',
      '0',
      '007',
      'Infinity',
      '12a',
    ]) {
      assert.throws(() => idSegment(bad), RangeError, `"${bad}"`);
    }
    for (const bad of [0, -3, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      assert.throws(() => idSegment(bad), RangeError, String(bad));
    }
  });
});
