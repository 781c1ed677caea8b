/**
 * `<room-viewer>` feature: swap a piece for another product, in place (`replaceComponent()`), and the
 * swap control of a selected piece (`alternatives`, `part="swap"`). A mixin over RoomViewerBase.
 *
 * A swap is checked first (src/features/swap/fit.ts: walls, door swings, neighbours) and refused with a
 * reason before anything is touched, so a refused swap leaves the room pixel for pixel as it was. An
 * accepted one is drawn by the drawing on its thread (src/three/swap.ts, the old instance hidden, kept
 * for undo), then the model shown has the replacement in the piece's place: `products`, the cart, the
 * room's description and a linked `<room-plan>` follow from it.
 */
import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { Constructor } from '../../../internal/mixin.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { Replacement } from '../../../features/swap/replacement.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { ViewerParts } from '../hooks.js';
import { LazyPart } from './lazy-part.js';
import type { SwapHost, SwapPart } from './swap-part.js';

/**
 * The fit check, the swap control and what the viewer keeps of the swaps (swap-part.ts): loaded with
 * `alternatives` or the first swap (a `replace` change replayed waits for it).
 */
const loadPart = lazyModule(() => import('./swap-part.js'));

export type { Replacement } from '../../../features/swap/replacement.js';
export { SwapRefused, type SwapReason } from '../../../features/swap/swap-refused.js';

/** What the mixin adds (documented on the class below). */
export interface ViewerSwapProperties {
  alternatives?: Record<string, Replacement[]>;
  replaceComponent(pieceId: string, replacement: Replacement | null): Promise<void>;
  readonly replaced: Readonly<Record<string, Replacement>>;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerSwap<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerSwapProperties> {
  /**
   * @csspart swap - With `alternatives`: the swap control over the one selected piece whose product has candidates.
   * @csspart swap-select - The swap control's list of candidates (their `name`, shown as text).
   * @csspart swap-button - The swap control's button: swaps the piece for the candidate chosen (source `user`).
   * @csspart swap-status - What the last swap from the control did, or why it was refused (a live region).
   */
  abstract class WithSwap extends Base {
    /**
     * The products a piece may be swapped for, by product: `{ [componentId]: Replacement[] }`, each
     * `{ componentId?, productId?, name?, size: { width, depth, height } (cm), model?, category?, price? }`.
     * With a single piece selected whose product (its `componentId`, its replacement's `productId`, or
     * the product it showed first) is listed, a swap control (`part="swap"`) lists the candidates
     * (`part="swap-select"`) with a button (`part="swap-button"`) that swaps the piece for the one chosen.
     */
    @property({ attribute: false }) alternatives?: Record<string, Replacement[]>;

    /** The working part, made for this element when it arrives. */
    #part = new LazyPart<SwapPart, SwapHost>(
      this,
      {
        element: this,
        language: this.language,
        context: () => this.viewContext,
        selected: () => (this as { selected?: string[] }).selected,
        furnitureHidden: () => this.furnitureHidden(),
        edited: () => this.roomEdited(),
      },
      loadPart,
    );

    /** The replacement each swapped piece shows, by piece id (a copy; empty when nothing is swapped). */
    get replaced(): Readonly<Record<string, Replacement>> {
      // a piece is swapped only through the part: none is before it arrived
      return this.#part.value?.replaced() ?? {};
    }

    protected override partsIn(parts: ViewerParts): void {
      super.partsIn(parts);
      // the `replace` kind of the change log (features/changes.ts, made with the viewer's parts): undo, redo
      // and replay come with it; a change replayed before the part arrived is checked as it is applied
      parts.changeLogOf(this)?.register('replace', {
        validate: (target, value) => this.#part.value?.validate(target, value),
        current: (target) => this.#part.value?.current(target) ?? null,
        apply: async (target, value) => (await this.#part.get()).apply(target, value),
      });
    }

    /**
     * Swaps the piece `pieceId` for `replacement`, in place: its back edge's centre where the piece's
     * was, the same facing, standing where it stood (docs/room-viewer.md, "Swap a piece"); `null` puts
     * the piece back as the model has it. Through the change log: `room-change` (kind `replace`, source
     * `api`), `undo()` / `redo()`. Refused, with `room-change-error` and the room as it was, when the
     * replacement would cross a wall (`collision`), block a door's swing (`door`) or overlap a neighbour
     * by more than 1 cm (`overlap`), or is no replacement (no size) or names no piece (`invalid`).
     * Called before `model-load`, it waits for the room (held in order with the viewer's other calls).
     * @returns {Promise<void>} Resolves once the replacement is drawn (its mesh may follow); rejects with a `SwapRefused` (`reason`, `message`).
     */
    async replaceComponent(pieceId: string, replacement: Replacement | null): Promise<void> {
      // before model-load: held until the viewer's parts (the change log) and the room are in, in order
      if (!this.parts) await new Promise<void>((resolve) => this.whenPartsIn(resolve));
      // the fit check first, so the change log checks the swap before it is queued
      return (await this.#part.get()).make(pieceId, replacement, 'api');
    }

    protected override viewReady(context: ViewerContext): void {
      // a room loaded anew is the model's own: nothing of the last one's swaps holds
      this.#part.value?.viewReady(context);
      super.viewReady(context);
    }

    protected override viewGone(): void {
      this.#part.value?.viewGone();
      super.viewGone();
    }

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      // another piece selected (the selection feature's property, under this one)
      if ((changed as Map<PropertyKey, unknown>).has('selected')) this.#part.value?.unsay();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      // the control's code comes with the page's candidates
      if (this.alternatives) this.#part.start();
      this.#part.value?.follow(this.alternatives);
    }

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      this.#part.value?.place(frame);
    }

    protected override renderFeatures(): unknown[] {
      return [...super.renderFeatures(), this.#part.value?.render(this.alternatives) ?? nothing];
    }
  }
  return WithSwap;
}
