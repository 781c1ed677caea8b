/**
 * The one rule for events that follow a moving view (`view-change` of the panorama, `camera-change`
 * of the viewer): at most one every EVENT_INTERVAL ms, the first at once, and the last change always
 * goes out (trailing edge) with the latest value, so a page that follows the event ends where the
 * view ended.
 */

/** How often, at most, a moving view is announced (ms). */
export const EVENT_INTERVAL = 100;

export class TrailingThrottle<T> {
  #last = Number.NEGATIVE_INFINITY;
  #timer?: ReturnType<typeof setTimeout>;
  #latest?: { value: T };

  constructor(
    private readonly fire: (value: T) => void,
    private readonly interval = EVENT_INTERVAL,
  ) {}

  /** A new value: announced now if the interval has passed, else once it has (the latest value then). */
  push(value: T): void {
    this.#latest = { value };
    const wait = this.#last + this.interval - performance.now();
    if (wait <= 0) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), wait);
  }

  /** Nothing pending goes out (the view is gone). */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#latest = undefined;
  }

  #flush(): void {
    const latest = this.#latest;
    this.cancel();
    if (!latest) return;
    this.#last = performance.now();
    this.fire(latest.value);
  }
}
