/**
 * Where the list of cards is drawn: skeleton cards while a first page loads, the plain list, or (with
 * `paging="infinite"` and its lazy module) virtualised rows; each item holds the card
 * (cards/results.ts: the page's own or the built-in one).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Room } from '../../../api/room-styling/index.js';
import { renderItemCard, type ItemOptions } from './results.js';
import { serviceUrl } from '../service.js';

export interface GridView {
  /** Skeleton cards instead of rooms (a first page, or a new search, on its way). */
  skeletons?: number;
  rooms: readonly Room[];
  /** The accessible name of the list. */
  label: string;
  /** The virtual rows' module when the rows are virtualised (`paging="infinite"`), with the column count. */
  virtual?: typeof import('../features/virtual.js');
  columns: number;
  /** aria-setsize of a virtualised list (-1: not known yet). */
  setSize?: number;
  /** How every card is drawn (links resolved against `root`, opened in `target`). */
  item: Omit<ItemOptions, 'index' | 'href'>;
  onClick(event: MouseEvent): void;
  /** Hears every card's image that failed to load (cards/card.ts). */
  onImageError?: { capture: true; handleEvent(event: Event): void };
}

/** Grey cards with the same box as real ones while the first page loads. */
function skeletons(count: number): TemplateResult[] {
  return Array.from(
    { length: count },
    () =>
      html`<li class="item skeleton" aria-hidden="true">
        <span class="card"
          ><span class="image placeholder"></span><span class="name"></span><span class="meta"></span
        ></span>
      </li>`,
  );
}

function item(view: GridView, room: Room, index: number, setSize?: number): TemplateResult {
  const { item } = view;
  return html`<li
    class="item"
    role="listitem"
    data-index=${index}
    aria-setsize=${setSize ?? nothing}
    aria-posinset=${setSize !== undefined ? index + 1 : nothing}
  >
    ${renderItemCard(room, { ...item, index, href: serviceUrl(room.url, item.root) })}
  </li>`;
}

export function renderGrid(view: GridView): TemplateResult {
  if (view.skeletons) {
    return html`<ul part="grid" class="grid" role="list" aria-busy="true" aria-label=${view.label}>
      ${skeletons(view.skeletons)}
    </ul>`;
  }
  // rows of cards, only those near the viewport in the DOM (the infinite mode's chunk draws them: its
  // template is not on the first cards' path)
  if (view.virtual)
    return view.virtual.renderVirtualGrid(view, (room, index) => item(view, room, index, view.setSize));
  return html`<ul
    part="grid"
    class="grid"
    role="list"
    aria-label=${view.label}
    @click=${view.onClick}
    @error=${view.onImageError ?? nothing}
  >
    ${view.rooms.map((room, index) => item(view, room, index))}
  </ul>`;
}
