/**
 * The room list of an envelope that is one (an object with a `rooms` array), apart from room-list.ts's
 * reader of those that are not (valibot's issue words, the ApiError): a CDN gallery reads its first page
 * with this alone (src/elements/room-gallery/gallery-list.cdn.ts) and hands anything else to the client's
 * chunk after it, which says what was wrong in the same words (issue 35's bytes).
 */
import { integer, isRecord, nullable, string, type Fields } from './fields.js';
import { readRoom } from './room-read.js';
import type { RoomList } from './types.js';

/** An envelope with a `rooms` array (anything else is room-list.ts's to report). */
export const isList = (value: unknown): value is Fields & { rooms: unknown[] } =>
  isRecord(value) && Array.isArray(value.rooms);

/** The list of an envelope whose `rooms` is an array: entries that are not objects are left out. */
export function listOf(input: Fields & { rooms: unknown[] }): RoomList {
  const list: Fields = { rooms: input.rooms.filter(isRecord).map(readRoom) };
  if ('total' in input) list.total = integer(input.total);
  list.last_updated = 'last_updated' in input ? nullable(string, input.last_updated) : null;
  return list as unknown as RoomList;
}
