/**
 * Where the gallery talks to the room-styling service: which list operation a request is, and the one
 * URL policy. The service root (`api-base`, else configure()'s) is made absolute against the page
 * before use, and every URL the service sends (a room's `url`, its pictures, the filters' swatches) is
 * resolved against that root, as the client joins its paths to it: a relative `images/1.png` from a
 * service at `https://rooms.example/api` is `https://rooms.example/api/images/1.png`, whatever page
 * embeds the gallery. Only http(s) results are kept (safeHttpUrl). The call itself is list-call.ts.
 */
import type { RoomStylingClientOptions } from '../../api/room-styling/call.js';
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
export { safeHttpUrl as serviceUrl } from '../../internal/safe-url.js';
