import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import {
  formatTimestamp,
  indexQuery,
  normaliseLimit,
  offsetOf,
  pagedQuery,
  searchQuery,
} from '../../src/api/room-styling/params.ts';
import { RoomListSchema } from '../../src/api/room-styling/schemas.ts';

describe('room-styling parameters', () => {
  it('normalises limit as the service does: 1–50, anything else 50', () => {
    assert.equal(normaliseLimit(1), 1);
    assert.equal(normaliseLimit(50), 50);
    assert.equal(normaliseLimit('12'), 12);
    for (const bad of [0, 51, -3, 2.5, 'abc', '', null, undefined, NaN])
      assert.equal(normaliseLimit(bad), 50);
  });

  it('pages to offsets: offset = limit × (page − 1)', () => {
    assert.equal(offsetOf(12, 1), 0);
    assert.equal(offsetOf(12, 3), 24);
    assert.equal(offsetOf(100, 2), 50);
  });

  it('sends only the parameters each operation defines, spelled as the service spells them', () => {
    assert.deepEqual(
      Object.entries(
        indexQuery({
          limit: 10,
          offset: 20,
          order: 'created',
          direction: 'asc',
          userId: 7,
          tag: 'x',
          skipTotal: true,
        }),
      ).filter(([, value]) => value !== undefined),
      [
        ['limit', 10],
        ['offset', 20],
        ['skip_total', 'true'],
        ['user_id', 7],
        ['order', 'created'],
        ['Direction', 'asc'],
        ['tag', 'x'],
      ],
    );
    const search = searchQuery({ q: ' sofa ', page: 2, style: 'Modern' });
    assert.equal(search.limit, 50, 'a search always carries a limit');
    assert.equal(search.q, 'sofa');
    assert.equal(search.page, 2);
    assert.ok(!('offset' in search) && !('Direction' in search));
    assert.deepEqual(Object.keys(pagedQuery({})).sort(), ['limit', 'page', 'since', 'skip_total']);
  });

  it('takes user_id as a number or a string of digits, and nothing else', () => {
    assert.equal(indexQuery({ userId: 480836 }).user_id, 480836);
    assert.equal(indexQuery({ userId: ' 480836 ' }).user_id, 480836);
    for (const bad of ['', 'abc', '0x10', '1e3', -1, 1.5, Number.NaN]) {
      assert.equal(indexQuery({ userId: bad }).user_id, undefined, String(bad));
    }
  });

  it('formats timestamps as YYYY-MM-DD HH:MM:SS', () => {
    assert.equal(formatTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5))), '2026-01-02 03:04:05');
    assert.equal(formatTimestamp(new Date('nonsense')), undefined);
  });
});

describe('room list validation', () => {
  it('reads rooms field by field: bad fields are dropped, the room is kept', () => {
    const list = v.parse(RoomListSchema, {
      total: '3',
      rooms: [
        { id: '5', name: 42, category: null, has_panorama: 'true', hq_image_url: 7 },
        null,
        { id: 6, name: '<b>x</b>', image_url: 'javascript:alert(1)' },
      ],
    });
    assert.equal(list.total, 3);
    assert.equal(list.rooms.length, 2);
    assert.deepEqual(
      { id: list.rooms[0]!.id, name: list.rooms[0]!.name, category: list.rooms[0]!.category },
      { id: 5, name: '42', category: undefined },
    );
    assert.equal(list.rooms[0]!.has_panorama, true);
    assert.equal(list.rooms[0]!.hq_image_url, null);
    assert.equal(
      list.rooms[1]!.name,
      '<b>x</b>',
      'the client keeps text as text; elements render it as text',
    );
  });

  it('rejects a body that is not the envelope', () => {
    assert.equal(v.safeParse(RoomListSchema, { rooms: 'nope' }).success, false);
    assert.equal(v.safeParse(RoomListSchema, [1, 2]).success, false);
  });
});
