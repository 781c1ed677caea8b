/**
 * The gallery's one call of the room-styling service, through the list client and its fetch wrapper: a
 * module of its own so that the CDN build can load it after the first cards (gallery-list.cdn.ts).
 */
import type { CallOptions, RoomStylingClientOptions } from '../../api/room-styling/call.js';
import type { RoomList } from '../../api/room-styling/index.js';
// the list operations alone (not RoomStylingClient), so the bundle carries only the room list schema
import { listPanoramas, listPhotoreal, listRooms, searchRooms } from '../../api/room-styling/lists.js';
import type { GalleryRequest } from './query.js';
import { serviceRoot } from './service-root.js';

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
