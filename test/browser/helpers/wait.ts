/** Test helpers shared by the browser tests (in the manner of model-viewer's test/helpers.ts). */

/**
 * How long a wait for an element's own event may take by default: a bound against a hang, not a speed goal.
 * `npm test` runs the browser tests beside the node tests and other builds (load 20-28 measured), where a
 * gallery's page or a panorama took more than the 15-20 s this once was; mocha's own limit is 90 s.
 */
export const EVENT_TIMEOUT = 45000;

/** Resolves with the next `name` event on `target` (rejects after `timeout` ms). */
export function waitForEvent<T = unknown>(
  target: EventTarget,
  name: string,
  timeout = EVENT_TIMEOUT,
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

/**
 * Resolves at `el`'s next model-load; rejects, with the error's message, at a fatal model-error first
 * (one with `fatal: false`, a texture that failed, is not the end of loading).
 */
export function modelLoaded(el: EventTarget, timeout = EVENT_TIMEOUT): Promise<CustomEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(new Error(`no model-load event within ${timeout} ms`)), timeout);
    const onLoad = (event: Event) => settle(undefined, event as CustomEvent);
    const onError = (event: Event) => {
      const { error, fatal } = (event as CustomEvent<{ error: Error; fatal?: boolean }>).detail;
      if (fatal !== false) settle(new Error(`model-error: ${error.message}`));
    };
    function settle(error?: Error, event?: CustomEvent) {
      clearTimeout(timer);
      el.removeEventListener('model-load', onLoad);
      el.removeEventListener('model-error', onError);
      if (error) reject(error);
      else resolve(event!);
    }
    el.addEventListener('model-load', onLoad);
    el.addEventListener('model-error', onError);
  });
}

/**
 * A `<room-viewer>` whose room is on screen: once the parts it loads right after its first frame are in
 * too (issue 33: the room description, the measure toggle), as a visitor finds them a moment after
 * the room. Anything else, or a viewer that left `loaded`, at once.
 */
export async function viewerPartsIn(el: Element, timeout = 10000): Promise<void> {
  if (el.localName !== 'room-viewer') return;
  const root = el.shadowRoot;
  await until(
    () =>
      el.getAttribute('state') !== 'loaded' ||
      (!!root?.querySelector('[part="description"]') && !!root.querySelector('[part~="measure-button"]')),
    timeout,
    "the viewer's parts after its first frame",
  );
}

/**
 * Puts `el` in a fresh fixture container (unless it is in the page) and resolves with it at its
 * model-load (a viewer: with the parts that come right after it, viewerPartsIn).
 */
export async function mountLoaded<T extends HTMLElement>(el: T, timeout = EVENT_TIMEOUT): Promise<T> {
  const loaded = modelLoaded(el, timeout);
  if (!el.isConnected) fixtureContainer().append(el);
  await loaded;
  await viewerPartsIn(el);
  return el;
}

/**
 * Watches animation frames until `stop()`: how many came (`frames()`, live) and the longest gap
 * between two, which says how long the page was frozen.
 */
export function frameWatch() {
  let last = performance.now();
  let longest = 0;
  let frames = 0;
  let running = true;
  const tick = (now: number) => {
    longest = Math.max(longest, now - last);
    last = now;
    frames++;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    frames: () => frames,
    stop() {
      running = false;
      longest = Math.max(longest, performance.now() - last);
      return { longest: Math.round(longest), frames };
    },
  };
}

/** Runs `work`, then waits until animation frames keep coming after it: the page did not freeze. */
export async function framesKeepComing<T>(work: () => Promise<T>, timeout = 5000): Promise<T> {
  const watch = frameWatch();
  try {
    const result = await work();
    const before = watch.frames();
    await until(() => watch.frames() > before + 3, timeout, 'animation frames keep coming');
    return result;
  } finally {
    watch.stop();
  }
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

/**
 * Resolves once `el` stands still: the same box two polls running, a couple of frames apart (a slide
 * or a resize has finished). Rejects after `timeout` ms.
 */
export async function standsStill(
  el: Element,
  timeout = 5000,
  what = 'the element to stand still',
): Promise<void> {
  let last = '';
  await until(
    async () => {
      await rafPasses(2);
      const { x, y, width, height } = el.getBoundingClientRect();
      const box = `${x} ${y} ${width} ${height}`;
      const same = box === last;
      last = box;
      return same;
    },
    timeout,
    what,
  );
}
