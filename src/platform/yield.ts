/**
 * Task boundaries: ways to give the thread back between two slices of work. Every layer (the model,
 * three.js, the panorama, the elements, the render worker) imports these from here rather than
 * writing its own (issue 33: three to four copies before).
 */

/**
 * Gives the page's thread back between two slices of work (issue 20: while an element starts, no task
 * over 50 ms). scheduler.yield() where the browser has it (the rest of the work keeps its place ahead
 * of other tasks), else a MessageChannel message (a macrotask without setTimeout's 4 ms clamp).
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return nextMessage();
}

/** A task boundary without setTimeout's 4 ms clamp (a MessageChannel message). */
export function nextMessage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * A later task by a plain timer: unlike scheduler.yield(), the page's own tasks (input first) go ahead
 * of what follows. In a worker, the messages waiting (input, a resize, a dispose) come in first.
 */
export function nextTask(): Promise<void> {
  return delay(0);
}

/** Resolves after `ms` milliseconds (a timer task). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves after `n` animation frames (the frame before them painted: what follows comes after it). */
export function animationFrames(n = 1): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left <= 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(n);
  });
}
