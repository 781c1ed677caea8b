/**
 * The URL of the gallery's first page as the element will ask it, from its attributes alone: the CDN
 * loader starts it before the gallery's chunks arrive (src/cdn/head-start.ts). Only for the plain list
 * (`source="rooms"`, the default) without the filters that shape its query, and not when the gallery
 * reads its search from the address (`history`): anything else is left to the element. Written out
 * here rather than through buildGalleryRequest() and the clients' query builders, which would triple the
 * loader; test/node/gallery-first-page.test.ts pins it to what the element sends (listRoomsUrl).
 */
import { getConfig } from '../../config.js';
import { joinUrl } from '../../api/join-url.js';
import { galleryLimit, limitConverter } from './query.js';
import { serviceRoot } from './service-root.js';

/** Attributes that change the list's query (or where it is read from). */
const SHAPING = ['category', 'user-id', 'tag', 'order', 'direction', 'created', 'last-updated', 'history'];

export function firstPageUrl(gallery: Element): string | undefined {
  const read = (name: string) => gallery.getAttribute(name)?.trim() || undefined;
  if (SHAPING.some((name) => gallery.hasAttribute(name))) return undefined;
  if ((read('source')?.toLowerCase() ?? 'rooms') !== 'rooms') return undefined;
  const limit = galleryLimit(limitConverter.fromAttribute(gallery.getAttribute('limit')));
  const page = Number(read('page') ?? 1);
  const offset = Number.isInteger(page) && page > 1 ? limit * (page - 1) : undefined;
  return joinUrl(serviceRoot({ base: read('api-base') }), '/rooms', {
    limit,
    offset,
    skip_total: gallery.hasAttribute('skip-total') ? 'true' : undefined,
    skip_last_updated: 'true',
    whitelabel: read('whitelabel') ?? getConfig().whitelabel?.trim(),
  });
}
