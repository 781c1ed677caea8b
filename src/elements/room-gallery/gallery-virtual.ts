/**
 * The infinite mode's rows, virtualised with @lit-labs/virtualizer: only rows near the viewport are
 * in the DOM, so 1 000 loaded rooms stay a few dozen cards. The element imports this module (and with
 * it the virtualiser, a few KB) only when `paging="infinite"`.
 */
import { css, html, type TemplateResult } from 'lit';
import { virtualize } from '@lit-labs/virtualizer/virtualize.js';
import type { Room } from '../../api/room-styling/index.js';
import { toRows } from './gallery-layout.js';

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

export function renderVirtualRows(
  rooms: readonly Room[],
  columns: number,
  renderItem: (room: Room, index: number) => TemplateResult,
): unknown {
  return virtualize({
    items: toRows(rooms, columns),
    // a row is known by where it starts and how full it is, so a filled-up last row re-renders
    keyFunction: (row) => `${row.start}:${row.items.length}`,
    renderItem: (row) =>
      html`<div class="row" role="none">${row.items.map((room, i) => renderItem(room, row.start + i))}</div>`,
  });
}

/**
 * Calls `onEnd` whenever the watched element (the sentinel after the last card) comes within 800 px
 * of the viewport, so the next page starts well before the end is reached and scrolling does not
 * stall. Watching again (also the same element) reports at once, so a sentinel still in view after a
 * page was appended loads the next one.
 */
export function endWatcher(onEnd: () => void): (sentinel: Element | null) => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) onEnd();
    },
    { rootMargin: '0px 0px 800px 0px' },
  );
  return (sentinel) => {
    observer.disconnect();
    if (sentinel) observer.observe(sentinel);
  };
}
