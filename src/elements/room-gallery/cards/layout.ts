/**
 * Grid arithmetic the column measuring (cards/columns.ts) needs in script: how many columns the CSS
 * grid makes (the virtualised infinite mode lays rows out itself), and when a card is large enough for
 * the high-quality image.
 */

/** The same count `repeat(auto-fill, minmax(min(card, 100%), 1fr))` gives, or the page's own number. */
export function columnsFor(width: number, cardWidth: number, gap: number, explicit?: number): number {
  if (explicit !== undefined && Number.isInteger(explicit) && explicit > 0) return explicit;
  if (!(width > 0) || !(cardWidth > 0)) return 1;
  return Math.max(1, Math.floor((width + gap) / (cardWidth + gap)));
}

/** Width of one card when `columns` share `width` with `gap` between them. */
export function cardWidthFor(width: number, columns: number, gap: number): number {
  return Math.max(0, (width - gap * (columns - 1)) / columns);
}

/**
 * `image_url` is a thumbnail; past this many device pixels across, a card shows `hq_image_url`
 * (when the room has one) so wide cards and high-density screens do not get a blurred picture.
 */
export const LARGE_CARD_DEVICE_PIXELS = 600;

export function isLargeCard(cardWidth: number, devicePixelRatio = 1): boolean {
  return cardWidth * devicePixelRatio > LARGE_CARD_DEVICE_PIXELS;
}
