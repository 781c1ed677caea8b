/**
 * `<room-viewer>` and `<room-panorama>` rendered on a server with the room the server fetched: their
 * poster (the room's render, as the element shows it before it draws) and the room's description (its
 * name, and its pieces and products as a list), in a declarative shadow root with the element's own
 * styles. Built from this module rather than from the elements' classes, which start three.js and
 * photo-sphere-viewer; in the browser each element takes the root over (RoomElement) and shows the
 * same poster (the `poster` attribute this writes) until it has drawn the room.
 */
import { hostStyles } from '../internal/shared-styles.js';
import { viewerStyles } from '../elements/room-viewer/room-viewer.styles.js';
import { styles as panoramaStyles } from '../elements/room-panorama/room-panorama.styles.js';
import { readModel } from '../model/read-model.js';
import { roomProducts } from '../model/products.js';
import type { RoomDetail } from '../api/room-styling/types.js';
import { safeHttpUrl } from '../api/safe-url.js';
import { attributes, escapeHtml } from './escape.js';
import type { PageProduct } from './schema.js';
import { stylesText } from './styles-text.js';

export interface PosterRenderOptions {
  /** The room record (GET /rooms/:id; with its `model` for the description). */
  room: RoomDetail | (Partial<RoomDetail> & { id?: number | string });
  /** Root of the room-styling service (absolute), for the element and the room's relative URLs. */
  apiBase?: string;
  lang?: string;
  /** The page's products by `componentId` (their names and pages); without one a product is named by its category. */
  products?: Readonly<Record<string, PageProduct>>;
  /** Other attributes the element keeps (`loading`, `camera`, `reveal`...), lowercase names. */
  attributes?: Record<string, string | boolean | undefined>;
}

const POSTER_CSS = `
.ssr-description { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }`;
/** The kept poster's own rule: the element's styles are adopted in place of the server's. */
const KEPT_CSS = '.ssr-poster{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}';
const CSS = {
  'room-viewer': stylesText(viewerStyles) + POSTER_CSS,
  'room-panorama': stylesText([hostStyles, panoramaStyles]) + POSTER_CSS,
};

/** The room's description: its name, then each product with how many stand in the room. */
function description(options: PosterRenderOptions, name: string): string {
  const raw = (options.room as { model?: unknown }).model;
  const read = raw != null ? readModel(raw) : undefined;
  const items = read?.drawable
    ? roomProducts(read.model)
        .slice(0, 200)
        .map((product) => {
          const page = product.componentId ? options.products?.[product.componentId] : undefined;
          const label = page?.name?.trim() || product.category || product.componentId || '';
          const url = safeHttpUrl(page?.url);
          const text = `${escapeHtml(label)}${product.count > 1 ? ` × ${product.count}` : ''}`;
          return `<li>${url ? `<a href="${escapeHtml(url)}">${text}</a>` : text}</li>`;
        })
    : [];
  return `<div class="ssr-description" part="description"><p>${escapeHtml(name)}</p>${items.length ? `<ul>${items.join('')}</ul>` : ''}</div>`;
}

export function renderPoster(tag: 'room-viewer' | 'room-panorama', options: PosterRenderOptions): string {
  const room = options.room;
  const name = typeof room.name === 'string' ? room.name.trim().slice(0, 200) : '';
  const base = safeHttpUrl(options.apiBase);
  const poster = safeHttpUrl(room.hq_image_url ?? undefined, base) ?? safeHttpUrl(room.image_url, base);
  const attrs = attributes({
    ...options.attributes,
    'room-id': room.id == null ? undefined : String(room.id),
    'api-base': options.apiBase,
    lang: options.lang,
    poster: tag === 'room-viewer' ? poster : undefined,
    'data-ssr': true,
  });
  // kept (`data-ssr-keep`) under the element's own render until that shows its own poster (RoomElement)
  const img = poster
    ? `<style data-ssr-keep>${KEPT_CSS}</style><img part="poster" class="ssr-poster" data-ssr-keep src="${escapeHtml(poster)}" alt="${escapeHtml(name)}" fetchpriority="high" decoding="async">`
    : '';
  return `<${tag}${attrs}><template shadowrootmode="open"><style>${CSS[tag]}</style>${img}${description(options, name)}</template></${tag}>`;
}
