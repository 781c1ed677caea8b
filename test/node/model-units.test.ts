import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatArea, formatLength } from '../../src/model/index.ts';

/** What Intl writes for `value` with exactly `digits` decimals. */
const intl = (locale: string, digits: number, value: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );

// numbers a room gives and the awkward ones: halves, negative zeros, thousands, binary fractions
const values = [
  0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.005, 0.015, 1.005, 1.125, 9.995, 99.995, 999.5, 1000, 1234.5,
  -1234.567, 12345.678, 999999.999, 1e6, 123456789.25, -0.001, -0.004, 0.049, 0.05, 0.95, 1e20, 1e21, 3e25,
  1.5e-7, 5e-10, -5e-7, 0.0049999, 0.0051,
];
for (let i = 0; i < 2000; i++) values.push((Math.random() - 0.3) * 10 ** (Math.random() * 9));

describe('units: plain English without Intl (issue 20: no 70 ms number-data load at start)', () => {
  for (const locale of ['en', 'en-US', 'en-GB', 'EN-au']) {
    it(`formatLength and formatArea write ${locale} exactly as Intl does`, () => {
      for (const value of values) {
        // formatLength shows metres with 2 decimals of cm / 100, formatArea m² with 1 of cm² / 10 000
        assert.equal(
          formatLength(value * 100, 'metric', locale),
          `${intl(locale, 2, (value * 100) / 100)} m`,
          `length ${value}`,
        );
        assert.equal(
          formatArea(value * 10_000, 'metric', locale),
          `${intl(locale, 1, (value * 10_000) / 10_000)} m²`,
          `area ${value}`,
        );
        assert.equal(
          formatArea(value * 929.0304, 'imperial', locale),
          `${intl(locale, 0, (value * 929.0304) / (30.48 * 30.48))} ft²`,
          `square feet ${value}`,
        );
      }
    });
  }

  it('other English locales and other languages still go to Intl', () => {
    assert.equal(formatLength(123456789, 'metric', 'en-IN'), `${intl('en-IN', 2, 1234567.89)} m`);
    assert.equal(formatLength(123456789, 'metric', 'en-IN'), '12,34,567.89 m');
    assert.equal(formatLength(123456, 'metric', 'de'), '1.234,56 m');
    assert.equal(formatArea(12_340_000, 'metric', 'fr'), `${intl('fr', 1, 1234)} m²`);
  });
});
