/**
 * This process's memory, sampled every 50 ms, answered over IPC: `peak-memory` (the peaks since the
 * last `reset-peak`: resident set, V8 heap used and reserved, memory outside the heap that V8 knows
 * of), `memory-now` (the same figures now) and `reset-peak` (a new phase: its own peaks from now on).
 */
export interface MemoryFigures {
  /** Resident set size: what the machine gives the process. */
  rss: number;
  /** V8 heap in use (live objects and garbage not yet collected). */
  heapUsed: number;
  /** V8 heap reserved (what --max-old-space-size and --max-semi-space-size bound). */
  heapTotal: number;
  /** Memory outside the V8 heap held by JS objects: Buffers, ArrayBuffers, strings of native code. */
  external: number;
}

const now = (): MemoryFigures => {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external };
};

let peak = now();
const sample = () => {
  const current = now();
  for (const key of Object.keys(peak) as (keyof MemoryFigures)[])
    peak[key] = Math.max(peak[key], current[key]);
};
const sampler = setInterval(sample, 50);
sampler.unref();
process.on('message', (message: { question?: string }) => {
  if (message?.question === 'peak-memory') {
    sample();
    process.send?.({ answer: 'peak-memory', value: peak });
  }
  if (message?.question === 'memory-now') process.send?.({ answer: 'memory-now', value: now() });
  // a new phase of the run: its own peaks from now on
  if (message?.question === 'reset-peak') {
    peak = now();
    process.send?.({ answer: 'reset-peak', value: peak });
  }
});
// the parent went away: so do we
process.on('disconnect', () => process.exit(0));
// SIGTERM ends the process normally, so a --cpu-prof profile is written
process.on('SIGTERM', () => process.exit(0));
