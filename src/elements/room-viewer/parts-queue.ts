/**
 * `<room-viewer>`'s working code that comes after its first frame (after-frame.ts, "the parts") and the
 * calls that wait for it (issue 33): until the first `model-load` a call that needs the parts is held, and
 * the held calls run in the order they were made, right before `model-load`; later calls run at once.
 * The core (base.ts) says when the room is drawn, shown or failed; this holds what follows from it.
 */
import type { ReactiveElement } from 'lit';
import { lazyModule } from '../../internal/lazy-module.js';
import { addStyles } from '../../internal/add-styles.js';
import { animationFrames } from '../../platform/yield.js';
import type { ViewerParts } from './hooks.js';

/**
 * The features' working code (after-frame.ts): fetched right after a viewer's first frame, or with the
 * room when what the page set changes that frame (`partsBeforeFrame`); once per page.
 */
const loadParts = lazyModule(() => import('./after-frame.js'));
/** Each viewer's parts once in (for the mixins written over another host: the cart, room-viewer.ts). */
const partsOfViewer = new WeakMap<object, ViewerParts>();
export const partsOf = (viewer: object): ViewerParts | undefined => partsOfViewer.get(viewer);

export class PartsQueue {
  /** The parts, once this element took them in; undefined before. */
  parts?: ViewerParts;
  /** Calls made before the first `model-load`, in order; undefined once they ran. */
  #held?: (() => void)[] = [];

  constructor(
    private readonly host: ReactiveElement,
    private readonly hooks: {
      /** Each feature makes what works with the parts (the element's `partsIn` hook). */
      taken(parts: ViewerParts): void;
      /** After the features' render with the parts, their larger renders (`partsRendered`): then model-load. */
      rendered(): Promise<void>;
    },
  ) {}

  /** Runs `call` now once the held calls ran (true), else holds it (false). */
  when(call: () => void): boolean {
    if (!this.#held) {
      call();
      return true;
    }
    this.#held.push(call);
    return false;
  }

  /**
   * The parts asked for with the room, before its first frame, when `early()` says the page set what
   * changes that frame (and they are not in yet); undefined otherwise. A failed fetch resolves undefined.
   */
  early(early: () => boolean): Promise<ViewerParts | undefined> | undefined {
    return !this.parts && early() ? loadParts().catch(() => undefined) : undefined;
  }

  /** The parts arrived: each feature makes what works with them, once per element. */
  take(parts: ViewerParts): void {
    if (this.parts) return;
    this.parts = parts;
    partsOfViewer.set(this.host, parts);
    for (const styles of parts.partStyles) addStyles(this.host, styles);
    this.hooks.taken(parts);
    this.host.requestUpdate();
  }

  /**
   * The room's first frame is on screen: the parts (asked for once that frame painted, never before it)
   * are taken in, what was held runs, the features render the room with them, then `loaded` (model-load);
   * nothing more once the room is no longer `shown`.
   */
  async afterFrame(shown: () => boolean, loaded: () => void): Promise<void> {
    if (!this.parts) {
      await animationFrames();
      // a failed fetch (after lazyModule's retry) still lets model-load say the room is shown; what
      // was held waits for the parts of a next load (reload())
      const parts = await loadParts().catch(() => undefined);
      if (!shown()) return;
      if (parts) this.take(parts);
    }
    if (!shown()) return;
    if (this.parts) this.#runHeld();
    await this.host.updateComplete;
    await this.hooks.rendered();
    if (!shown()) return;
    loaded();
  }

  /** The room cannot be shown: what was held answers as without a room (a change refused `not-ready`…), not never. */
  failed(): void {
    if (this.#held?.length)
      void loadParts().then(
        (parts) => {
          this.take(parts);
          this.#runHeld();
        },
        () => undefined,
      );
  }

  /** What was held runs, in order; later calls run at once. */
  #runHeld(): void {
    const held = this.#held;
    this.#held = undefined;
    for (const call of held ?? []) call();
  }
}
