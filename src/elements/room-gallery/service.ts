/**
 * Where the gallery talks to the room-styling service: which list operation a request is, and the one
 * URL policy. The service root (`api-base`, else configure()'s) is made absolute against the page
 * before use, and every URL the service sends (a room's `url`, its pictures, the filters' swatches) is
 * resolved against that root, as the client joins its paths to it: a relative `images/1.png` from a
 * service at `https://rooms.example/api` is `https://rooms.example/api/images/1.png`, whatever page
 * embeds the gallery. Only http(s) results are kept (safeHttpUrl).
 */
import type { CallOptions, RoomStylingClientOptions } from '../../api/room-styling/call.js';
import type { RoomList } from '../../api/room-styling/index.js';
// the list operations alone (not RoomStylingClient), so the bundle carries only the room list schema
import { listPanoramas, listPhotoreal, listRooms, searchRooms } from '../../api/room-styling/lists.js';
import { safeHttpUrl } from '../../internal/safe-url.js';
import type { GalleryRequest } from './query.js';
import { serviceRoot } from './service-root.js';

export { serviceRoot };

/** What RoomStylingClient would be given: the element's attributes, else configure()'s. */
export function serviceOf(host: {
  apiBase?: string;
  token?: string;
  whitelabel?: string;
}): RoomStylingClientOptions {
  const { apiBase, token, whitelabel } = host;
  return { base: apiBase || undefined, token: token || undefined, whitelabel: whitelabel || undefined };
}

/** A URL the service sent, resolved against its root; undefined unless it is http(s). */
export const serviceUrl = (value: unknown, root: string): string | undefined => safeHttpUrl(value, root);

/** The one client call of `request`, against the absolute root. */
export function callService(
  service: RoomStylingClientOptions,
  request: GalleryRequest,
  call: CallOptions,
): Promise<RoomList> {
  const options = { ...service, base: serviceRoot(service) };
  switch (request.operation) {
    case 'searchRooms':
      return searchRooms(options, request.params, call);
    case 'listPanoramas':
      return listPanoramas(options, request.params, call);
    case 'listPhotoreal':
      return listPhotoreal(options, request.params, call);
    default:
      return listRooms(options, request.params, call);
  }
}
