/**
 * Where a viewer's model comes from: the `model` property, a `src` URL (a model JSON document, or a
 * whole room document with a `model` member, as the service's GET /rooms/:id answers), or `room-id`
 * through the room-styling client. Returns the raw JSON: readModel() validates it.
 */
import { ApiError, request } from '../../api/http.js';
import { RoomStylingClient } from '../../api/room-styling/index.js';
import { safeHttpUrl } from '../../internal/safe-url.js';
import { ViewerError } from './viewer-errors.js';

export interface ModelSource {
  model?: unknown;
  src?: string;
  roomId?: string;
  apiBase?: string;
}

/** True when the source names something to load. */
export function hasSource(source: ModelSource): boolean {
  return source.model != null || !!source.src || !!source.roomId;
}

/** A room document's `model` member, or the document itself when it is already a model. */
function unwrap(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && !('plan' in raw) && 'model' in raw) {
    return (raw as { model: unknown }).model;
  }
  return raw;
}

export async function loadModel(source: ModelSource, signal: AbortSignal): Promise<unknown> {
  if (source.model != null) return source.model;
  if (source.src) {
    const url = safeHttpUrl(source.src);
    if (!url) throw new ApiError(`not an http(s) URL: ${source.src}`, 0, source.src, 'invalid');
    return unwrap(await request(url, { signal }));
  }
  if (source.roomId) {
    if (!/^\s*\d+\s*$/.test(source.roomId)) throw new ViewerError(`not a room id: ${source.roomId}`, 'id');
    const client = new RoomStylingClient({ base: source.apiBase || undefined });
    const room = await client.getRoom(source.roomId, {}, { signal });
    if (room.model == null) throw new ViewerError('the room has no model', 'model');
    return room.model;
  }
  return undefined;
}
