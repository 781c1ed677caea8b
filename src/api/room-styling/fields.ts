/**
 * Lenient readers of single response fields, as plain functions: each returns the field's value, or
 * undefined when it is not valid. They do what validate.ts's valibot pieces (lenientNumber,
 * lenientInteger, lenientBoolean) and `v.union([v.string(), v.number()])` do, for the schemas every
 * room list goes through (room-schema.ts, search-meta.ts), which keep valibot for the envelope only.
 */

export type Fields = Record<string, unknown>;

/** A JSON object, not an array or null. */
export const isRecord = (x: unknown): x is Fields => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A finite number, also sent as a numeric string ("99", " 12 "). */
export const number = (x: unknown): number | undefined => {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() ? Number(x.trim()) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** An integer, also sent as a string. */
export const integer = (x: unknown): number | undefined => {
  const n = number(x);
  return Number.isInteger(n) ? n : undefined;
};

/** true/false, also "true"/"false", "1"/"0", 1/0. */
export const boolean = (x: unknown): boolean | undefined =>
  x === true || x === 'true' || x === '1' || x === 1
    ? true
    : x === false || x === 'false' || x === '0' || x === 0
      ? false
      : undefined;

export const string = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

/** Text: a string, or a number written out (a name of 42 is "42"). */
export const text = (x: unknown): string | undefined =>
  typeof x === 'number' && !Number.isNaN(x) ? String(x) : string(x);

/** An optional, nullable member: undefined and null stay what they are, anything invalid is null. */
export const nullable = <T>(read: (x: unknown) => T | undefined, x: unknown): T | null | undefined =>
  x === undefined || x === null ? x : (read(x) ?? null);
