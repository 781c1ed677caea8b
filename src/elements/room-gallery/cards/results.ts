/**
 * What a gallery shows once an answer is in: a room's card (the page's own or the built-in one), which
 * card a click activated, moving focus to a card, and the "no rooms" panel; with the column measuring
 * (cards/columns.ts), the broken-picture fallback and the styles of cards, panels and buttons.
 * In the element's own bundle: every gallery paints them with its first rooms.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Room } from '../../../api/room-styling/index.js';
import { cardImage, renderRoomCard, type CardOptions, type RenderCard } from './card.js';
export { resultStyles } from './result-styles.js';
export { GalleryColumns } from './columns.js';
export { BrokenImages } from './card.js';

/**
 * The index of the room a click activates, if any: a plain primary click on a link, a button or a
 * `[data-room-select]` inside an item (in a page's own card only those activate the room).
 */
export function activatedIndex(event: MouseEvent): number | undefined {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const path = event.composedPath();
  const item = path.find((n): n is HTMLElement => n instanceof HTMLElement && n.dataset.index !== undefined);
  const activator = path.find(
    (n) => n instanceof Element && (n.matches('a[href], button') || n.hasAttribute('data-room-select')),
  );
  return item && activator ? Number(item.dataset.index) : undefined;
}

/** Focuses the card (or a page's own card's first link or button) of the room at `index`. */
export function focusCard(root: ParentNode, index: number): void {
  root
    .querySelector<HTMLElement>(
      `[data-index="${index}"] .card, [data-index="${index}"] a, [data-index="${index}"] button`,
    )
    ?.focus();
}

/** The "no rooms" panel; with `onClear` (the search had filters) a button that clears them. */
export function renderEmpty(
  t: (key: 'empty' | 'clearFilters') => string,
  onClear: false | (() => void),
): TemplateResult {
  return html`<div part="empty" class="empty">
    <p>${t('empty')}</p>
    ${
      onClear
        ? html`<button class="button secondary" type="button" @click=${onClear}>${t('clearFilters')}</button>`
        : nothing
    }
  </div>`;
}

export interface ItemOptions extends Omit<CardOptions, 'image'> {
  /** True when cards are drawn wide enough that the high-quality image is worth loading. */
  large: boolean;
  /** The photoreal list: cards show the photoreal render. */
  photoreal: boolean;
  /** Image URLs that failed to load. */
  broken: ReadonlySet<string>;
  /** The page's own card renderer, if any. */
  custom?: RenderCard;
}

/** A room's card: the page's own (`renderCard`) if it has one and it does not throw, else the built-in one. */
export function renderItemCard(room: Room, options: ItemOptions): unknown {
  const { index, large, href, custom } = options;
  const image = cardImage(room, options.root, large, options.photoreal, options.broken);
  try {
    if (custom) return custom(room, { index, large, image, href });
  } catch (error) {
    // a page's card that throws must not stop the gallery rendering: that room gets our card,
    // and the page's mistake goes to the console
    console.error(error);
  }
  return renderRoomCard(room, { ...options, image });
}
