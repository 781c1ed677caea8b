/**
 * How the planning service reads small values: integers and booleans come as JSON values or as
 * strings ("800", "true", "1"), because form fields carry only strings.
 */

export function asInteger(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^-?\d{1,12}$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

export function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && /^-?(\d+\.?\d*|\.\d+)$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

export function asBoolean(v: unknown): boolean | undefined {
  if (v === true || v === 'true' || v === 1 || v === '1') return true;
  if (v === false || v === 'false' || v === 0 || v === '0') return false;
  return undefined;
}
