/**
 * The working part of `<room-viewer>`'s swaps (features/swap.ts holds the contract and the state): the
 * fit check (src/features/swap/fit.ts) that refuses a swap before anything is touched, and the swap
 * control with its styles and words. Loaded (lazy-part.ts) with `alternatives` or the first swap.
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
import type { LanguageController } from '../../../internal/language.js';
import type { ViewerContext } from '../base.js';
import { viewerSwapStyles } from './swap.styles.js';

export { viewerSwapStyles as styles };

/** What the swap part reads of its element (features/swap.ts makes it). */
export interface SwapHost {
  language: LanguageController;
  /** Makes a swap through the change log (source `user`); rejects with the reason it was refused. */
  make(pieceId: string, replacement: Replacement, source: 'user'): Promise<void>;
  /** What the control says after a swap from it. */
  said(status: { text: string; refused: boolean }): void;
}

export const make = (host: SwapHost): SwapPart => new SwapPart(host);

/** The sentence a refusal says in English (the control shows the element's language). */
const REASON_WORDS: Record<SwapReason, string> = {
  collision: 'it would cross a wall',
  door: "it would block a door's swing",
  overlap: 'it would overlap another piece',
  invalid: 'it is not a replacement for a piece of this room',
};

export class SwapPart {
  constructor(private readonly host: SwapHost) {}

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
  render(
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
    this.host.make(piece.id, candidate, 'user').then(
      () => {
        this.host.said({ text: this.#t('swapped', { name }), refused: false });
      },
      (error: unknown) => {
        const reason = error instanceof SwapRefused ? error.reason : 'invalid';
        this.host.said({ text: this.#t('refused', { name, reason: this.#t(reason) }), refused: true });
      },
    );
  }
}
