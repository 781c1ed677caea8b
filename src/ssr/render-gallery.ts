/**
 * `<room-gallery>` rendered on a server with a page of rooms the server fetched (the room-styling
 * client's list): its cards as real links (`<a href>` to each room's page) with their pictures, `alt`
 * text and names, in the gallery's own markup and styles, in a declarative shadow root. Readable and
 * laid out with JavaScript off; in the browser the element takes the root over (RoomElement) and loads
 * the same page itself.
 */
import { hostStyles } from '../internal/shared-styles.js';
import { lookup } from '../internal/language.js';
import { galleryStyles } from '../elements/room-gallery/room-gallery.styles.js';
import { resultStyles } from '../elements/room-gallery/cards/result-styles.js';
import { renderGrid } from '../elements/room-gallery/cards/grid.js';
import { STRINGS, type Translate } from '../elements/room-gallery/room-gallery.strings.js';
import { moreStyles, renderMore } from '../elements/room-gallery/features/more.js';
import { pagerStyles, renderPager } from '../elements/room-gallery/features/pager-controls.js';
import { pagerView, statusText } from '../elements/room-gallery/features/pager.js';
import { hasNextPage, normalisePaging } from '../elements/room-gallery/paging.js';
import type { Room } from '../api/room-styling/types.js';
import { safeHttpUrl } from '../api/safe-url.js';
import { attributes, escapeHtml, jsonForScript } from './escape.js';
import { renderToString } from './lit-render.js';
import { firstPageUrl } from '../elements/room-gallery/first-page.js';
import { stylesText } from './styles-text.js';

export interface GalleryRenderOptions {
  /** The rooms of the page shown (at most `limit` are drawn). */
  rooms: readonly Room[];
  /** Root of the room-styling service the rooms came from (absolute: room URLs are relative to it). */
  apiBase: string;
  limit?: number;
  page?: number;
  /** The total the service gave (for the status line and the page count). */
  total?: number;
  /** `pages` (default), `more`, `infinite` or `none`, as the element's `paging`. */
  paging?: string;
  lang?: string;
  /** Target of the card links (default `_self`). */
  linkTarget?: string;
  /** Other attributes the element keeps (`paging`, `source`, `whitelabel`...), lowercase names. */
  attributes?: Record<string, string | boolean | undefined>;
}

const CSS = stylesText([hostStyles, galleryStyles, resultStyles, pagerStyles, moreStyles]);

export async function renderGallery(options: GalleryRenderOptions): Promise<string> {
  const lang = options.lang ?? 'en';
  const t: Translate = (key, values) => lookup(STRINGS, lang, key, values);
  const limit = Math.min(50, Math.max(1, Math.trunc(options.limit ?? 12) || 12));
  const root = safeHttpUrl(options.apiBase) ?? '';
  const rooms = options.rooms.slice(0, limit);
  const page = Math.max(1, Math.trunc(options.page ?? 1) || 1);
  const total = Number.isFinite(options.total) ? options.total : undefined;
  const hasNext = hasNextPage({ page, limit, received: rooms.length, total });
  // the status line and the pager as the element draws them once this page is loaded (the same box)
  const pager = pagerView(
    { status: 'loaded', shown: { rooms, total, page, hasNext }, more: false },
    { mode: normalisePaging(options.paging), limit, t, onPage: () => {}, onMore: () => {} },
  );
  const grid = await renderToString(
    renderGrid({
      rooms,
      label: t('rooms'),
      columns: 1,
      item: {
        large: false,
        photoreal: false,
        broken: new Set(),
        target: options.linkTarget || '_self',
        root,
        t,
      },
      onClick: () => {},
    }),
  );
  const values = {
    ...options.attributes,
    'api-base': options.apiBase,
    limit: options.limit,
    page: options.page,
    paging: options.paging,
    lang: options.lang,
    'link-target': options.linkTarget,
    'data-ssr': true,
  };
  const attrs = attributes(values);
  const controls = await renderToString(renderPager(pager, renderMore));
  // the page as the service gave it, under the URL the element will ask it (room-gallery.ts connectedCallback)
  const url = firstPageUrl(attributeReader(values));
  const island = url
    ? `<script type="application/json" data-room-gallery="${escapeHtml(url)}">${jsonForScript({ rooms, total })}</script>`
    : '';
  return `<room-gallery${attrs}><template shadowrootmode="open"><style>${CSS}</style><p part="status" class="status" role="status">${escapeHtml(statusText(pager))}</p>${grid}${controls}</template>${island}</room-gallery>`;
}

/** The attributes written, read back as an element's (what firstPageUrl() reads of the gallery). */
function attributeReader(attrs: Record<string, string | number | boolean | undefined>): Element {
  const value = (name: string) => {
    const v = attrs[name];
    return v === undefined || v === false ? null : v === true ? '' : String(v);
  };
  return { getAttribute: value, hasAttribute: (name: string) => value(name) !== null } as unknown as Element;
}
