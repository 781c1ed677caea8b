/** valibot schemas for Document 3's responses: strict envelopes, lenient fields. */
import * as v from 'valibot';
import { lenientInteger } from '../validate.js';
import { RoomListSchema, RoomSchema } from './room-schema.js';

/** A field that is dropped (undefined) when it is not valid. */
const soft = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);
const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

// rooms, room lists and search meta live beside the code every gallery loads, in a few bytes
export { RoomListSchema, RoomSchema };
export { SearchMetaSchema } from './search-meta.js';

export const RoomDetailSchema = v.pipe(
  v.looseObject({ id: lenientInteger }),
  v.transform((room) => {
    const fields = v.parse(RoomSchema, room);
    const model = (room as { model?: unknown }).model;
    return { ...fields, id: fields.id ?? (room.id as number), tags: fields.tags ?? [], model };
  }),
);

const url = v.pipe(v.string(), v.nonEmpty());

export const PanoramaSchema = v.object({
  id: lenientInteger,
  room_id: lenientInteger,
  width: soft(lenientInteger),
  height: soft(lenientInteger),
  type: soft(v.string()),
  status: soft(v.string()),
  images: v.object({ r: url, d: url, l: url, u: url, b: url, f: url }),
  path: v.fallback(v.optional(v.nullable(v.string())), null),
  transaction_id: v.fallback(v.optional(v.nullable(v.union([v.string(), v.number()]))), null),
  satisfied: v.optional(v.unknown()),
  retry_parent_id: v.fallback(v.optional(v.nullable(lenientInteger)), null),
  created_at: soft(v.string()),
  updated_at: soft(v.string()),
  pano_viewer_url: soft(v.string()),
});

export const UserSchema = v.object({
  id: lenientInteger,
  username: soft(v.string()),
  role: soft(v.string()),
  bio: soft(v.string()),
  avatar: soft(v.string()),
  background: soft(v.string()),
});

/** A JSON object, not an array (valibot's object() lets an array through when no member is required). */
const isRecord = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x);

/** POST /users answers a user record (not shown by Document 3): every member optional. */
export const CreatedUserSchema = v.pipe(
  v.custom<Record<string, unknown>>(isRecord, 'Expected an object'),
  v.object({ ...UserSchema.entries, id: soft(lenientInteger) }),
);

/**
 * POST /rooms/:id/comments (answer not shown by Document 3): an object whose known members are read
 * leniently, or no body at all (an empty record).
 */
export const CommentSchema = v.pipe(
  v.custom<Record<string, unknown> | null | undefined>(
    (x) => x === undefined || x === null || isRecord(x),
    'Expected an object or no body',
  ),
  v.transform((body) => body ?? {}),
  v.object({
    id: soft(lenientInteger),
    room_id: soft(lenientInteger),
    user_id: soft(lenientInteger),
    comment: soft(text),
    created_at: soft(v.string()),
  }),
);
