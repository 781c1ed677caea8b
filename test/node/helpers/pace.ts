/**
 * Time guards that hold on a busy machine (issue 35: `npm test` beside two CPU hogs, or beside the other
 * test runner). A guard passes under its quiet bound; over it, the same kind of work, smaller, is timed
 * right then (a baseline in the same test, beside whatever else runs) and the guarded work must stay within
 * `ratio` times that. A machine at load 20 slows both alike; work of the wrong order (quadratic instead of
 * linear, a freeze) stays caught, since the ratio is set below what that order would give.
 */
import assert from 'node:assert/strict';

/** The median of three timings of `work`, in ms. */
export function medianMs(work: () => void): number {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    work();
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

/**
 * Asserts `ms` is under `quietBound`, or, over it, under `ratio` times `baseline()`'s median timed now
 * (the message says both figures).
 */
export function assertPaced(
  ms: number,
  {
    quietBound,
    baseline,
    ratio,
    what,
  }: { quietBound: number; baseline: () => void; ratio: number; what: string },
): void {
  if (ms < quietBound) return;
  const base = medianMs(baseline);
  assert.ok(
    ms < ratio * base,
    `${what} took ${Math.round(ms)} ms: over ${quietBound} ms, and over ${ratio} times the baseline timed now (${Math.round(base)} ms)`,
  );
}
