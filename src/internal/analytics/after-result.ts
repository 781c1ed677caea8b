/**
 * When analytics' code may come after an element's first result: a second later (what a `view` waits for
 * anyway; the page's own work around its first paint comes first, on a slow phone too), then an idle
 * moment (2 s at most). Returns the timer, for a wait its element cancels when it leaves.
 */
export const afterResult = (run: () => void): ReturnType<typeof setTimeout> =>
  setTimeout(() => {
    const idle = globalThis.requestIdleCallback ?? ((go: () => void, _options?: unknown) => go());
    idle(run, { timeout: 2000 });
  }, 1000);
