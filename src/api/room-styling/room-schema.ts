/**
 * The room and room-list schemas: valibot checks the list envelope (an object with a `rooms` array,
 * with valibot's own issues when it is not), and each room is read field by field by plain
 * coercions. They do exactly what the declarative form
 * `v.object({ id: v.fallback(v.optional(lenientInteger), undefined), name: v.fallback(text, ''), ... })`
 * did (test/node/room-schema.test.ts compares both on every kind of field value), in far fewer bytes:
 * a page that only lists rooms does not download a dozen valibot schema kinds for it.
 *
 * The rule of every field: an invalid value never fails the room, it is dropped (undefined) or
 * replaced by the field's default (`name` '', `has_panorama` false, `hq_image_url` and `source_id`
 * null). A member the answer does not have stays absent, unless the field has a default.
 */
import * as v from 'valibot';
import { boolean, integer, isRecord, nullable, string, text, type Fields } from './fields.js';
import type { Room, RoomList } from './types.js';

/** Reads one room object; see the file comment for the rule. */
export function readRoom(input: Fields): Room {
  const room: Fields = {};
  const soft = (key: keyof Room, read: (x: unknown) => unknown) => {
    if (key in input) room[key] = read(input[key]);
  };
  soft('id', integer);
  room.name = text(input.name) ?? '';
  soft('category', string);
  soft('style', string);
  soft('url', string);
  soft('image_url', string);
  room.hq_image_url = 'hq_image_url' in input ? nullable(string, input.hq_image_url) : null;
  room.has_panorama = boolean(input.has_panorama) ?? false;
  soft('public', boolean);
  soft('user_id', integer);
  room.source_id = 'source_id' in input ? nullable(integer, input.source_id) : null;
  soft('created', string);
  soft('last_updated', string);
  soft('photoreal_image_url', string);
  soft('tags', (tags) => (Array.isArray(tags) ? tags.filter((t) => typeof t === 'string') : undefined));
  return room as unknown as Room;
}

/** One room: any object (valibot's issue for anything else); its fields read as readRoom does. */
export const RoomSchema = v.pipe(v.looseObject({}), v.transform(readRoom));

/** The list envelope: `rooms` must be an array; entries that are not objects are left out. */
export const RoomListSchema = v.pipe(
  v.looseObject({ rooms: v.array(v.unknown()) }),
  v.transform((input): RoomList => {
    const list: Fields = { rooms: input.rooms.filter(isRecord).map(readRoom) };
    if ('total' in input) list.total = integer(input.total);
    list.last_updated = 'last_updated' in input ? nullable(string, input.last_updated) : null;
    return list as unknown as RoomList;
  }),
);
