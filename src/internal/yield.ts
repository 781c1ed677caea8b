/**
 * Gives the page's thread back between two slices of work (issue 20: while an element starts, no task
 * over 50 ms). scheduler.yield() where the browser has it (the rest of the work keeps its place ahead
 * of other tasks), else a MessageChannel message (a macrotask without setTimeout's 4 ms clamp).
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
