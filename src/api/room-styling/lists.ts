/**
 * The room lists of Document 3 as functions: GET /rooms, /rooms/search, /rooms/panoramas and
 * /rooms/photoreal. RoomStylingClient's methods of the same names call these; an element that only
 * lists rooms imports them alone and its bundle carries only the room list reader (room-list.ts: the
 * envelope checked without valibot, as RoomListSchema checks it).
 */
import type { Query } from '../http.js';
import { callService, serviceToken, type CallOptions, type RoomStylingClientOptions } from './call.js';
import { roomsQuery } from './list-urls.js';
import {
  pagedQuery,
  searchQuery,
  type IndexRoomsParams,
  type PagedParams,
  type SearchRoomsParams,
} from './params.js';
import { readRoomList } from './room-list.js';
import type { RoomList } from './types.js';

/** GET `path`, its answer read as a room list (an ApiError of kind `invalid` if it is not one). */
async function getList(
  options: RoomStylingClientOptions,
  path: string,
  query: Query,
  call?: CallOptions,
): Promise<RoomList> {
  const { data, url } = await callService(options, 'GET', path, query, call);
  return readRoomList(data, url);
}

/** GET /rooms: `offset` pages; `whitelabel` defaults to the options', then configure()'s. */
export function listRooms(
  options: RoomStylingClientOptions,
  params: IndexRoomsParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  return getList(options, '/rooms', roomsQuery(options, params), call);
}

/** GET /rooms/search: always sends a limit (the service answers 422 without one). */
export function searchRooms(
  options: RoomStylingClientOptions,
  params: SearchRoomsParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  const query = searchQuery(params);
  if (query.kind === 'own') query.token = serviceToken(options);
  return getList(options, '/rooms/search', query, call);
}

/** GET /rooms/panoramas: rooms with has_panorama true. */
export function listPanoramas(
  options: RoomStylingClientOptions,
  params: PagedParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  return getList(options, '/rooms/panoramas', pagedQuery(params), call);
}

/** GET /rooms/photoreal: rooms with a photoreal_image_url. */
export function listPhotoreal(
  options: RoomStylingClientOptions,
  params: PagedParams = {},
  call?: CallOptions,
): Promise<RoomList> {
  return getList(options, '/rooms/photoreal', pagedQuery(params), call);
}
