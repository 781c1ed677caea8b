/**
 * Helpers of the render worker's trims of three.js (scripts/worker-trims.ts): each trim finds three's
 * text as it expects it or fails the build, and keeps the file's line count, so the worker's source
 * map still points into three's own lines.
 */
export type Fail = (why: string) => never;

/** The one place `what` is in `code`: its index, or the build fails (absent, or there more than once). */
export function findOnce(code: string, what: string, fail: Fail, from = 0): number {
  const at = code.indexOf(what, from);
  if (at < 0 || code.indexOf(what, at + 1) >= 0)
    fail(`three.js's text changed (${JSON.stringify(what.slice(0, 60))} is not there exactly once)`);
  return at;
}

/** `code` with [start, end) replaced by `text`, padded with newlines to as many lines as it replaced. */
export function replaceKeepingLines(code: string, start: number, end: number, text: string): string {
  const lines = (s: string) => s.split('\n').length - 1;
  const lost = lines(code.slice(start, end)) - lines(text);
  if (lost < 0) throw new Error('worker trims: a replacement longer in lines than what it replaces');
  return code.slice(0, start) + text + '\n'.repeat(lost) + code.slice(end);
}
