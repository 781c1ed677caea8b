/** Test helpers shared by the browser tests (in the manner of model-viewer's test/helpers.ts). */

/** Resolves with the next `name` event on `target` (rejects after `timeout` ms). */
export function waitForEvent<T = unknown>(
  target: EventTarget,
  name: string,
  timeout = 15000,
): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      target.removeEventListener(name, on);
      reject(new Error(`no ${name} event within ${timeout} ms`));
    }, timeout);
    const on = (event: Event) => {
      clearTimeout(timer);
      resolve(event as CustomEvent<T>);
    };
    target.addEventListener(name, on, { once: true });
  });
}

/** Waits `n` animation frames. */
export async function rafPasses(n = 2): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(() => r(undefined)));
}

/** Polls `check` until it returns a truthy value (rejects after `timeout` ms). */
export async function until<T>(check: () => T | Promise<T>, timeout = 10000, what = 'condition'): Promise<T> {
  const end = performance.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A fresh container in the document, removed by `cleanup()`. */
export function fixtureContainer(): HTMLElement {
  const div = document.createElement('div');
  div.className = 'test-fixture';
  document.body.append(div);
  return div;
}

export function cleanup(): void {
  for (const el of document.querySelectorAll('.test-fixture')) el.remove();
}
