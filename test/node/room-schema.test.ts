/**
 * The room list and search meta schemas (src/api/room-styling/room-schema.ts, search-meta.ts) read
 * fields with small plain coercions instead of a dozen valibot schema kinds. They must do exactly
 * what the declarative valibot schemas they replaced did: those are kept here as the reference and
 * both are run on every kind of value in every field (outputs deep-equal, key presence included;
 * the same success or failure, with the same issue paths and messages).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { lenientBoolean, lenientInteger } from '../../src/api/validate.ts';
import { ApiError } from '../../src/api/http.ts';
import { readRoomList } from '../../src/api/room-styling/room-list.ts';
import { RoomListSchema, RoomSchema } from '../../src/api/room-styling/room-schema.ts';
import { validate } from '../../src/api/validate.ts';
import { SearchMetaSchema } from '../../src/api/room-styling/search-meta.ts';
import * as schemas from '../../src/api/room-styling/schemas.ts';

// ---- the reference: the schemas as they were written before (declarative valibot) ----
const soft = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);
const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String));
const ReferenceRoom = v.object({
  id: soft(lenientInteger),
  name: v.fallback(text, ''),
  category: soft(v.string()),
  style: soft(v.string()),
  url: soft(v.string()),
  image_url: soft(v.string()),
  hq_image_url: v.fallback(v.optional(v.nullable(v.string())), null),
  has_panorama: v.fallback(lenientBoolean, false),
  public: soft(lenientBoolean),
  user_id: soft(lenientInteger),
  source_id: v.fallback(v.optional(v.nullable(lenientInteger)), null),
  created: soft(v.string()),
  last_updated: soft(v.string()),
  photoreal_image_url: soft(v.string()),
  tags: soft(
    v.pipe(
      v.array(v.unknown()),
      v.transform((tags) => tags.filter((t) => typeof t === 'string')),
    ),
  ),
});
const ReferenceList = v.object({
  rooms: v.pipe(
    v.array(v.unknown()),
    v.transform((rooms) =>
      rooms
        .filter((room) => room !== null && typeof room === 'object' && !Array.isArray(room))
        .map((room) => v.parse(ReferenceRoom, room)),
    ),
  ),
  total: soft(lenientInteger),
  last_updated: v.fallback(v.optional(v.nullable(v.string())), null),
});
const ReferenceEntry = v.object({ name: text, key: v.fallback(text, ''), image_url: soft(v.string()) });
const ReferenceMeta = v.object({
  styles: v.array(ReferenceEntry),
  categories: v.array(ReferenceEntry),
  timeframes: v.array(ReferenceEntry),
});

/** Every kind of value a JSON answer (or a careless caller) can put in a field. */
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  1,
  -0,
  7,
  -3,
  2.5,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '  ',
  '0',
  '1',
  '12',
  ' 12 ',
  '-4',
  '2.5',
  '0x10',
  '1e3',
  'true',
  'false',
  'yes',
  'Modern',
  '<b>x</b>',
  'https://example.test/a.jpg',
  [],
  ['a', 1, null, 'b'],
  {},
  { nested: 1 },
];

const FIELDS = Object.keys(ReferenceRoom.entries);

function same(schema: v.GenericSchema, reference: v.GenericSchema, input: unknown, label: string) {
  const got = v.safeParse(schema, input);
  const want = v.safeParse(reference, input);
  assert.equal(got.success, want.success, `${label}: success`);
  if (want.success) assert.deepStrictEqual(got.output, want.output, label);
  else {
    const issues = (r: typeof got) =>
      r.issues!.map((i) => [i.path?.map((p) => String(p.key)).join('.') ?? '', i.message]);
    assert.deepStrictEqual(issues(got), issues(want), `${label}: issues`);
  }
}

describe('room schemas read fields as the declarative valibot schemas did', () => {
  it('every value in every room field, present or absent', () => {
    same(RoomSchema, ReferenceRoom, {}, 'empty room');
    for (const field of FIELDS) {
      for (const value of VALUES) {
        const label = `${field} = ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`;
        same(RoomSchema, ReferenceRoom, { [field]: value }, label);
        same(RoomListSchema, ReferenceList, { rooms: [{ id: 1, [field]: value }] }, `list: ${label}`);
      }
    }
  });

  it('a full room with unknown members, and what is not a room', () => {
    const room = {
      id: '5',
      name: 'Living',
      category: 'Living room',
      style: 'Modern',
      url: 'https://example.test/r/5',
      image_url: 'https://example.test/5.jpg',
      hq_image_url: null,
      has_panorama: 1,
      public: 'true',
      user_id: 9,
      source_id: '3',
      created: '2024-01-01 00:00:00',
      last_updated: '2024-01-02 00:00:00',
      photoreal_image_url: 'https://example.test/5p.jpg',
      tags: ['a', 2],
      extra: '<script>',
    };
    same(RoomSchema, ReferenceRoom, room, 'full room');
    for (const notRoom of [[], [room], 'room', 5, null, undefined]) {
      same(RoomSchema, ReferenceRoom, notRoom, `room ${JSON.stringify(notRoom)}`);
    }
  });

  it('the list envelope: rooms, total and last_updated, and bodies that are not a list', () => {
    for (const value of VALUES) {
      same(RoomListSchema, ReferenceList, { rooms: [], total: value }, `total ${String(value)}`);
      same(
        RoomListSchema,
        ReferenceList,
        { rooms: [], last_updated: value },
        `last_updated ${String(value)}`,
      );
      same(RoomListSchema, ReferenceList, { rooms: [value, { id: 2 }] }, `entry ${String(value)}`);
      same(RoomListSchema, ReferenceList, value, `body ${String(value)}`);
      same(RoomListSchema, ReferenceList, { rooms: value }, `rooms ${String(value)}`);
    }
    same(RoomListSchema, ReferenceList, { rooms: [], extra: 1 }, 'unknown member dropped');
  });

  it("the gallery's list reader without valibot (room-list.ts) does what validate(RoomListSchema) does", () => {
    const URL = 'https://rooms.example/rooms?limit=12';
    const outcome = (read: () => unknown) => {
      try {
        return { output: read() };
      } catch (error) {
        assert.ok(error instanceof ApiError, `an ApiError, not ${String(error)}`);
        const { message, status, url, kind, body, issues } = error;
        return { error: { message, status, url, kind, body, issues } };
      }
    };
    const bodies: unknown[] = [
      ...VALUES,
      ...VALUES.map((rooms) => ({ rooms })),
      ...VALUES.map((value) => ({
        rooms: [value, { id: 2, name: value }],
        total: value,
        last_updated: value,
      })),
      { rooms: [], extra: 1 },
      { total: 3 },
      Object.create(null),
      Object.assign(Object.create(null), { rooms: [{ id: 1 }] }),
      new Date(0),
      [{ rooms: [] }],
    ];
    for (const body of bodies) {
      const label = JSON.stringify(body) ?? String(body);
      const got = outcome(() => readRoomList(body, URL));
      const want = outcome(() => validate(RoomListSchema, body, URL));
      assert.deepStrictEqual(got, want, label);
    }
    // and it does fail: a body that is no list is an `invalid` ApiError naming what was wrong
    assert.throws(() => readRoomList({ rooms: 'many' }, URL), {
      kind: 'invalid',
      message:
        'The service sent an unexpected response (rooms: Invalid type: Expected Array but received "many")',
    });
  });

  it('search meta: entries need a name, keys and images are lenient, other bodies fail alike', () => {
    const lists = (entry: unknown) => ({ styles: [entry], categories: [], timeframes: [] });
    for (const field of ['name', 'key', 'image_url']) {
      for (const value of VALUES) {
        const entry = { name: 'Modern', key: 'modern', [field]: value };
        same(SearchMetaSchema, ReferenceMeta, lists(entry), `${field} = ${String(value)}`);
      }
    }
    same(SearchMetaSchema, ReferenceMeta, lists({ key: 'k' }), 'entry without name');
    same(SearchMetaSchema, ReferenceMeta, lists('Modern'), 'entry that is a string');
    same(SearchMetaSchema, ReferenceMeta, { ...lists({ name: 'a' }), extra: 1 }, 'unknown member dropped');
    for (const value of VALUES) same(SearchMetaSchema, ReferenceMeta, value, `body ${String(value)}`);
    same(SearchMetaSchema, ReferenceMeta, { styles: [] }, 'lists missing');
  });

  it('schemas.ts still exports the same schemas', () => {
    assert.equal(schemas.RoomSchema, RoomSchema);
    assert.equal(schemas.RoomListSchema, RoomListSchema);
    assert.equal(schemas.SearchMetaSchema, SearchMetaSchema);
  });
});
