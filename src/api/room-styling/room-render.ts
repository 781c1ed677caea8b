/**
 * GET /rooms/:id?skip_model=true for an element's poster: the room's own render as the service made it
 * (`image_url`, 480 × 270, and `hq_image_url`, 960 × 540, when the room has one). Without the model
 * the answer is a few hundred bytes, so the poster is on its way long before the room's model (tens of
 * kilobytes) or a panorama's faces (megabytes) are. Only http(s) URLs come back, resolved against the
 * service root; the rest of the record is not read (room-model.ts says why).
 */
import { safeHttpUrl } from '../safe-url.js';
import {
  callService,
  serviceBase,
  serviceToken,
  type CallOptions,
  type RoomStylingClientOptions,
} from './call.js';

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
  const { data } = await callService(
    options,
    'GET',
    `/rooms/${id}`,
    { token: serviceToken(options), skip_model: true },
    call,
  );
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const record = data as { image_url?: unknown; hq_image_url?: unknown };
  const base = serviceBase(options);
  const image = safeHttpUrl(record.image_url, base);
  const hq = safeHttpUrl(record.hq_image_url, base);
  return { ...(image ? { image } : {}), ...(hq ? { hq } : {}) };
}

/** `srcset` for a render (480w / 960w as the service draws them), or undefined when it has no image. */
export function renderSrcset(render: RoomRender): string | undefined {
  const parts = [render.image && `${render.image} 480w`, render.hq && `${render.hq} 960w`].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}
