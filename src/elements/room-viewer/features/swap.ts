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
import type { PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Constructor } from '../../../internal/mixin.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { ModelComponent, RoomModel } from '../../../model/types.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { Replacement } from '../../../features/swap/replacement.js';
import { SwapRefused, type SwapReason } from '../../../features/swap/swap-refused.js';
import { changeLogOf } from '../../../features/changes/changes-host.js';
import { ChangeRefused, type ChangeFailure } from '../../../features/changes/change-log.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import { LazyPart } from './lazy-part.js';
import type { SwapHost, SwapPart } from './swap-part.js';

/** The fit check and the swap control (swap-part.ts): loaded with `alternatives` or the first swap. */
const loadPart = lazyModule(() => import('./swap-part.js'));

export type { Replacement } from '../../../features/swap/replacement.js';
export { SwapRefused, type SwapReason } from '../../../features/swap/swap-refused.js';

/** What the mixin adds (documented on the class below). */
export interface ViewerSwapProperties {
  alternatives?: Record<string, Replacement[]>;
  replaceComponent(pieceId: string, replacement: Replacement | null): Promise<void>;
  readonly replaced: Readonly<Record<string, Replacement>>;
}

/** At most this many candidates listed per product (a page's list is its own; the control stays usable). */
const MAX_CANDIDATES = 50;

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

    /** The model as loaded, before any swap: a piece's anchor and what undo puts back. */
    #original?: RoomModel;
    /** The replacement each swapped piece shows now. */
    readonly #replaced = new Map<string, Replacement>();
    @state() private _swapStatus?: { text: string; refused: boolean };
    #anchorShown?: string;
    /** The working part, made for this element when it arrives. */
    #part = new LazyPart<SwapPart, SwapHost>(
      this,
      {
        language: this.language,
        make: (pieceId, replacement, source) => this.#make(pieceId, replacement, source),
        said: (status) => (this._swapStatus = status),
      },
      loadPart,
    );

    /** The replacement each swapped piece shows, by piece id (a copy; empty when nothing is swapped). */
    get replaced(): Readonly<Record<string, Replacement>> {
      // a piece is swapped only through the part: none is before it arrived
      const part = this.#part.value;
      return part ? Object.fromEntries([...this.#replaced].map(([id, r]) => [id, part.copy(r)])) : {};
    }

    // a mixin's constructor takes any arguments (TypeScript's rule for mixins)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      // the `replace` kind of the change log (features/changes.ts): undo, redo and replay come with it
      changeLogOf(this)?.register('replace', {
        // checked by the part: without it yet (a change replayed before it arrived), apply() checks
        validate: (target, value) => {
          const part = this.#part.value;
          if (!part) return undefined;
          try {
            part.check(this.viewContext, this.#original, target, value);
          } catch (error) {
            if (error instanceof SwapRefused) return new ChangeRefused(error.reason, error.message);
            throw error;
          }
          return undefined;
        },
        current: (target) => this.#replaced.get(target) ?? null,
        apply: async (target, value) => {
          try {
            await this.#apply(target, value as Replacement | null);
          } catch (error) {
            if (error instanceof SwapRefused) throw new ChangeRefused(error.reason, error.message);
            throw error;
          }
        },
      });
    }

    /**
     * Swaps the piece `pieceId` for `replacement`, in place: its back edge's centre where the piece's
     * was, the same facing, standing where it stood (docs/room-viewer.md, "Swap a piece"); `null` puts
     * the piece back as the model has it. Through the change log: `room-change` (kind `replace`, source
     * `api`), `undo()` / `redo()`. Refused, with `room-change-error` and the room as it was, when the
     * replacement would cross a wall (`collision`), block a door's swing (`door`) or overlap a neighbour
     * by more than 1 cm (`overlap`), or is no replacement (no size) or names no piece (`invalid`).
     * @returns {Promise<void>} Resolves once the replacement is drawn (its mesh may follow); rejects with a `SwapRefused` (`reason`, `message`).
     */
    replaceComponent(pieceId: string, replacement: Replacement | null): Promise<void> {
      return this.#make(pieceId, replacement, 'api');
    }

    /** Makes a swap through the change log; rejects with the reason it was refused. */
    async #make(pieceId: string, replacement: Replacement | null, source: 'api' | 'user'): Promise<void> {
      const log = changeLogOf(this);
      if (!log) throw new SwapRefused('invalid', 'replaceComponent(): the element keeps no change log');
      // the fit check first, so the change log checks the swap before it is queued
      await this.#part.get();
      let failure: ChangeFailure | undefined;
      const hear = (event: Event) => {
        const detail = (event as CustomEvent<ChangeFailure>).detail;
        if (detail.change.kind === 'replace' && detail.change.target === pieceId) failure = detail;
      };
      this.addEventListener('room-change-error', hear);
      try {
        if (await log.make({ kind: 'replace', target: pieceId, after: replacement }, source)) return;
      } finally {
        this.removeEventListener('room-change-error', hear);
      }
      const reason = failure?.reason;
      const known: SwapReason[] = ['collision', 'door', 'overlap', 'invalid'];
      throw new SwapRefused(
        known.includes(reason as SwapReason) ? (reason as SwapReason) : 'invalid',
        failure?.message ?? 'replaceComponent(): refused',
      );
    }

    /** Checks, draws and shows a swap (`null`: the piece as the model has it); throws SwapRefused. */
    async #apply(pieceId: string, value: Replacement | null): Promise<void> {
      const part = await this.#part.get();
      const { context, placed, kept } = part.check(this.viewContext, this.#original, pieceId, value);
      await context.drawing.replaceComponent(pieceId, kept ? placed : null);
      // the room went meanwhile: nothing to follow
      if (this.viewContext !== context) return;
      context.model = {
        ...context.model,
        components: context.model.components.map((c) => (c.id === pieceId ? placed : c)),
      };
      if (kept) this.#replaced.set(pieceId, kept);
      else this.#replaced.delete(pieceId);
      // the control follows the piece's new top
      this.#anchorShown = undefined;
      this.roomEdited();
    }

    protected override viewReady(context: ViewerContext): void {
      // a room loaded anew is the model's own: nothing of the last one's swaps holds
      this.#original = context.model;
      this.#replaced.clear();
      this.#anchorShown = undefined;
      super.viewReady(context);
    }

    protected override viewGone(): void {
      this.#original = undefined;
      this.#replaced.clear();
      super.viewGone();
    }

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      // another piece selected (the selection feature's property, under this one): what the control
      // said was about the last one
      if ((changed as Map<PropertyKey, unknown>).has('selected')) this._swapStatus = undefined;
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      // the control's code comes with the page's candidates
      if (this.alternatives) this.#part.start();
      this.#follow();
    }

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      const spots = frame.anchors?.swap?.spots;
      const control = this.renderRoot.querySelector<HTMLElement>('.swap');
      if (!control || !spots) return;
      const spot = spots[0];
      // over the piece's top when it is in view, else in the corner
      const [x, y] = spot ?? [8, 8];
      const { width, height } = this.getBoundingClientRect();
      const left = Math.max(4, Math.min(x - control.offsetWidth / 2, width - control.offsetWidth - 4));
      const top = Math.max(4, Math.min(y - control.offsetHeight - 12, height - control.offsetHeight - 4));
      control.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
    }

    /** The selected piece the control is for: one piece selected, with candidates. */
    #candidates(): { piece: ModelComponent; list: Replacement[] } | undefined {
      const selected = (this as { selected?: string[] }).selected;
      const context = this.viewContext;
      const alternatives = this.alternatives;
      if (!context || !alternatives || selected?.length !== 1 || this.furnitureHidden()) return undefined;
      const piece = context.model.components.find((c) => c.id === selected[0]);
      if (!piece || piece.kind !== 'furniture') return undefined;
      const replacement = this.#replaced.get(piece.id);
      // a swapped piece keeps the list its first product had (the page may list the replacement too)
      const first = this.#original?.components.find((c) => c.id === piece.id)?.componentId;
      const keys = [piece.componentId, replacement?.productId, first].filter((k): k is string => !!k);
      for (const key of keys) {
        const list = Object.hasOwn(alternatives, key) ? alternatives[key] : undefined;
        if (Array.isArray(list) && list.length) return { piece, list: list.slice(0, MAX_CANDIDATES) };
      }
      return undefined;
    }

    /** Follows the selected piece on screen with the control (an anchor answered with each frame). */
    #follow(): void {
      const drawing = this.viewContext?.drawing;
      const id = this.#candidates()?.piece.id;
      if (!drawing || id === this.#anchorShown) return;
      this.#anchorShown = id;
      drawing.setAnchors('swap', id ? { specs: [{ component: id }], occlude: false } : undefined);
    }

    protected override renderFeatures(): unknown[] {
      const found = this.#candidates();
      const part = this.#part.value;
      if (!found || !part) return super.renderFeatures();
      return [...super.renderFeatures(), part.render(found.piece, found.list, this._swapStatus)];
    }
  }
  return WithSwap;
}
