/**
 * One room card. Every string from the service is bound as text (Lit escapes it), and only http(s)
 * URLs become the card's link or its image; anything else gives no link and the CSS placeholder
 * (not a data: URL, so a strict Content-Security-Policy holds). URLs are resolved against the service
 * root (service.ts), never against the page.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Room } from '../../../api/room-styling/index.js';
import { serviceUrl } from '../service.js';

/**
 * A link that opens another browsing context (any target but `_self`) gets neither a handle on the
 * gallery's page (`window.opener`) nor its address as referrer.
 */
export const relFor = (target: string): string | undefined =>
  target && target !== '_self' ? 'noopener noreferrer' : undefined;

/** What a page's own `renderCard` gets besides the room. */
export interface CardContext {
  /** Position of the room in what the gallery shows (0-based). */
  index: number;
  /** True when cards are drawn wide enough that the high-quality image is worth loading. */
  large: boolean;
  /** The image the built-in card would show (absolute, http/https only), if any. */
  image?: string;
  /** The room's link (absolute, http/https only), if any. */
  href?: string;
}

/** `renderCard` property: returns anything Lit can render (a template, a string or a DOM node). */
export type RenderCard = (room: Room, context: CardContext) => unknown;

/** Intrinsic size given to every image so the grid never shifts while pictures arrive (4:3). */
export const IMAGE_WIDTH = 400;
export const IMAGE_HEIGHT = 300;

/**
 * The picture for a card: the photoreal render in the photoreal list, the high-quality image when
 * the card is large and has one, else the thumbnail; the first that is safe and has not failed.
 * `root` is the service root the room's URLs are relative to.
 */
export function cardImage(
  room: Room,
  root: string,
  large: boolean,
  photoreal = false,
  broken: ReadonlySet<string> = new Set(),
): string | undefined {
  const candidates = [
    photoreal ? room.photoreal_image_url : undefined,
    large ? room.hq_image_url : undefined,
    room.image_url,
    room.hq_image_url,
  ];
  for (const candidate of candidates) {
    const safe = serviceUrl(candidate, root);
    // an image that failed to load gives way to the next candidate, and at the end to the placeholder
    if (safe && !broken.has(safe)) return safe;
  }
  return undefined;
}

/**
 * The first cards' pictures are loaded at once and at high priority, the rest lazily: a gallery under a page's
 * opening lines shows its first row in the first screen, where one of its pictures is the page's largest paint
 * (LCP), and a lazy image there is only asked for after layout, at low priority (Lighthouse flags it as
 * `lcp-lazy-loaded`). Four: the first row of a wide gallery, the first two rows of a phone's.
 */
const EAGER_CARDS = 4;

export interface CardOptions {
  index: number;
  /** Image URL to show, or undefined for the placeholder (also after the image failed to load). */
  image?: string;
  href?: string;
  target: string;
  /** The service root the room's URLs are relative to. */
  root: string;
  /** The element's strings in its language. */
  t: (key: 'untitled' | 'noImage' | 'panorama' | 'photoreal') => string;
  /** The name of the service's room type or style `key` in the element's language (vocabulary.strings.ts). */
  words?: (table: 'roomTypes' | 'roomStyles', key: string) => string;
}

/** The built-in card: a link (or, for a room without a safe URL, a button) holding picture and text. */
export function renderRoomCard(room: Room, options: CardOptions): TemplateResult {
  const { index, image, href, target, t } = options;
  const { words } = options;
  const meta = [[room.category, 'roomTypes'] as const, [room.style, 'roomStyles'] as const]
    .filter(([key]) => typeof key === 'string' && key.trim())
    .map(([key, table]) => (words ? words(table, key!) : key))
    .join(' · ');
  const photoreal = serviceUrl(room.photoreal_image_url, options.root) !== undefined;
  const body = html`<span part="image" class="image ${image ? '' : 'placeholder'}"
      >${
        image
          ? html`<img
              src=${image}
              alt=""
              width=${IMAGE_WIDTH}
              height=${IMAGE_HEIGHT}
              loading=${index < EAGER_CARDS ? 'eager' : 'lazy'}
              fetchpriority=${index < EAGER_CARDS ? 'high' : 'auto'}
              decoding="async"
            />`
          : html`<span class="placeholder-label">${t('noImage')}</span>`
      }${
        room.has_panorama || photoreal
          ? html`<span class="badges"
              >${
                room.has_panorama
                  ? html`<span part="badge badge-panorama" class="badge">${t('panorama')}</span>`
                  : nothing
              }${
                photoreal
                  ? html`<span part="badge badge-photoreal" class="badge">${t('photoreal')}</span>`
                  : nothing
              }</span
            >`
          : nothing
      }</span
    ><span part="name" class="name">${room.name.trim() || t('untitled')}</span
    ><span part="meta" class="meta">${meta}</span>`;
  return href
    ? html`<a
        part="card"
        class="card"
        data-index=${index}
        href=${href}
        target=${target}
        rel=${relFor(target) ?? nothing}
        >${body}</a
      >`
    : html`<button part="card" class="card" type="button" data-index=${index}>${body}</button>`;
}

/**
 * The pictures that failed to load: their cards show the next candidate (cardImage), at the end the
 * placeholder. `error` does not bubble: one capturing listener on the list hears every card's image.
 */
export class BrokenImages {
  broken: ReadonlySet<string> = new Set();

  constructor(private readonly host: ReactiveControllerHost) {}

  readonly listener = {
    capture: true as const,
    handleEvent: (event: Event): void => {
      const img = event.target;
      if (!(img instanceof HTMLImageElement) || !img.src) return;
      this.broken = new Set(this.broken).add(img.src);
      this.host.requestUpdate();
    },
  };
}
