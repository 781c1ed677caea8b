/**
 * The infinite mode's rows, virtualised with @lit-labs/virtualizer: only rows near the viewport are
 * in the DOM, so 1 000 loaded rooms stay a few dozen cards; and the watcher of the end of the list.
 * In the lazy chunk of features/infinite.ts (with the virtualiser, a few KB): only `paging="infinite"`
 * downloads it.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { virtualize } from '@lit-labs/virtualizer/virtualize.js';
import type { Room } from '../../../api/room-styling/index.js';
import { NEAR_MARGIN } from '../../../internal/viewport.js';

/** Adopted beside the gallery's own styles when this module arrives: the rows lay out the cards. */
export const virtualStyles = css`
  .grid.virtual {
    display: block;
  }
  .row {
    display: grid;
    grid-template-columns: repeat(var(--_columns, 1), minmax(0, 1fr));
    gap: var(--_gap);
    inline-size: 100%;
    padding-block-end: var(--_gap);
  }
`;

/** Splits rooms into rows of `columns` (the last row may be short). */
export function toRows<T>(items: readonly T[], columns: number): { start: number; items: T[] }[] {
  const rows: { start: number; items: T[] }[] = [];
  const n = Math.max(1, columns);
  for (let start = 0; start < items.length; start += n)
    rows.push({ start, items: items.slice(start, start + n) });
  return rows;
}

/**
 * The virtualiser renders every row in range again whenever the range moves (every row or so of
 * scrolling), and a card is not cheap to build (its links and pictures resolved against the service
 * root): each row's template is built once per gallery render and kept, so scrolling only commits
 * unchanged values for the rows it keeps and builds the rows it brings in. The rows (and with them
 * this cache) are made afresh by every render of the gallery, so a change of rooms, columns, broken
 * pictures or words is never served from it.
 */
export function renderVirtualRows(
  rooms: readonly Room[],
  columns: number,
  renderItem: (room: Room, index: number) => TemplateResult,
): unknown {
  const built = new WeakMap<object, TemplateResult>();
  return virtualize({
    items: toRows(rooms, columns),
    // a row is known by where it starts and how full it is, so a filled-up last row re-renders
    keyFunction: (row) => `${row.start}:${row.items.length}`,
    renderItem: (row) => {
      let template = built.get(row);
      if (!template) {
        const cards = row.items.map((room, i) => renderItem(room, row.start + i));
        template = html`<div class="row" role="none">${cards}</div>`;
        built.set(row, template);
      }
      return template;
    },
  });
}

/** What the gallery's grid gives its rows (cards/grid.ts, GridView). */
export interface VirtualGrid {
  rooms: readonly Room[];
  label: string;
  columns: number;
  onClick(event: MouseEvent): void;
  onImageError?: { capture: true; handleEvent(event: Event): void };
}

/**
 * The infinite mode's grid: rows of cards, only those near the viewport in the DOM (1 000 rooms stay a
 * few hundred nodes); the same part, list role and listeners as the plain grid (cards/grid.ts).
 */
export function renderVirtualGrid(
  view: VirtualGrid,
  renderItem: (room: Room, index: number) => TemplateResult,
): TemplateResult {
  return html`<div
    part="grid"
    class="grid virtual"
    role="list"
    aria-label=${view.label}
    @click=${view.onClick}
    @error=${view.onImageError ?? nothing}
  >
    ${renderVirtualRows(view.rooms, view.columns, renderItem)}
  </div>`;
}

/**
 * Calls `onEnd` whenever the watched element (the sentinel after the last card) comes within the
 * shared near margin (NEAR_MARGIN, what every element counts as "near the viewport") of the
 * viewport, so the next page starts before the end is reached. Watching again (also the same
 * element) reports at once, so a sentinel still in view after a page was appended loads the next one.
 */
export function endWatcher(onEnd: () => void): (sentinel: Element | null) => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) onEnd();
    },
    { rootMargin: NEAR_MARGIN },
  );
  return (sentinel) => {
    observer.disconnect();
    if (sentinel) observer.observe(sentinel);
  };
}
