/**
 * The URL of the gallery's first page as the element will ask it, from its attributes alone: the CDN
 * loader starts it before the gallery's chunks arrive (src/cdn/head-start.ts). Only for the plain list
 * (`source="rooms"`, the default) without the filters that shape its query, and not when the gallery
 * reads its search from the address (`history`): anything else is left to the element. Written out
 * here rather than through buildGalleryRequest() and the clients' query builders, which would triple the
 * loader; test/node/head-start.test.ts pins it to what the element sends (listRoomsUrl).
 *
 * plainListUrl() is the same URL from the element's request: the CDN gallery finds the loader's answer
 * by it (gallery-list.cdn.ts) without the client's parameter builders (api/room-styling/params.ts,
 * about 0.2 KB gzip) on its first cards' path. Two small writers rather than one: the loader, which every
 * page downloads, stays as small as it was (the test pins both to listRoomsUrl).
 */
import { getConfig } from '../../config.js';
import { joinUrl } from '../../api/join-url.js';
import type { RoomStylingClientOptions } from '../../api/room-styling/call.js';
import type { IndexRoomsParams } from '../../api/room-styling/params.js';
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

/**
 * GET /rooms's URL of a page of the plain list (no filter shaping it: the caller checks) as the gallery
 * builds its request (query.ts: a limit of 1 to 50, a whole offset), as listRoomsUrl() writes it but for
 * the order of its parameters (the head start's answers are matched in any order).
 */
export const plainListUrl = (
  service: RoomStylingClientOptions,
  { limit, offset, skipTotal, whitelabel }: IndexRoomsParams,
): string =>
  joinUrl(serviceRoot(service), '/rooms', {
    limit,
    offset: offset || undefined,
    skip_total: skipTotal ? 'true' : undefined,
    skip_last_updated: 'true',
    whitelabel: (whitelabel ?? service.whitelabel ?? getConfig().whitelabel)?.trim(),
  });
