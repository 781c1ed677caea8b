/** Peak resident memory of this process, sampled every 50 ms, answered over IPC (`peak-rss`). */
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
sampler.unref();
process.on('message', (message: { question?: string }) => {
  if (message?.question === 'peak-rss') {
    peak = Math.max(peak, process.memoryUsage().rss);
    process.send?.({ answer: 'peak-rss', value: peak });
  }
});
// the parent went away: so do we
process.on('disconnect', () => process.exit(0));
