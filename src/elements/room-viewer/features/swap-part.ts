/**
 * The working part of `<room-viewer>`'s swaps (features/swap.ts holds the contract and the state): the
 * fit check (src/features/swap/fit.ts) that refuses a swap before anything is touched, and the swap
 * control with its styles and words, and what the viewer keeps of the swaps made (issue 33: none of it
 * before the first frame). Loaded (lazy-part.ts) with `alternatives` or the first swap.
 */
import { html, nothing } from 'lit';
import type { ModelComponent, RoomModel } from '../../../model/types.js';
import { checkFit, footprintOf } from '../../../features/swap/fit.js';
import {
  placeReplacement,
  replacementProblem,
  type Replacement,
} from '../../../features/swap/replacement.js';
import { SwapRefused, type SwapReason } from '../../../features/swap/swap-refused.js';
import { SWAP_STRINGS, type SwapKey } from '../../../features/swap/swap.strings.js';
import { changeLogOf } from '../../../features/changes/changes-host.js';
import { ChangeRefused, type ChangeFailure } from '../../../features/changes/change-log.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { LanguageController } from '../../../internal/language.js';
import type { ViewerContext } from '../base.js';
import { viewerSwapStyles } from './swap.styles.js';

export { viewerSwapStyles as styles };

/** What the swap part reads of its element (features/swap.ts makes it). */
export interface SwapHost {
  element: HTMLElement & { requestUpdate(): void };
  language: LanguageController;
  /** The room shown now (undefined: none). */
  context(): ViewerContext | undefined;
  /** The selected pieces' ids. */
  selected(): readonly string[] | undefined;
  furnitureHidden(): boolean;
  /** A piece was swapped: the selection, the cart and a linked plan follow (ProductsHost's roomEdited). */
  edited(): void;
}

export const make = (host: SwapHost): SwapPart => new SwapPart(host);

/** At most this many candidates listed per product (a page's list is its own; the control stays usable). */
const MAX_CANDIDATES = 50;

/** The sentence a refusal says in English (the control shows the element's language). */
const REASON_WORDS: Record<SwapReason, string> = {
  collision: 'it would cross a wall',
  door: "it would block a door's swing",
  overlap: 'it would overlap another piece',
  invalid: 'it is not a replacement for a piece of this room',
};

export class SwapPart {
  /** The model as loaded, before any swap: a piece's anchor and what undo puts back. */
  #original?: RoomModel;
  /** The replacement each swapped piece shows now. */
  readonly #replaced = new Map<string, Replacement>();
  /** What the last swap from the control did. */
  #status?: { text: string; refused: boolean };
  #anchorShown?: string;

  constructor(private readonly host: SwapHost) {
    // nothing was swapped before the part arrived: the room shown is the model's own
    this.#original = host.context()?.model;
  }

  /** A new room: nothing of the last one's swaps holds. */
  viewReady(context: ViewerContext): void {
    this.#original = context.model;
    this.#replaced.clear();
    this.#anchorShown = undefined;
  }

  viewGone(): void {
    this.#original = undefined;
    this.#replaced.clear();
  }

  /** Another piece selected: what the control said was about the last one. */
  unsay(): void {
    this.#status = undefined;
  }

  /** The replacement each swapped piece shows, by piece id (copies). */
  replaced(): Record<string, Replacement> {
    return Object.fromEntries([...this.#replaced].map(([id, r]) => [id, this.copy(r)]));
  }

  /** The change log's `current` for kind `replace`. */
  current(target: string): Replacement | null {
    return this.#replaced.get(target) ?? null;
  }

  /** The change log's `validate` for kind `replace`: a refusal before anything is touched. */
  validate(target: string, value: unknown): ChangeRefused | undefined {
    try {
      this.check(this.host.context(), this.#original, target, value);
    } catch (error) {
      if (error instanceof SwapRefused) return new ChangeRefused(error.reason, error.message);
      throw error;
    }
    return undefined;
  }

  /** The change log's `apply` for kind `replace`. */
  async apply(target: string, value: unknown): Promise<void> {
    try {
      await this.#apply(target, value as Replacement | null);
    } catch (error) {
      if (error instanceof SwapRefused) throw new ChangeRefused(error.reason, error.message);
      throw error;
    }
  }

  /** Makes a swap through the change log; rejects with the reason it was refused. */
  async make(pieceId: string, replacement: Replacement | null, source: 'api' | 'user'): Promise<void> {
    const { element } = this.host;
    const log = changeLogOf(element);
    if (!log) throw new SwapRefused('invalid', 'replaceComponent(): the element keeps no change log');
    let failure: ChangeFailure | undefined;
    const hear = (event: Event) => {
      const detail = (event as CustomEvent<ChangeFailure>).detail;
      if (detail.change.kind === 'replace' && detail.change.target === pieceId) failure = detail;
    };
    element.addEventListener('room-change-error', hear);
    try {
      if (await log.make({ kind: 'replace', target: pieceId, after: replacement }, source)) return;
    } finally {
      element.removeEventListener('room-change-error', hear);
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
    const { context, placed, kept } = this.check(this.host.context(), this.#original, pieceId, value);
    await context.drawing.replaceComponent(pieceId, kept ? placed : null);
    // the room went meanwhile: nothing to follow
    if (this.host.context() !== context) return;
    context.model = {
      ...context.model,
      components: context.model.components.map((c) => (c.id === pieceId ? placed : c)),
    };
    if (kept) this.#replaced.set(pieceId, kept);
    else this.#replaced.delete(pieceId);
    // the control follows the piece's new top
    this.#anchorShown = undefined;
    this.host.edited();
  }

  /** The selected piece the control is for: one piece selected, with candidates. */
  #candidates(
    alternatives: Record<string, Replacement[]> | undefined,
  ): { piece: ModelComponent; list: Replacement[] } | undefined {
    const selected = this.host.selected();
    const context = this.host.context();
    if (!context || !alternatives || selected?.length !== 1 || this.host.furnitureHidden()) return undefined;
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
  follow(alternatives: Record<string, Replacement[]> | undefined): void {
    const drawing = this.host.context()?.drawing;
    const id = this.#candidates(alternatives)?.piece.id;
    if (!drawing || id === this.#anchorShown) return;
    this.#anchorShown = id;
    drawing.setAnchors('swap', id ? { specs: [{ component: id }], occlude: false } : undefined);
  }

  /** Puts the control over the piece's top when it is in view, else in the corner (the frame's anchor). */
  place(frame: DrawnFrame): void {
    const spots = frame.anchors?.swap?.spots;
    const { element } = this.host;
    const control = element.shadowRoot?.querySelector<HTMLElement>('.swap');
    if (!control || !spots) return;
    const [x, y] = spots[0] ?? [8, 8];
    const { width, height } = element.getBoundingClientRect();
    const left = Math.max(4, Math.min(x - control.offsetWidth / 2, width - control.offsetWidth - 4));
    const top = Math.max(4, Math.min(y - control.offsetHeight - 12, height - control.offsetHeight - 4));
    control.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  }

  /** The control over the one selected piece with candidates (nothing when there is none). */
  render(alternatives: Record<string, Replacement[]> | undefined): unknown {
    const found = this.#candidates(alternatives);
    return found ? this.#control(found.piece, found.list, this.#status) : nothing;
  }

  #said(status: { text: string; refused: boolean }): void {
    this.#status = status;
    this.host.element.requestUpdate();
  }

  /** A JSON copy of a replacement: what the viewer keeps never changes with the page's object. */
  copy(replacement: Replacement): Replacement {
    return JSON.parse(JSON.stringify(replacement)) as Replacement;
  }

  /** The piece `pieceId` as the model had it (a piece that can be swapped), or a refusal. */
  #piece(
    context: ViewerContext | undefined,
    model: RoomModel | undefined,
    pieceId: unknown,
  ): { context: ViewerContext; original: ModelComponent } {
    const original =
      typeof pieceId === 'string' ? model?.components.find((c) => c.id === pieceId) : undefined;
    if (!context) throw new SwapRefused('invalid', 'replaceComponent(): no room is shown yet');
    if (!original || original.kind !== 'furniture')
      throw new SwapRefused(
        'invalid',
        `replaceComponent(): no piece of furniture "${String(pieceId)}" in this room`,
      );
    return { context, original };
  }

  /**
   * Checks a swap without touching anything (`model`: the room as loaded, before any swap): the piece
   * as placed and the kept replacement; throws SwapRefused.
   */
  check(
    context: ViewerContext | undefined,
    model: RoomModel | undefined,
    pieceId: string,
    value: unknown,
  ): { context: ViewerContext; placed: ModelComponent; kept?: Replacement } {
    const { context: shown, original } = this.#piece(context, model, pieceId);
    let placed = original;
    let kept: Replacement | undefined;
    if (value !== null) {
      const problem = replacementProblem(value);
      if (problem) throw new SwapRefused('invalid', `replaceComponent(): ${problem}`);
      kept = this.copy(value as Replacement);
      placed = placeReplacement(original, kept);
      // what the model drew there is not held against its replacement (fit.ts)
      const verdict = checkFit(
        shown.plan,
        shown.model.components,
        pieceId,
        footprintOf(placed),
        footprintOf(original),
      );
      if (!verdict.fits)
        throw new SwapRefused(
          verdict.reason,
          `replaceComponent(): ${kept.name ?? kept.componentId ?? 'the replacement'} does not fit in place of ` +
            `"${pieceId}": ${REASON_WORDS[verdict.reason]} (${verdict.against}, ${Math.round(verdict.depth * 10) / 10} cm)`,
        );
    }
    return { context: shown, placed, ...(kept ? { kept } : {}) };
  }

  #t(key: SwapKey, values?: Record<string, string | number>): string {
    return this.host.language.t(SWAP_STRINGS, key, values);
  }

  /** The swap control over `piece` with its candidates, and what the last swap from it did. */
  #control(
    piece: ModelComponent,
    list: readonly Replacement[],
    status: { text: string; refused: boolean } | undefined,
  ): unknown {
    const name = piece.category?.trim() || piece.id;
    const label = this.#t('swapFor', { name });
    // its keys are the list's: the view's arrow keys (orbiting) must not take them
    return html`<div part="swap" class="swap" @keydown=${(event: Event) => event.stopPropagation()}>
      <label
        >${label}
        <select part="swap-select">
          ${list.map(
            (candidate, i) =>
              html`<option value=${i}>
                ${candidate.name ?? candidate.productId ?? candidate.componentId ?? i + 1}
              </option>`,
          )}
        </select>
      </label>
      <button part="swap-button" type="button" @click=${(event: Event) => this.#chosen(event, piece, list)}>
        ${this.#t('swap')}
      </button>
      <p part="swap-status" class=${status?.refused ? 'refused' : ''} role="status">
        ${status?.text ?? nothing}
      </p>
    </div>`;
  }

  /** The swap button: the candidate chosen in the list swapped in (source `user`), or the reason it was not. */
  #chosen(event: Event, piece: ModelComponent, list: readonly Replacement[]): void {
    const select = (event.currentTarget as HTMLElement).parentElement?.querySelector('select');
    const candidate = select ? list[Number(select.value)] : undefined;
    if (!candidate) return;
    const name = candidate.name ?? candidate.productId ?? candidate.componentId ?? '';
    this.make(piece.id, candidate, 'user').then(
      () => {
        this.#said({ text: this.#t('swapped', { name }), refused: false });
      },
      (error: unknown) => {
        const reason = error instanceof SwapRefused ? error.reason : 'invalid';
        this.#said({ text: this.#t('refused', { name, reason: this.#t(reason) }), refused: true });
      },
    );
  }
}
