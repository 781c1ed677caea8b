/**
 * The room-styling emulator over real HTTP: every operation of Document 3, every documented error,
 * limit clamping, pagination arithmetic, filters, ordering, whitelabel auth and token rules.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked member by member by the asserts */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer, type Running } from './helpers/server.ts';
import { assertRoomEntry, basic, caller, ISO_WITH_OFFSET } from './emulator-room-styling-helpers.ts';
import { CATEGORY_KEYS, STYLE_KEYS, TAGS } from '../../server/emulator/room-styling/vocabulary.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

describe('room-styling emulator: operations', () => {
  let running: Awaited<ReturnType<typeof startDemoServer>>;
  let api: ReturnType<typeof caller>;
  /** Every room an anonymous caller can list, newest first. */
  let all: any[];
  let privateRoom: any;
  let owner: { id: number; username: string; token: string };
  let otherToken: string;

  before(async () => {
    delete process.env.ROOM_STYLING_NOW;
    running = await startDemoServer({ seed: 20261122, rooms: 500 });
    api = caller(running.url);
    const pages = await Promise.all(
      Array.from({ length: 10 }, (_, page) => api.call(`/rooms?limit=50&offset=${page * 50}`)),
    );
    all = pages.flatMap((p) => p.body.rooms);
    // A private room, found through its whitelabel (Basic auth shows the whitelabel's private rooms).
    const wl = await api.call('/rooms?whitelabel=woonhuis&limit=50', {
      headers: basic('woonhuis', 'woonhuis-secret'),
    });
    privateRoom = wl.body.rooms.find((r: any) => !r.public);
    assert.ok(privateRoom, 'woonhuis has a private room');
    const user = (await api.call(`/users/${privateRoom.user_id}`)).body;
    const login = await api.postJson('/users/login', { username: user.username, password: 'roomstyler' });
    owner = { id: user.id, username: user.username, token: login.body.token };
    const other = await api.postJson('/users/login', { username: 'TV Renders', password: 'roomstyler' });
    otherToken = other.body.token;
    assert.notEqual(other.body.user_id, owner.id);
  });
  after(() => running.close());

  describe('GET /rooms', () => {
    it('answers the list envelope with exactly the documented room fields, public rooms only', async () => {
      const { status, body, headers } = await api.call('/rooms?limit=5');
      assert.equal(status, 200);
      assert.match(headers.get('content-type') ?? '', /application\/json/);
      assert.deepEqual(Object.keys(body).sort(), ['last_updated', 'rooms', 'total']);
      assert.equal(body.rooms.length, 5);
      for (const room of body.rooms) assertRoomEntry(room, running.url);
      assert.equal(all.length, body.total);
      assert.ok(
        all.every((r) => r.public === true),
        'anonymous lists hold no private room',
      );
      assert.ok(body.total > 400 && body.total < 500, `total ${body.total}: some of 500 rooms are private`);
      assert.match(body.last_updated, ISO_WITH_OFFSET);
      const latest = Math.max(...all.map((r) => Date.parse(r.last_updated)));
      assert.equal(Date.parse(body.last_updated), latest);
    });

    it('clamps limit: 1..50 kept, anything else becomes 50', async () => {
      for (const [limit, expected] of [
        ['1', 1],
        ['50', 50],
        ['17', 17],
        ['0', 50],
        ['51', 50],
        ['-3', 50],
        ['abc', 50],
        ['', 50],
        ['2.5', 50],
      ] as const) {
        const { status, body } = await api.call(`/rooms?limit=${limit}`);
        assert.equal(status, 200, `limit=${limit}`);
        assert.equal(body.rooms.length, expected, `limit=${limit}`);
      }
      assert.equal((await api.call('/rooms')).body.rooms.length, 50, 'no limit');
    });

    it('pages with offset, down to a short last page and an empty one past the end', async () => {
      const page = await api.call('/rooms?limit=7&offset=21');
      assert.deepEqual(
        page.body.rooms.map((r: any) => r.id),
        all.slice(21, 28).map((r) => r.id),
      );
      const total = all.length;
      const last = await api.call(`/rooms?limit=10&offset=${total - 3}`);
      assert.equal(last.body.rooms.length, 3);
      assert.equal(last.body.total, total);
      const beyond = await api.call(`/rooms?limit=10&offset=${total + 5}`);
      assert.equal(beyond.body.rooms.length, 0);
      assert.equal(beyond.body.total, total);
      const negative = await api.call('/rooms?limit=3&offset=-4');
      assert.deepEqual(
        negative.body.rooms.map((r: any) => r.id),
        all.slice(0, 3).map((r) => r.id),
      );
    });

    it('skip_total and skip_last_updated leave those members out', async () => {
      assert.deepEqual(Object.keys((await api.call('/rooms?limit=1&skip_total=true')).body).sort(), [
        'last_updated',
        'rooms',
      ]);
      assert.deepEqual(Object.keys((await api.call('/rooms?limit=1&skip_last_updated=true')).body).sort(), [
        'rooms',
        'total',
      ]);
      assert.deepEqual(
        Object.keys((await api.call('/rooms?limit=1&skip_total=1&skip_last_updated=1')).body),
        ['rooms'],
      );
      assert.deepEqual(Object.keys((await api.call('/rooms?limit=1&skip_total=false')).body).sort(), [
        'last_updated',
        'rooms',
        'total',
      ]);
    });

    it('filters by user_id, category, tag and whitelabel', async () => {
      const userId = all[3].user_id;
      const byUser = await api.call(`/rooms?user_id=${userId}&limit=50`);
      assert.ok(byUser.body.total > 0);
      assert.equal(byUser.body.total, all.filter((r) => r.user_id === userId).length);
      assert.ok(byUser.body.rooms.every((r: any) => r.user_id === userId));
      assert.equal((await api.call(`/rooms?user_id=0${userId}&limit=1`)).body.total, byUser.body.total);
      assert.equal((await api.call('/rooms?user_id=someone&limit=1')).body.total, 0);

      const byCategory = await api.call('/rooms?category=Kitchen&limit=50');
      assert.ok(byCategory.body.total > 0);
      assert.equal(byCategory.body.total, all.filter((r) => r.category === 'Kitchen').length);
      assert.equal((await api.call('/rooms?category=kitchen&limit=1')).body.total, byCategory.body.total);
      assert.equal((await api.call('/rooms?category=Nowhere&limit=1')).body.total, 0);

      const byTag = await api.call('/rooms?tag=plants&limit=5');
      assert.ok(byTag.body.total > 0 && byTag.body.total < all.length);
      for (const room of byTag.body.rooms) {
        const shown = await api.call(`/rooms/${room.id}?skip_model=true`);
        assert.ok(shown.body.tags.includes('plants'), `room ${room.id} has the tag`);
      }

      const counts = await Promise.all(
        ['woonhuis', 'casanova', 'nordhem', 'loftliving'].map(
          async (name) => (await api.call(`/rooms?whitelabel=${name}&limit=1`)).body.total as number,
        ),
      );
      assert.ok(counts.every((n) => n > 0));
      assert.ok(counts.reduce((a, b) => a + b) < all.length, 'not every room belongs to a whitelabel');
      assert.equal((await api.call('/rooms?whitelabel=unknown&limit=1')).body.total, 0);
    });

    it('the data set spreads over every category, style, tag, whitelabel and many users', async () => {
      const categories = new Set(all.map((r) => r.category));
      assert.deepEqual(
        [...categories].sort(),
        ['', ...CATEGORY_KEYS].sort(),
        'every category, and some empty',
      );
      const tagCounts = await Promise.all(
        TAGS.map(async (tag) => (await api.call(`/rooms?tag=${encodeURIComponent(tag)}&limit=1`)).body.total),
      );
      assert.ok(
        tagCounts.every((n: number) => n > 0),
        `every tag has rooms: ${tagCounts.join(', ')}`,
      );
      const owners = new Set(all.map((r) => r.user_id));
      assert.ok(owners.size >= 40, `${owners.size} owners`);
      assert.ok(
        all.some((r) => r.source_id !== null) && all.some((r) => r.hq_image_url === null),
        'copies and rooms without an HQ image',
      );
    });

    it('filters by created and last_updated (YYYY-MM-DD HH:MM:SS, UTC), both at once, and refuses other formats', async () => {
      const pivot = all[40];
      // The filter is read as UTC: the UTC date and time of a room's `created` select it.
      const utc = (iso: string) => new Date(Date.parse(iso)).toISOString().slice(0, 19).replace('T', ' ');
      const text = utc(pivot.created);
      const created = await api.call(`/rooms?created=${encodeURIComponent(text)}&limit=50`);
      assert.equal(
        created.body.total,
        all.filter((r) => Date.parse(r.created) >= Date.parse(pivot.created)).length,
      );
      assert.ok(created.body.rooms.some((r: any) => r.id === pivot.id));

      const updatedText = utc(all[60].last_updated);
      // One second later leaves the pivot out.
      const later = await api.call(
        `/rooms?created=${encodeURIComponent(utc(new Date(Date.parse(pivot.created) + 1000).toISOString()))}&limit=50`,
      );
      assert.ok(!later.body.rooms.some((r: any) => r.id === pivot.id));
      const at = Date.parse(all[60].last_updated);
      const updated = await api.call(`/rooms?last_updated=${encodeURIComponent(updatedText)}&limit=1`);
      assert.equal(updated.body.total, all.filter((r) => Date.parse(r.last_updated) >= at).length);

      const both = await api.call(
        `/rooms?created=${encodeURIComponent(text)}&last_updated=${encodeURIComponent(updatedText)}&limit=1`,
      );
      assert.equal(
        both.body.total,
        all.filter(
          (r) => Date.parse(r.created) >= Date.parse(pivot.created) && Date.parse(r.last_updated) >= at,
        ).length,
      );

      for (const bad of ['yesterday', '2026-11-22', '22-11-2026 10:00:00', '2026-13-01 00:00:00']) {
        const answer = await api.call(`/rooms?created=${encodeURIComponent(bad)}`);
        assert.equal(answer.status, 422, bad);
        assert.match(answer.body.error, /YYYY-MM-DD HH:MM:SS/);
      }
    });

    it('orders by an attribute with Direction asc and desc; Direction is required with order', async () => {
      const asc = (await api.call('/rooms?order=name&Direction=asc&limit=50')).body.rooms.map(
        (r: any) => r.name,
      );
      const sorted = [...asc].sort((a: string, b: string) =>
        a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
      );
      assert.deepEqual(asc, sorted);
      const first = (await api.call('/rooms?order=id&Direction=asc&limit=50')).body.rooms.map(
        (r: any) => r.id,
      );
      assert.deepEqual(
        first,
        [...first].sort((a, b) => a - b),
      );
      assert.equal(first[0], Math.min(...all.map((r) => r.id)));
      const desc = (await api.call('/rooms?order=id&Direction=DESC&limit=50')).body.rooms.map(
        (r: any) => r.id,
      );
      assert.equal(desc[0], Math.max(...all.map((r) => r.id)));
      assert.deepEqual(
        desc,
        [...desc].sort((a, b) => b - a),
      );
      const oldest = (await api.call('/rooms?order=created&Direction=asc&limit=1')).body.rooms[0];
      assert.equal(oldest.id, 6346838, 'the 2014 sample room is the oldest');

      const missing = await api.call('/rooms?order=name');
      assert.equal(missing.status, 422);
      assert.match(missing.body.error, /Direction is required/);
      const wrong = await api.call('/rooms?order=name&Direction=up');
      assert.equal(wrong.status, 422);
      const unknown = await api.call('/rooms?order=colour&Direction=asc');
      assert.equal(unknown.status, 422);
      assert.match(unknown.body.error, /Cannot order by "colour"/);
      // Search and the other lists take no order: it is ignored there (no 422 for a missing Direction).
      const search = await api.call('/rooms/search?limit=3&order=name');
      assert.equal(search.status, 200);
      assert.deepEqual(
        search.body.rooms.map((r: any) => r.id),
        all.slice(0, 3).map((r) => r.id),
      );
      // Direction alone is ignored: the default order stays.
      const alone = await api.call('/rooms?Direction=asc&limit=3');
      assert.deepEqual(
        alone.body.rooms.map((r: any) => r.id),
        all.slice(0, 3).map((r) => r.id),
      );
    });
  });

  describe('GET /rooms/search', () => {
    it('answers 422 with the real message without a limit', async () => {
      for (const query of ['', '?q=kitchen', '?limit=']) {
        const { status, body } = await api.call(`/rooms/search${query}`);
        assert.equal(status, 422, query);
        assert.deepEqual(body, { error: 'Limit should be between 1 and 50' });
      }
      for (const limit of ['0', '51', '-3', 'abc']) {
        const { status, body } = await api.call(`/rooms/search?limit=${limit}`);
        assert.equal(status, 200, limit);
        assert.equal(body.rooms.length, 50, limit);
      }
    });

    it('pages: offset is limit * (page - 1), page 1 by default', async () => {
      const page3 = await api.call('/rooms/search?limit=7&page=3');
      assert.deepEqual(
        page3.body.rooms.map((r: any) => r.id),
        all.slice(14, 21).map((r) => r.id),
      );
      for (const page of ['', '0', '-2', 'x', '1']) {
        const answer = await api.call(`/rooms/search?limit=4&page=${page}`);
        assert.deepEqual(
          answer.body.rooms.map((r: any) => r.id),
          all.slice(0, 4).map((r) => r.id),
          `page=${page}`,
        );
      }
      const lastPage = Math.ceil(all.length / 50);
      const last = await api.call(`/rooms/search?limit=50&page=${lastPage}`);
      assert.equal(last.body.rooms.length, all.length - 50 * (lastPage - 1));
      assert.equal((await api.call(`/rooms/search?limit=50&page=${lastPage + 1}`)).body.rooms.length, 0);
      assert.equal((await api.call('/rooms/search?limit=5&skip_total=true')).body.total, undefined);
    });

    it('filters by q, since, category and style', async () => {
      const q = await api.call('/rooms/search?limit=50&q=KITCHEN');
      assert.ok(q.body.total > 0);
      // q matches name, category, style and tags: every Kitchen room and every room named "...kitchen...".
      const expected = all.filter(
        (r) => r.category === 'Kitchen' || r.name.toLowerCase().includes('kitchen'),
      );
      assert.equal(q.body.total, expected.length);
      assert.equal((await api.call('/rooms/search?limit=5&q=zzzz-nothing')).body.total, 0);

      const counts: Record<string, number> = {};
      for (const since of ['Today', 'This week', 'This month', '']) {
        const answer = await api.call(`/rooms/search?limit=50&since=${encodeURIComponent(since)}`);
        assert.equal(answer.status, 200, since);
        counts[since] = answer.body.total;
        const window = { Today: DAY, 'This week': 7 * DAY, 'This month': 30 * DAY }[since];
        if (window) {
          assert.ok(answer.body.total > 0, `${since} holds rooms`);
          assert.ok(answer.body.rooms.every((r: any) => Date.parse(r.created) >= NOW - window));
          assert.equal(answer.body.total, all.filter((r) => Date.parse(r.created) >= NOW - window).length);
        }
      }
      assert.ok(counts.Today! < counts['This week']! && counts['This week']! < counts['This month']!);
      assert.ok(counts['This month']! < counts['']!);
      assert.equal((await api.call('/rooms/search?limit=5&since=Yesterday')).status, 422);

      const bedroom = await api.call('/rooms/search?limit=50&category=Bedroom');
      assert.equal(bedroom.body.total, all.filter((r) => r.category === 'Bedroom').length);
      assert.equal((await api.call('/rooms/search?limit=5&category=')).body.total, all.length);

      let styled = 0;
      for (const style of STYLE_KEYS) {
        const answer = await api.call(`/rooms/search?limit=1&style=${style}`);
        assert.ok(answer.body.total > 0, `${style} has rooms`);
        styled += answer.body.total;
      }
      assert.equal(styled, all.length, 'every room has exactly one style');
    });

    it("kind=own needs a token and then lists the user's rooms, private ones included", async () => {
      const anonymous = await api.call('/rooms/search?limit=50&kind=own');
      assert.equal(anonymous.status, 401);
      assert.match(anonymous.body.error, /token/);
      const own = await api.call(`/rooms/search?limit=50&kind=own&token=${owner.token}`);
      assert.equal(own.status, 200);
      assert.ok(own.body.rooms.every((r: any) => r.user_id === owner.id));
      assert.ok(own.body.rooms.some((r: any) => r.id === privateRoom.id));
      assert.ok(
        own.body.total > all.filter((r) => r.user_id === owner.id).length,
        'public and private rooms',
      );
      // Any other kind is ignored.
      const other = await api.call('/rooms/search?limit=5&kind=everything');
      assert.equal(other.body.total, all.length);
      const bad = await api.call('/rooms/search?limit=5&token=rs_not-a-token');
      assert.equal(bad.status, 401);
      assert.deepEqual(bad.body, { error: 'Invalid token' });
    });
  });

  describe('search meta, panoramas and photoreal lists', () => {
    it('GET /rooms/search/meta lists the documented keys', async () => {
      const { status, body } = await api.call('/rooms/search/meta');
      assert.equal(status, 200);
      const styles = body.styles.map((s: any) => s.key);
      const categories = body.categories.map((s: any) => s.key);
      assert.deepEqual(styles, ['', ...STYLE_KEYS]);
      assert.deepEqual(categories, ['', ...CATEGORY_KEYS]);
      // The vocabulary is the emulator's own, so also check it against Document 3 independently: its
      // counts, spellings (e.g. 'Dining Room' next to 'Living room') and the order's ends.
      assert.equal(styles.length, 1 + 10);
      assert.deepEqual([styles[1], styles[3], styles.at(-1)], ['Modern', 'Classic', 'Other']);
      assert.equal(categories.length, 1 + 9);
      assert.deepEqual(
        [categories[1], categories[4], categories[5], categories.at(-1)],
        ['Kitchen', 'Living room', 'Dining Room', 'Other'],
      );
      assert.deepEqual(
        body.timeframes.map((s: any) => s.key),
        ['', 'Today', 'This week', 'This month'],
      );
      for (const entry of [...body.styles, ...body.categories]) {
        assert.deepEqual(Object.keys(entry).sort(), ['image_url', 'key', 'name']);
        const image = await fetch(entry.image_url);
        assert.equal(image.status, 200, entry.image_url);
        assert.equal(image.headers.get('content-type'), 'image/png');
        await image.arrayBuffer();
      }
      for (const entry of body.timeframes) assert.deepEqual(Object.keys(entry).sort(), ['key', 'name']);
    });

    it('GET /rooms/panoramas lists rooms with has_panorama, paged', async () => {
      const first = await api.call('/rooms/panoramas?limit=10');
      assert.equal(first.status, 200);
      assert.ok(first.body.total > 20);
      assert.equal(first.body.total, all.filter((r) => r.has_panorama).length);
      for (const room of first.body.rooms) {
        assertRoomEntry(room, running.url);
        assert.equal(room.has_panorama, true);
      }
      const second = await api.call('/rooms/panoramas?limit=5&page=2');
      assert.deepEqual(
        second.body.rooms.map((r: any) => r.id),
        first.body.rooms.slice(5, 10).map((r: any) => r.id),
      );
      assert.equal((await api.call('/rooms/panoramas?limit=0')).body.rooms.length, 50);
      assert.equal((await api.call('/rooms/panoramas?limit=3&skip_total=true')).body.total, undefined);
      const today = await api.call('/rooms/panoramas?limit=50&since=This%20month');
      assert.ok(today.body.rooms.every((r: any) => Date.parse(r.created) >= NOW - 30 * DAY));
      assert.ok(today.body.total < first.body.total);
    });

    it('GET /rooms/photoreal lists rooms with a photoreal_image_url, paged', async () => {
      const first = await api.call('/rooms/photoreal?limit=50&page=1');
      assert.equal(first.status, 200);
      assert.ok(first.body.total > 20);
      for (const room of first.body.rooms) {
        assertRoomEntry(room, running.url, ['photoreal_image_url']);
        assert.ok(room.photoreal_image_url.startsWith(`${running.url}/room-styling/images/`));
      }
      const page2 = await api.call('/rooms/photoreal?limit=20&page=2');
      assert.deepEqual(
        page2.body.rooms.map((r: any) => r.id),
        first.body.rooms.slice(20, 40).map((r: any) => r.id),
      );
      assert.equal(
        (await api.call('/rooms/photoreal?limit=99')).body.rooms.length,
        Math.min(50, first.body.total),
      );
      const week = await api.call('/rooms/photoreal?limit=50&since=This%20week');
      assert.ok(week.body.total < first.body.total);
      assert.ok(week.body.rooms.every((r: any) => Date.parse(r.created) >= NOW - 7 * DAY));
      assert.deepEqual(
        Object.keys((await api.call('/rooms/photoreal?limit=1&skip_total=true')).body).sort(),
        ['last_updated', 'rooms'],
      );
    });
  });

  describe('GET /rooms/:id', () => {
    it('shows a room: list fields, tags and the model; skip_model leaves the model out', async () => {
      const listed = all[7];
      const { status, body } = await api.call(`/rooms/${listed.id}`);
      assert.equal(status, 200);
      assert.deepEqual(
        Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'tags' && k !== 'model')),
        listed,
      );
      assert.ok(Array.isArray(body.tags));
      assert.equal(typeof body.model, 'object');
      assert.equal(body.model.room_id, listed.id);
      const skipped = await api.call(`/rooms/${listed.id}?skip_model=true`);
      assert.equal(skipped.body.model, undefined);
      assert.deepEqual(skipped.body.tags, body.tags);
      assert.ok((await api.call(`/rooms/${listed.id}?skip_model=false`)).body.model);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['1', '99999999', 'abc', '12abc']) {
        const answer = await api.call(`/rooms/${id}`);
        assert.equal(answer.status, 404, id);
        assert.deepEqual(answer.body, { error: 'Room not found' });
      }
    });

    it('answers 403 for a private room unless the caller owns it or is its whitelabel', async () => {
      const path = `/rooms/${privateRoom.id}?skip_model=true`;
      const anonymous = await api.call(path);
      assert.equal(anonymous.status, 403);
      assert.deepEqual(anonymous.body, { error: 'This room is private' });
      assert.equal((await api.call(`${path}&token=${otherToken}`)).status, 403, 'another user');
      const asOwner = await api.call(`${path}&token=${owner.token}`);
      assert.equal(asOwner.status, 200);
      assert.equal(asOwner.body.public, false);
      assert.equal((await api.call(path, { headers: basic('woonhuis', 'woonhuis-secret') })).status, 200);
      assert.equal((await api.call(path, { headers: basic('casanova', 'casanova-secret') })).status, 403);
    });
  });

  describe('GET /rooms/:id/panorama', () => {
    it("answers the panorama render with absolute face URLs on the caller's origin", async () => {
      const room = all.find((r) => r.has_panorama && r.id !== 6346838);
      const { status, body } = await api.call(`/rooms/${room.id}/panorama`);
      assert.equal(status, 200);
      assert.deepEqual(Object.keys(body).sort(), [
        'created_at',
        'height',
        'id',
        'images',
        'path',
        'retry_parent_id',
        'room_id',
        'satisfied',
        'status',
        'transaction_id',
        'type',
        'updated_at',
        'width',
      ]);
      assert.equal(body.room_id, room.id);
      assert.equal(body.type, 'PanoramaRender');
      assert.equal(body.status, 'success');
      assert.equal(body.width, 512);
      assert.deepEqual(Object.keys(body.images).sort(), ['b', 'd', 'f', 'l', 'r', 'u']);
      for (const url of Object.values(body.images) as string[]) {
        assert.ok(url.startsWith(`${running.url}/room-styling/images/panoramas/${body.id}/`), url);
      }
      assert.match(body.created_at, ISO_WITH_OFFSET);
      const withViewer = await api.call(`/rooms/${room.id}/panorama?pano_viewer_url=true`);
      assert.match(
        withViewer.body.pano_viewer_url,
        /^http:\/\/127\.0\.0\.1:\d+\/room-styling\/pages\/panoramas\/\d+/,
      );
      const page = await fetch(withViewer.body.pano_viewer_url);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /face f/);
      assert.equal(
        (await api.call(`/rooms/${room.id}/panorama?pano_viewer_url=false`)).body.pano_viewer_url,
        undefined,
      );
    });

    it('answers 404 without a panorama or a room, 403 for a private room', async () => {
      const plain = all.find((r) => !r.has_panorama);
      const none = await api.call(`/rooms/${plain.id}/panorama`);
      assert.equal(none.status, 404);
      assert.deepEqual(none.body, { error: 'Panorama not found' });
      const missing = await api.call('/rooms/42/panorama');
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, { error: 'Room not found' });
      assert.equal((await api.call(`/rooms/${privateRoom.id}/panorama`)).status, 403);
    });

    it('serves panorama 18755 with the real faces for the sample room when the real samples exist', async (t) => {
      const { body } = await api.call('/rooms/6346838/panorama');
      assert.equal(body.id, 18755);
      if (!running.server.options.realdataDir) {
        t.skip('the real samples (../shared/realdata) are not present: generated faces are served');
        return;
      }
      assert.equal(body.width, 1080);
      const face = await fetch(body.images.f);
      assert.equal(face.headers.get('content-type'), 'image/jpeg');
      assert.equal(face.headers.get('access-control-allow-origin'), '*');
      assert.equal((await face.arrayBuffer()).byteLength, 848201, 'the bytes of the real f.jpg');
    });
  });

  describe('POST /rooms/:id/comments', () => {
    const room = () => all[2].id;

    it('needs a user token: 401 anonymous, 403 with whitelabel credentials only, 401 with a wrong token', async () => {
      const anonymous = await api.postJson(`/rooms/${room()}/comments`, { comment: { comment: 'Hello' } });
      assert.equal(anonymous.status, 401);
      assert.match(anonymous.body.error, /log in/);
      const whitelabel = await api.postJson(
        `/rooms/${room()}/comments`,
        { comment: { comment: 'Hello' } },
        basic('nordhem', 'nordhem-secret'),
      );
      assert.equal(whitelabel.status, 403);
      assert.match(whitelabel.body.error, /Whitelabel credentials cannot comment/);
      const wrong = await api.postJson(`/rooms/${room()}/comments`, {
        comment: { comment: 'x' },
        token: 'rs_nope',
      });
      assert.equal(wrong.status, 401);
    });

    it('takes comment[comment] from a JSON body, form fields or the query, with the token', async () => {
      const json = await api.postJson(`/rooms/${room()}/comments`, {
        comment: { comment: 'Lovely <b>light</b>' },
        token: owner.token,
      });
      assert.equal(json.status, 201);
      assert.equal(json.body.comment, 'Lovely <b>light</b>');
      assert.equal(json.body.room_id, room());
      assert.equal(json.body.user_id, owner.id);
      assert.match(json.body.created_at, ISO_WITH_OFFSET);
      const form = await api.postForm(`/rooms/${room()}/comments`, {
        'comment[comment]': 'From a form',
        token: owner.token,
      });
      assert.equal(form.status, 201);
      assert.equal(form.body.comment, 'From a form');
      assert.ok(form.body.id > json.body.id);
      const query = await api.call(
        `/rooms/${room()}/comments?token=${owner.token}&comment%5Bcomment%5D=${encodeURIComponent('In the query')}`,
        { method: 'POST' },
      );
      assert.equal(query.status, 201);
      assert.equal(query.body.comment, 'In the query');
    });

    it('refuses blank comments (422), unknown rooms (404), private rooms of others (403), malformed JSON (400)', async () => {
      const blank = await api.postJson(`/rooms/${room()}/comments`, {
        comment: { comment: '  ' },
        token: owner.token,
      });
      assert.equal(blank.status, 422);
      assert.deepEqual(blank.body, { error: "Comment can't be blank" });
      // A flat `comment` is not comment[comment].
      assert.equal(
        (await api.postJson(`/rooms/${room()}/comments`, { comment: 'flat', token: owner.token })).status,
        422,
      );
      assert.equal(
        (await api.postJson('/rooms/77/comments', { comment: { comment: 'x' }, token: owner.token })).status,
        404,
      );
      assert.equal(
        (
          await api.postJson(`/rooms/${privateRoom.id}/comments`, {
            comment: { comment: 'x' },
            token: otherToken,
          })
        ).status,
        403,
      );
      const own = await api.postJson(`/rooms/${privateRoom.id}/comments`, {
        comment: { comment: 'mine' },
        token: owner.token,
      });
      assert.equal(own.status, 201);
      const malformed = await api.call(`/rooms/${room()}/comments`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"comment": {',
      });
      assert.equal(malformed.status, 400);
      assert.deepEqual(malformed.body, { error: 'Malformed JSON body' });
    });
  });

  describe('users and login', () => {
    it("GET /users/:id answers the real sample's shape anonymously; 404 for an unknown user", async () => {
      const { status, body } = await api.call(`/users/${owner.id}`);
      assert.equal(status, 200);
      assert.deepEqual(Object.keys(body).sort(), ['avatar', 'background', 'bio', 'id', 'role', 'username']);
      assert.equal(body.username, owner.username);
      const avatar = await fetch(body.avatar);
      assert.equal(avatar.headers.get('content-type'), 'image/png');
      await avatar.arrayBuffer();
      for (const id of ['1', 'x']) {
        const missing = await api.call(`/users/${id}`);
        assert.equal(missing.status, 404);
        assert.deepEqual(missing.body, { error: 'User not found' });
      }
    });

    it('POST /users creates a user from nested form fields or JSON; it can log in and comment', async () => {
      const form = await api.postForm('/users', {
        'user[username]': 'Form Person',
        'user[email]': 'form.person@example.org',
        'user[password]': 'secret-1',
      });
      assert.equal(form.status, 201);
      assert.equal(form.body.username, 'Form Person');
      assert.equal(form.body.role, 'user');
      assert.equal(form.body.password, undefined);
      assert.deepEqual((await api.call(`/users/${form.body.id}`)).body, form.body);

      const json = await api.postJson('/users', {
        user: { username: 'Json Person', email: 'json@example.org', password: 'secret-2' },
      });
      assert.equal(json.status, 201);
      const login = await api.postJson('/users/login', {
        username: 'json@example.org',
        password: 'secret-2',
      });
      assert.equal(login.status, 200);
      assert.equal(login.body.user_id, json.body.id);
      assert.match(login.body.token, /^rs_[0-9a-f]{40}$/);
      const comment = await api.postForm(`/rooms/${all[0].id}/comments`, {
        'comment[comment]': 'First!',
        token: login.body.token,
      });
      assert.equal(comment.status, 201);
      assert.equal(comment.body.user_id, json.body.id);
    });

    it('POST /users answers 422 with errors for missing, invalid or taken fields', async () => {
      const missing = await api.postJson('/users', { user: { username: 'Only Name' } });
      assert.equal(missing.status, 422);
      assert.equal(missing.body.error, "Email can't be blank");
      assert.deepEqual(Object.keys(missing.body.errors).sort(), ['email', 'password']);
      const taken = await api.postJson('/users', {
        user: { username: 'tv renders', email: 'new@example.org', password: 'secret-3' },
      });
      assert.equal(taken.status, 422);
      assert.equal(taken.body.error, 'Username has already been taken');
      const invalid = await api.postJson('/users', {
        user: { username: 'Someone', email: 'not-an-email', password: '123' },
      });
      assert.equal(invalid.status, 422);
      assert.deepEqual(invalid.body.errors, {
        email: ['is invalid'],
        password: ['is too short (minimum is 6 characters)'],
      });
      assert.equal((await api.postJson('/users', {})).status, 422);
    });

    it('POST /users/login: the same token every time; 401 for a wrong password, 422 without fields', async () => {
      const again = await api.postForm('/users/login', { username: owner.username, password: 'roomstyler' });
      assert.equal(again.status, 200);
      assert.equal(again.body.token, owner.token);
      const wrong = await api.postJson('/users/login', { username: owner.username, password: 'wrong' });
      assert.equal(wrong.status, 401);
      assert.deepEqual(wrong.body, { error: 'Invalid username or password' });
      assert.equal(
        (await api.postJson('/users/login', { username: 'Nobody', password: 'roomstyler' })).status,
        401,
      );
      assert.equal((await api.postJson('/users/login', { username: owner.username })).status, 422);
    });
  });

  describe('how parameters arrive (Document 3, section 1)', () => {
    it('path parameters come from the path only, never from the query or the body (rule 4)', async () => {
      const [a, b] = [all[0], all[1]];
      const shown = await api.call(`/rooms/${a.id}?skip_model=true&id=${b.id}`);
      assert.equal(shown.status, 200);
      assert.equal(shown.body.id, a.id, 'the path id wins; the query id is ignored');
      const panorama = all.find((r) => r.has_panorama && r.id !== 6346838);
      const pano = await api.call(`/rooms/${panorama.id}/panorama?id=${b.id}&room_id=${b.id}`);
      assert.equal(pano.body.room_id, panorama.id);
      const comment = await api.postJson(`/rooms/${a.id}/comments?id=${b.id}`, {
        id: b.id,
        comment: { comment: 'path only' },
        token: owner.token,
      });
      assert.equal(comment.status, 201);
      assert.equal(comment.body.room_id, a.id);
      // Without the id in the path there is no room: an id parameter does not stand in for it.
      const missing = await api.call(`/rooms/panorama?id=${panorama.id}`);
      assert.equal(missing.status, 404);
      assert.deepEqual(missing.body, { error: 'Room not found' });
      const users = await api.call(`/users/?id=${owner.id}`);
      assert.equal(users.status, 404);
      // And `id` is no filter of the index.
      assert.equal((await api.call(`/rooms?id=${a.id}&limit=1`)).body.total, all.length);
    });

    it('a JSON body is read only with Content-Type application/json; body values win over the query', async () => {
      const room = all[1].id;
      const json = JSON.stringify({ comment: { comment: 'from JSON' }, token: owner.token });
      const plain = await api.call(`/rooms/${room}/comments`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: json,
      });
      assert.equal(plain.status, 401, 'the token inside an unlabelled JSON body is not read');
      const untyped = await api.call(`/rooms/${room}/comments?token=${owner.token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: json,
      });
      assert.equal(untyped.status, 422, 'nor is the comment');
      const labelled = await api.call(`/rooms/${room}/comments?comment%5Bcomment%5D=from%20query`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: json,
      });
      assert.equal(labelled.status, 201);
      assert.equal(labelled.body.comment, 'from JSON');
      const multipart = new FormData();
      multipart.set('comment[comment]', 'from multipart');
      multipart.set('token', owner.token);
      const fromMultipart = await api.call(`/rooms/${room}/comments`, { method: 'POST', body: multipart });
      assert.equal(fromMultipart.status, 201);
      assert.equal(fromMultipart.body.comment, 'from multipart');
      // A repeated name counts with its first value, in the query and in a form alike.
      assert.equal((await api.call('/rooms?limit=2&limit=9')).body.rooms.length, 2);
      const repeated = await api.call(`/rooms/${room}/comments`, {
        method: 'POST',
        body: new URLSearchParams([
          ['comment[comment]', 'first'],
          ['comment[comment]', 'second'],
          ['token', owner.token],
        ]),
      });
      assert.equal(repeated.body.comment, 'first');
    });

    it('a token comes from a user login, never from whitelabel credentials', async () => {
      const asFields = await api.postJson('/users/login', {
        username: 'woonhuis',
        password: 'woonhuis-secret',
      });
      assert.equal(asFields.status, 401);
      assert.equal(asFields.body.token, undefined);
      const asBasic = await api.postJson('/users/login', {}, basic('woonhuis', 'woonhuis-secret'));
      assert.equal(asBasic.status, 422);
      assert.equal(asBasic.body.token, undefined);
      const own = await api.call('/rooms/search?limit=5&kind=own', {
        headers: basic('woonhuis', 'woonhuis-secret'),
      });
      assert.equal(own.status, 401, 'kind=own needs a user, whitelabel credentials are not one');
      // A whitelabel's back end that also holds a logged-in user's token comments as that user.
      const both = await api.postJson(
        `/rooms/${all[1].id}/comments`,
        { comment: { comment: 'as the user' }, token: owner.token },
        basic('woonhuis', 'woonhuis-secret'),
      );
      assert.equal(both.status, 201);
      assert.equal(both.body.user_id, owner.id);
    });
  });

  describe('whitelabel HTTP Basic', () => {
    it("the right password shows the whitelabel's private rooms; a wrong one answers 401 with a challenge", async () => {
      const anonymous = await api.call('/rooms?whitelabel=woonhuis&limit=50');
      const authed = await api.call('/rooms?whitelabel=woonhuis&limit=50', {
        headers: basic('woonhuis', 'woonhuis-secret'),
      });
      assert.equal(authed.status, 200);
      assert.ok(authed.body.total > anonymous.body.total);
      assert.ok(anonymous.body.rooms.every((r: any) => r.public));
      // Its credentials do not show other whitelabels' private rooms.
      const other = await api.call('/rooms?whitelabel=casanova&limit=50', {
        headers: basic('woonhuis', 'woonhuis-secret'),
      });
      assert.ok(other.body.rooms.every((r: any) => r.public));

      for (const headers of [
        basic('woonhuis', 'wrong'),
        basic('nobody', 'nobody-secret'),
        basic('woonhuis', ''),
        { Authorization: 'Bearer abc' },
      ]) {
        const refused = await api.call('/rooms?limit=1', { headers });
        assert.equal(refused.status, 401);
        assert.ok(refused.body.error);
        if (headers.Authorization.startsWith('Basic')) {
          assert.deepEqual(refused.body, { error: 'Invalid whitelabel credentials' });
          assert.match(refused.headers.get('www-authenticate') ?? '', /^Basic/);
        }
      }
    });
  });

  it('room url is an emulator page that shows names as text', async () => {
    const marked = all.find((r) => r.name.includes('<img'));
    assert.ok(marked, 'the data set has a name with markup');
    const page = await fetch(marked.url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const html = await page.text();
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'), 'escaped');
    assert.ok(!html.includes('<img src=x'), 'never markup');
    assert.match(html, new RegExp(`<img src="${running.url}/room-styling/images/rooms/${marked.id}/`));
    const privatePage = await (
      await fetch(`${running.url}/room-styling/pages/rooms/${privateRoom.id}`)
    ).text();
    assert.match(privatePage, /This room is private/);
    assert.ok(!privatePage.includes(privateRoom.name));
  });

  it('answers CORS for any origin and 404 JSON for unknown paths', async () => {
    const answer = await api.call('/rooms?limit=1', { headers: { Origin: 'http://example.test' } });
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    const unknown = await api.call('/nothing/here');
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { error: 'Not found' });
  });
});

describe('room-styling emulator: determinism and start-up', () => {
  it('two emulators with the same seed give identical data; another seed gives other data', async () => {
    const [a, b, c] = await Promise.all([
      startDemoServer({ seed: 7, rooms: 120 }),
      startDemoServer({ seed: 7, rooms: 120 }),
      startDemoServer({ seed: 8, rooms: 120 }),
    ]);
    try {
      const strip = (text: string, origin: string) => text.split(origin).join('ORIGIN');
      const read = async (r: Running, path: string) =>
        strip(await (await fetch(`${r.url}/room-styling${path}`)).text(), r.url);
      for (const path of [
        '/rooms?limit=50',
        '/rooms?limit=50&offset=50',
        '/rooms/panoramas?limit=50',
        '/rooms/search/meta',
      ]) {
        assert.equal(await read(a, path), await read(b, path), path);
      }
      const list = JSON.parse(await read(a, '/rooms?limit=3'));
      for (const room of list.rooms) {
        assert.equal(await read(a, `/rooms/${room.id}`), await read(b, `/rooms/${room.id}`));
        const [imageA, imageB] = await Promise.all(
          [a, b].map(async (r) =>
            Buffer.from(
              await (
                await fetch(`${r.url}/room-styling/images/rooms/${room.id}/thumbnail.png`)
              ).arrayBuffer(),
            ),
          ),
        );
        assert.ok(imageA!.equals(imageB!), 'same thumbnail bytes');
      }
      assert.notEqual(await read(a, '/rooms?limit=50'), await read(c, '/rooms?limit=50'));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('ROOM_STYLING_NOW moves "now" and the data set with it; whitelabel passwords come from the environment', async () => {
    process.env.ROOM_STYLING_NOW = '2030-01-15T08:00:00Z';
    process.env.ROOM_STYLING_WHITELABEL_PASSWORD_LOFTLIVING = 'from-env';
    const moved = await startDemoServer({ seed: 7, rooms: 60 });
    try {
      const now = Date.parse('2030-01-15T08:00:00Z');
      const today = await (await fetch(`${moved.url}/room-styling/rooms/search?limit=50&since=Today`)).json();
      assert.ok(today.total > 0);
      assert.ok(
        today.rooms.every((r: any) => Date.parse(r.created) >= now - DAY && Date.parse(r.created) <= now),
      );
      const auth = (password: string) =>
        fetch(`${moved.url}/room-styling/rooms?limit=1`, { headers: basic('loftliving', password) });
      assert.equal((await auth('from-env')).status, 200);
      assert.equal((await auth('loftliving-secret')).status, 401);
    } finally {
      delete process.env.ROOM_STYLING_NOW;
      delete process.env.ROOM_STYLING_WHITELABEL_PASSWORD_LOFTLIVING;
      await moved.close();
    }
  });

  it('reads the room count leniently: whole numbers 1 to 50000, anything else 500', async () => {
    const { resolveOptions } = await import('../../server/emulator/options.ts');
    const saved = process.env.ROOMS;
    try {
      delete process.env.ROOMS;
      const count = (rooms?: number) => resolveOptions({ rooms, realdataDir: null }).rooms;
      assert.deepEqual(
        [undefined, 120, 2.7, 0, -3, Number.NaN, 1e9].map(count),
        [500, 120, 2, 1, 1, 500, 50_000],
      );
      for (const [env, expected] of [
        ['80', 80],
        ['abc', 500],
        ['', 500],
      ] as const) {
        process.env.ROOMS = env;
        assert.equal(count(), expected, `ROOMS=${env}`);
      }
    } finally {
      if (saved === undefined) delete process.env.ROOMS;
      else process.env.ROOMS = saved;
    }
  });

  it('starts 500 rooms quickly (models and images are made on demand)', async () => {
    const { createRoomStyling } = await import('../../server/emulator/room-styling/routes.ts');
    createRoomStyling({ seed: 1, rooms: 500, realdataDir: null }); // warm the modules up
    const started = performance.now();
    createRoomStyling({ seed: 2, rooms: 500, realdataDir: null });
    const elapsed = performance.now() - started;
    // The target is ~200 ms on an idle machine; the bound leaves room for a loaded CI box.
    assert.ok(elapsed < 600, `createRoomStyling took ${elapsed.toFixed(0)} ms`);
  });
});
