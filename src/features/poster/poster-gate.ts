/**
 * Poster first (issue 20): on a slow link the poster is what a visitor sees for seconds, and what
 * Lighthouse times as the largest paint, so nothing heavy competes with it for the link. What comes
 * after it (`<room-panorama>`: the viewer's code and the six faces, megabytes; `<room-viewer>`:
 * three.js, 140 KB) is asked only once the poster loaded or failed, or after GUARD_MS at the latest
 * (a generous bound, so a poster that never answers cannot keep the element from starting).
 */
export const GUARD_MS = 8000;

export class PosterGate {
  #settled!: Promise<void>;
  #resolve!: () => void;

  constructor() {
    this.reset();
  }

  /** A new poster: wait for it anew. */
  reset(): void {
    this.#settled = new Promise((resolve) => (this.#resolve = resolve));
  }

  /**
   * The poster's image loaded or failed (its `load` / `error` listener): settles once it is painted,
   * the frame after (or 100 ms later where no frame comes, a tab in the background). What waits for the
   * poster then starts after the page's largest paint, not in the same moment: downloads started before
   * that paint are, for Lighthouse's simulation of a slow link, part of what the paint waited for.
   */
  readonly settle = (event?: Event): void => {
    const resolve = this.#resolve;
    // decoding="async": a loaded image may be painted frames later; decode() says when it can be
    const image = event?.target as HTMLImageElement | undefined;
    const decoded =
      event?.type === 'load' && typeof image?.decode === 'function' ? image.decode() : undefined;
    void (decoded ?? Promise.resolve())
      .catch(() => {})
      .then(afterPaint)
      .then(resolve);
  };

  /** Resolves once the current poster settled, or after GUARD_MS. */
  wait(): Promise<void> {
    return Promise.race([this.#settled, new Promise<void>((resolve) => setTimeout(resolve, GUARD_MS))]);
  }
}

/**
 * Resolves once the next frame is on screen: two animation frames (a frame's callbacks run before it
 * is painted, and its presentation comes later still), or after 200 ms where no frame comes.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }, 0),
      ),
    );
  });
}
