/**
 * The room and room-list schemas (for the client; the gallery's lists use room-list.ts, the same check
 * without valibot): valibot checks the list envelope (an object with a `rooms` array,
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
import { listOf } from './room-list.js';
import { readRoom } from './room-read.js';

export { readRoom };

/** One room: any object (valibot's issue for anything else); its fields read as readRoom does. */
export const RoomSchema = v.pipe(v.looseObject({}), v.transform(readRoom));

/** The list envelope: `rooms` must be an array; entries that are not objects are left out. */
export const RoomListSchema = v.pipe(
  v.looseObject({ rooms: v.array(v.unknown()) }),
  // the same reading as the gallery's valibot-free path (room-list.ts)
  v.transform((input) => listOf(input)),
);
