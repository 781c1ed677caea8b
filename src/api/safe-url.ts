/**
 * Only http(s) URLs become links or image sources; anything else (javascript:, data:, garbage)
 * gives undefined so the caller renders no link and a CSS placeholder.
 */
export function safeHttpUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const fallbackBase = typeof location !== 'undefined' ? location.href : undefined;
    const url = new URL(value.trim(), base ?? fallbackBase);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
