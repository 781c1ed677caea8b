/**
 * Units for showing plan figures: the model is in centimetres; people read metres and square
 * metres, or feet and square feet.
 */
import { PLAIN_ENGLISH } from './plain-english.js';

export type Units = 'metric' | 'imperial';

export const CM_PER_FOOT = 30.48;
export const CM_PER_INCH = 2.54;
export const CM2_PER_M2 = 10_000;
export const CM2_PER_FT2 = CM_PER_FOOT * CM_PER_FOOT;

/** `imperial` for "imperial" (any case), else `metric`. */
export function parseUnits(value: unknown): Units {
  return typeof value === 'string' && value.trim().toLowerCase() === 'imperial' ? 'imperial' : 'metric';
}

/** What formatArea() and formatLength() need of a number format. */
interface NumberFormatter {
  format(value: number): string;
}

/*
 * English as `Intl.NumberFormat('en', …)` writes it ("1,234.50"), made without Intl: the first
 * Intl.NumberFormat of a page loads the number data, 70 ms in one task on a mid-range phone (issue 20:
 * no start-up task over 50 ms), and English is the built-in language. Only the locales that group by
 * thousands with "," and write "." for the decimal point (PLAIN_ENGLISH, ./plain-english.ts): en-IN
 * groups by lakhs, en-ZA writes "1 234,5", and every other locale goes to Intl. test/node/units.test.ts
 * holds it to Intl's output.
 */

/**
 * `abs` (≥ 0, finite) with exactly `digits` decimals, rounded as Intl rounds: half away from zero on
 * the number's shortest decimal form (String(0.015) is "0.015", which Intl writes "0.02" where
 * toFixed, working on the binary value 0.01499…, writes "0.01").
 */
function fixedDigits(abs: number, digits: number): { whole: string; fraction: string } {
  const [, int = '0', frac = '', exp = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(abs)) ?? [];
  let all = int + frac;
  // where the decimal point falls in `all`
  let point = int.length + Number(exp);
  if (point < 0) {
    all = '0'.repeat(-point) + all;
    point = 0;
  }
  const keep = point + digits;
  let kept = BigInt(all.slice(0, keep).padEnd(keep, '0') || '0');
  if ((all[keep] ?? '0') >= '5') kept += 1n;
  const text = kept.toString().padStart(digits + 1, '0');
  return { whole: text.slice(0, text.length - digits), fraction: text.slice(text.length - digits) };
}

function englishFormat(digits: number): NumberFormatter {
  return {
    format(value: number): string {
      if (!Number.isFinite(value)) return String(value);
      const { whole, fraction } = fixedDigits(Math.abs(value), digits);
      // Intl keeps the sign of a negative number that rounds to zero ("-0.00"), and of -0
      const negative = value < 0 || Object.is(value, -0);
      return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${digits ? '.' : ''}${fraction}`;
    },
  };
}

/**
 * Made once per locale and precision: an Intl.NumberFormat costs far more to make than to use (a
 * plan's labels made one each, and that was a third of the viewer's scene build on a slow phone).
 * A handful of locales at most on a page; the map is cleared past 32 all the same.
 */
const formats = new Map<string, NumberFormatter>();

function numberFormat(locale: string | undefined, digits: number): NumberFormatter {
  const key = `${locale ?? ''}\n${digits}`;
  let format = formats.get(key);
  if (!format) {
    const options = { maximumFractionDigits: digits, minimumFractionDigits: digits };
    if (locale !== undefined && PLAIN_ENGLISH.test(locale)) format = englishFormat(digits);
    else {
      try {
        format = new Intl.NumberFormat(locale, options);
      } catch {
        format = new Intl.NumberFormat('en', options);
      }
    }
    if (formats.size >= 32) formats.clear();
    formats.set(key, format);
  }
  return format;
}

/**
 * Makes the number formats of `locale` ahead, while the page waits for the network: the first
 * Intl.NumberFormat of a page loads the number data (about 14 ms on a laptop, four times that on a
 * mid-range phone), and a viewer otherwise paid it in the task that first described its room. Plain
 * English needs no Intl (englishFormat), so nothing is made for it. An element calls the one of
 * ./warm-formats.ts, which fetches this module only for a locale that needs Intl.
 */
export function warmNumberFormats(locale?: string): void {
  for (const digits of [0, 1, 2]) numberFormat(locale, digits);
}

/** A floor area given in cm²: "12.3 m²" (one decimal) or "132 ft²" (whole square feet). */
export function formatArea(cm2: number, units: Units = 'metric', locale?: string): string {
  if (!Number.isFinite(cm2)) return '';
  if (units === 'imperial') return `${numberFormat(locale, 0).format(cm2 / CM2_PER_FT2)} ft²`;
  return `${numberFormat(locale, 1).format(cm2 / CM2_PER_M2)} m²`;
}

/** A length given in cm: "11.79 m" or 38′ 8″ (feet and whole inches). */
export function formatLength(cm: number, units: Units = 'metric', locale?: string): string {
  if (!Number.isFinite(cm)) return '';
  if (units === 'imperial') {
    let inches = Math.round(Math.abs(cm) / CM_PER_INCH);
    const feet = Math.floor(inches / 12);
    inches -= feet * 12;
    return `${cm < 0 ? '−' : ''}${feet}′ ${inches}″`;
  }
  return `${numberFormat(locale, 2).format(cm / 100)} m`;
}

/** The number of square metres or square feet in `cm2`. */
export function convertArea(cm2: number, units: Units): number {
  return cm2 / (units === 'imperial' ? CM2_PER_FT2 : CM2_PER_M2);
}
