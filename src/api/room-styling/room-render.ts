/**
 * GET /rooms/:id?skip_model=true for an element's poster: the room's own render as the service made it
 * (`image_url`, 480 × 270, and `hq_image_url`, 960 × 540, when the room has one). Without the model
 * the answer is a few hundred bytes, so the poster is on its way long before the room's model (tens of
 * kilobytes) or a panorama's faces (megabytes) are. Only http(s) URLs come back, resolved against the
 * service root; the rest of the record is not read (room-model.ts says why).
 */
import { joinUrl } from '../http.js';
import { safeHttpUrl } from '../safe-url.js';
import { callService, serviceBase, serviceToken } from './call.js';
import type { CallOptions, RoomStylingClientOptions } from './call.js';

/** The renders of the room documents fetched last (renderOf), read by the viewer's poster; bounded. */
const remembered = new Map<string, RoomRender>();
const REMEMBERED = 50;

/**
 * Keeps the render named in a room document fetched for its model (room-model.ts), so a viewer's
 * poster comes from the answer it already has instead of a second request.
 */
export function rememberRender(options: RoomStylingClientOptions, id: string, record: unknown): void {
  const render = renderOf(record, serviceBase(options));
  const key = `${serviceBase(options)}|${id}`;
  remembered.delete(key);
  remembered.set(key, render);
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

/** The render of the room document last fetched for `id` from that service, if any. */
export function rememberedRender(options: RoomStylingClientOptions, id: string): RoomRender | undefined {
  return remembered.get(`${serviceBase(options)}|${id}`);
}

/** The render a room record names (its URLs checked and resolved against the service root). */
export function renderOf(data: unknown, base: string): RoomRender {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const record = data as { image_url?: unknown; hq_image_url?: unknown };
  const image = safeHttpUrl(record.image_url, base);
  const hq = safeHttpUrl(record.hq_image_url, base);
  return { ...(image ? { image } : {}), ...(hq ? { hq } : {}) };
}

/** A room's render: each URL checked (absolute http(s)) or absent. */
export interface RoomRender {
  /** `image_url`: 480 × 270. */
  image?: string;
  /** `hq_image_url`: 960 × 540. */
  hq?: string;
}

/** The room's render URLs; `{}` when the record names none. The id is a decimal string. */
export async function getRoomRender(
  options: RoomStylingClientOptions,
  id: string,
  call?: CallOptions,
): Promise<RoomRender> {
  const { data } = await callService(options, 'GET', `/rooms/${id}`, renderQuery(options), call);
  return renderOf(data, serviceBase(options));
}

const renderQuery = (options: RoomStylingClientOptions) => ({
  token: serviceToken(options),
  skip_model: true,
});

/**
 * The URL getRoomRender asks, built the same way: the CDN loader starts it early (src/cdn/head-start.ts)
 * and the element's call takes that answer only when the two are the very same string.
 */
export const roomRenderUrl = (options: RoomStylingClientOptions, id: string): string =>
  joinUrl(serviceBase(options), `/rooms/${id}`, renderQuery(options));

/** `srcset` for a render (480w / 960w as the service draws them), or undefined when it has no image. */
export function renderSrcset(render: RoomRender): string | undefined {
  const parts = [render.image && `${render.image} 480w`, render.hq && `${render.hq} 960w`].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}
