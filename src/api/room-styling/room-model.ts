/**
 * GET /rooms/:id for what `<room-viewer>` and `<room-plan>` draw: the room document's `model` member,
 * which readModel() then reads leniently. The rest of the room (title, products, images) is not
 * checked against the room schema here: the elements draw none of it, so a room whose listing fields
 * are off still shows, and an element's first frame carries neither valibot nor the client's schemas
 * (about 5 KB gzip; RoomStylingClient.getRoom is the validated call for everything else).
 */
import { callService, serviceToken, type CallOptions, type RoomStylingClientOptions } from './call.js';
import { rememberRender } from './room-render.js';

/** The room's `model` member as sent (undefined when the document has none); the id is a decimal string. */
export async function getRoomModel(
  options: RoomStylingClientOptions,
  id: string,
  call?: CallOptions,
): Promise<unknown> {
  const { data } = await callService(options, 'GET', `/rooms/${id}`, { token: serviceToken(options) }, call);
  // the render it names is the viewer's poster (room-render.ts)
  rememberRender(options, id, data);
  return data && typeof data === 'object' && !Array.isArray(data)
    ? (data as { model?: unknown }).model
    : undefined;
}
