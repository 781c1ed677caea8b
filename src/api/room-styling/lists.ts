/**
 * The room lists of Document 3 as functions: GET /rooms, /rooms/search, /rooms/panoramas and
 * /rooms/photoreal. RoomStylingClient's methods of the same names call these; an element that only
 * lists rooms imports them alone and its bundle carries only the room list schema.
 */
import { serviceToken, type CallOptions, type RoomStylingClientOptions } from './call.js';
import { getValidated } from './get-validated.js';
import { roomsQuery } from './list-urls.js';
import {
  pagedQuery,
  searchQuery,
  type IndexRoomsParams,
  type PagedParams,
  type SearchRoomsParams,
} from './params.js';
import { RoomListSchema } from './room-schema.js';
import type { RoomList } from './types.js';

/** GET /rooms: `offset` pages; `whitelabel` defaults to the options', then configure()'s. */
export function listRooms(
  options: RoomStylingClientOptions,
  params: IndexRoomsParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  return getValidated(options, RoomListSchema, '/rooms', roomsQuery(options, params), call);
}

/** GET /rooms/search: always sends a limit (the service answers 422 without one). */
export function searchRooms(
  options: RoomStylingClientOptions,
  params: SearchRoomsParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  const query = searchQuery(params);
  if (query.kind === 'own') query.token = serviceToken(options);
  return getValidated(options, RoomListSchema, '/rooms/search', query, call);
}

/** GET /rooms/panoramas: rooms with has_panorama true. */
export function listPanoramas(
  options: RoomStylingClientOptions,
  params: PagedParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  return getValidated(options, RoomListSchema, '/rooms/panoramas', pagedQuery(params), call);
}

/** GET /rooms/photoreal: rooms with a photoreal_image_url. */
export function listPhotoreal(
  options: RoomStylingClientOptions,
  params: PagedParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  return getValidated(options, RoomListSchema, '/rooms/photoreal', pagedQuery(params), call);
}
