/**
 * A feature's code that loads after the element is defined (CONTRIBUTING.md, "A feature's code loads
 * lazily"): the mixin keeps what defines the element's contract (its properties and attributes, its
 * public methods' signatures, its parts, with their JSDoc), and its working part is a module fetched
 * with `import()` when the feature is first used, so a page that uses none of it never downloads it
 * and the viewer's first frame never waits for it. One per element and feature: loaded once (the chunk
 * once per page, lazyModule's retry policy), its styles then added to the element's shadow root, and
 * the element rendered again so what the part draws shows.
 */
import type { CSSResult, ReactiveElement } from 'lit';
import { addStyles } from '../../../internal/add-styles.js';

/** What a lazily loaded part offers its mixin: made for one element, with the styles it draws with. */
export interface PartModule<T, H> {
  make(host: H): T;
  styles?: CSSResult | readonly CSSResult[];
}

export class LazyPart<T, H> {
  #value?: T;
  #pending?: Promise<T>;

  constructor(
    private readonly element: ReactiveElement,
    private readonly host: H,
    private readonly load: () => Promise<PartModule<T, H>>,
  ) {}

  /** The part, once it arrived (undefined before: the mixin then does what the contract says of "not yet"). */
  get value(): T | undefined {
    return this.#value;
  }

  /** The part, fetched on the first call; a failed fetch is not kept, so the next use tries again. */
  get(): Promise<T> {
    this.#pending ??= this.load().then(
      (module) => {
        for (const styles of [module.styles ?? []].flat()) addStyles(this.element, styles);
        this.#value = module.make(this.host);
        this.element.requestUpdate();
        return this.#value;
      },
      (error: unknown) => {
        this.#pending = undefined;
        throw error;
      },
    );
    return this.#pending;
  }

  /** Starts the fetch without waiting (a part that must act without a call); a failure waits for the next use. */
  start(): void {
    this.get().catch(() => {});
  }
}

/**
 * Runs `work` after a viewer's first frame was painted (issue 33: the part of a feature that acts
 * without a call, the room's description, the walk, loads then, never before the first frame): three
 * animation frames on (the frame with the room, and the page's own work after it), then when the page
 * is idle; at the latest after `timeout` ms (a hidden page draws no frames).
 */
export function afterFirstFrame(work: () => void, timeout = 1500): void {
  // dropped once it ran: the callbacks still pending (the fallback timer, an idle callback) would
  // otherwise hold the element through `work` up to `timeout` after it was removed (the leak test's
  // pair on a busy machine)
  let job: (() => void) | undefined = work;
  const run = () => {
    const now = job;
    job = undefined;
    now?.();
  };
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: 500 })
      : setTimeout(run, 0);
  let frames = 3;
  const next = () => (--frames > 0 ? requestAnimationFrame(next) : idle());
  requestAnimationFrame(next);
  setTimeout(run, timeout);
}
