/** Peak resident memory of this process, sampled every 50 ms, answered over IPC (`peak-rss`). */
let peak = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 50);
sampler.unref();
process.on('message', (message: { question?: string }) => {
  if (message?.question === 'peak-rss') {
    peak = Math.max(peak, process.memoryUsage.rss());
    process.send?.({ answer: 'peak-rss', value: peak });
  }
  // a new phase of the run: its own peak from now on
  if (message?.question === 'reset-peak') {
    peak = process.memoryUsage.rss();
    process.send?.({ answer: 'reset-peak', value: peak });
  }
});
// the parent went away: so do we
process.on('disconnect', () => process.exit(0));
// SIGTERM ends the process normally, so a --cpu-prof profile is written
process.on('SIGTERM', () => process.exit(0));
