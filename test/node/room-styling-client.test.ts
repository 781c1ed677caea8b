/**
 * RoomStylingClient against the room-styling emulator over real HTTP: every method, what it sends,
 * validation of malformed answers, retry of 5xx GETs, timeouts, aborts, and ApiError carrying the
 * status and the service's own message.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { listen, startDemoServer, type Running } from './helpers/server.ts';
import { RoomStylingClient } from '../../src/api/room-styling/index.ts';
import { ApiError } from '../../src/api/http.ts';
import { redact } from '../../server/emulator/control/redact.ts';

describe('RoomStylingClient against the emulator', () => {
  let running: Awaited<ReturnType<typeof startDemoServer>>;
  let base: string;
  let client: RoomStylingClient;

  const received = async (path: string) =>
    (await (await fetch(`${running.url}/emulator/requests?path=${encodeURIComponent(path)}`)).json()) as {
      method: string;
      path: string;
      query: Record<string, string>;
      body?: unknown;
    }[];
  const arm = (fault: Record<string, unknown>) =>
    fetch(`${running.url}/emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fault),
    });
  const rejects = async (promise: Promise<unknown>, check: Partial<ApiError>) => {
    const error = await promise.then(
      () => assert.fail('expected an ApiError'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof ApiError, `an ApiError, got ${String(error)}`);
    for (const [key, value] of Object.entries(check)) {
      assert.deepEqual((error as unknown as Record<string, unknown>)[key], value, key);
    }
    return error as ApiError;
  };

  before(async () => {
    running = await startDemoServer({ seed: 20261122, rooms: 200 });
    base = `${running.url}/room-styling`;
    client = new RoomStylingClient({ base, timeout: 5000, retries: 2 });
  });
  beforeEach(() => fetch(`${running.url}/emulator/reset`, { method: 'POST' }));
  after(() => running.close());

  it('listRooms pages with offset, filters and sends Direction with order', async () => {
    const first = await client.listRooms({ limit: 6 });
    assert.equal(first.rooms.length, 6);
    assert.equal(typeof first.total, 'number');
    const next = await client.listRooms({ limit: 3, offset: 3 });
    assert.deepEqual(
      next.rooms.map((r) => r.id),
      first.rooms.slice(3, 6).map((r) => r.id),
    );
    const ordered = await client.listRooms({ limit: 50, order: 'id', direction: 'asc', skipTotal: true });
    const ids = ordered.rooms.map((r) => r.id!);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.equal(ordered.total, undefined);
    const created = await client.listRooms({ created: new Date(Date.parse(first.rooms[2]!.created!)) });
    assert.ok(
      created.rooms.some((r) => r.id === first.rooms[2]!.id),
      'a Date selects the room created then',
    );
    const log = await received('/room-styling/rooms');
    assert.equal(log.find((r) => r.query.order)?.query.Direction, 'asc');
  });

  it('searchRooms always sends a limit, pages and filters; kind=own sends the token', async () => {
    const page2 = await client.searchRooms({ limit: 4, page: 2, since: 'This month' });
    const page1 = await client.searchRooms({ limit: 8, since: 'This month' });
    assert.deepEqual(
      page2.rooms.map((r) => r.id),
      page1.rooms.slice(4, 8).map((r) => r.id),
    );
    const defaults = await client.searchRooms();
    assert.equal(defaults.rooms.length, 50, 'no 422: the client sends limit 50');

    const token = await client.login('TV Renders', 'roomstyler');
    const own = await new RoomStylingClient({ base, token }).searchRooms({ kind: 'own', limit: 50 });
    const me = (
      (await await fetch(`${base}/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'TV Renders', password: 'roomstyler' }),
      }).then((r) => r.json())) as { user_id: number }
    ).user_id;
    assert.ok(own.rooms.length > 0 && own.rooms.every((r) => r.user_id === me));
    await rejects(client.searchRooms({ kind: 'own' }), { status: 401, kind: 'http' });
  });

  it('searchMeta, listPanoramas and listPhotoreal', async () => {
    const meta = await client.searchMeta();
    assert.ok(meta.styles.some((s) => s.key === 'Minimal'));
    assert.deepEqual(
      meta.timeframes.map((t) => t.key),
      ['', 'Today', 'This week', 'This month'],
    );
    const panoramas = await client.listPanoramas({ limit: 5, page: 2 });
    assert.ok(panoramas.rooms.every((r) => r.has_panorama));
    const photoreal = await client.listPhotoreal({ limit: 3 });
    assert.equal(photoreal.rooms.length, 3);
    assert.ok(photoreal.rooms.every((r) => r.photoreal_image_url?.startsWith(base)));
  });

  it("getRoom with and without the model; 404 and 403 carry the service's message", async () => {
    const [entry] = (await client.listRooms({ limit: 1 })).rooms;
    const room = await client.getRoom(entry!.id!);
    assert.equal(room.id, entry!.id);
    assert.ok(Array.isArray(room.tags));
    assert.equal((room.model as { room_id: number }).room_id, entry!.id);
    assert.equal((await client.getRoom(entry!.id!, { skipModel: true })).model, undefined);
    await rejects(client.getRoom(5), { status: 404, kind: 'http', message: 'Room not found' });

    const woonhuis = new RoomStylingClient({
      base,
      basicAuth: { username: 'woonhuis', password: 'woonhuis-secret' },
    });
    const privateRoom = (await woonhuis.listRooms({ whitelabel: 'woonhuis', limit: 50 })).rooms.find(
      (r) => !r.public,
    )!;
    assert.ok(privateRoom, "Basic credentials show the whitelabel's private rooms");
    await rejects(client.getRoom(privateRoom.id!), { status: 403, message: 'This room is private' });
    assert.equal((await woonhuis.getRoom(privateRoom.id!, { skipModel: true })).public, false);
    // Credentials beyond Latin-1 are sent as UTF-8 (btoa alone would throw before any request).
    const euro = new RoomStylingClient({ base, basicAuth: { username: 'woonhuis', password: 'prijs €' } });
    await rejects(euro.listRooms({ limit: 1 }), { status: 401, message: 'Invalid whitelabel credentials' });
    const wrong = new RoomStylingClient({ base, basicAuth: { username: 'woonhuis', password: 'nope' } });
    await rejects(wrong.listRooms({ limit: 1 }), { status: 401, message: 'Invalid whitelabel credentials' });
  });

  it('sends the token with getRoom and getPanorama, so an owner reads a private room', async () => {
    const woonhuis = new RoomStylingClient({
      base,
      basicAuth: { username: 'woonhuis', password: 'woonhuis-secret' },
    });
    const rooms = (await woonhuis.listRooms({ whitelabel: 'woonhuis', limit: 50 })).rooms;
    const privateRoom = rooms.find((r) => !r.public)!;
    const owner = await client.getUser(privateRoom.user_id!);
    await rejects(client.getRoom(privateRoom.id!, { skipModel: true }), { status: 403 });
    const ownerToken = await client.login(owner.username!, 'roomstyler');
    const asOwner = new RoomStylingClient({ base, token: ownerToken });
    assert.equal((await asOwner.getRoom(privateRoom.id!, { skipModel: true })).public, false);

    const withPanorama = (await client.listPanoramas({ limit: 1 })).rooms[0]!;
    await asOwner.getPanorama(withPanorama.id!);
    const [sent] = await received(`/room-styling/rooms/${withPanorama.id}/panorama`);
    // The log holds a fingerprint of the token (control/redact.ts), never the token itself.
    assert.equal(sent!.query.token, redact(ownerToken));
  });

  it('takes ids as numbers or digit strings only, so no other room is fetched by accident', async () => {
    assert.equal((await client.getRoom(' 6346838 ', { skipModel: true })).id, 6346838);
    for (const bad of ['0x10', '1e3', '', '12abc', -1, 1.5, Number.NaN]) {
      await assert.rejects(client.getRoom(bad, { skipModel: true }), TypeError, String(bad));
    }
    assert.equal((await received('/room-styling/rooms/')).length, 1, 'only the good id was fetched');
  });

  it('getPanorama answers the six faces; 404 without a panorama', async () => {
    const withPanorama = (await client.listPanoramas({ limit: 2 })).rooms.find((r) => r.id !== 6346838)!;
    const panorama = await client.getPanorama(withPanorama.id!, { panoViewerUrl: 'true' });
    assert.equal(panorama.room_id, withPanorama.id);
    assert.deepEqual(Object.keys(panorama.images).sort(), ['b', 'd', 'f', 'l', 'r', 'u']);
    assert.ok(panorama.pano_viewer_url?.startsWith(base));
    const face = await fetch(panorama.images.f);
    assert.equal(face.headers.get('content-type'), 'image/png');
    await face.arrayBuffer();
    const without = (await client.listRooms({ limit: 50 })).rooms.find((r) => !r.has_panorama)!;
    await rejects(client.getPanorama(without.id!), { status: 404, message: 'Panorama not found' });
  });

  it('createUser, login, getUser and comment', async () => {
    const created = await client.createUser({
      username: 'Client Tester',
      email: 'client@example.org',
      password: 'secret-9',
    });
    assert.equal(typeof created.id, 'number');
    const user = await client.getUser(created.id!);
    assert.equal(user.username, 'Client Tester');
    const duplicate = await rejects(
      client.createUser({ username: 'Client Tester', email: 'other@example.org', password: 'secret-9' }),
      { status: 422, kind: 'http', message: 'Username has already been taken' },
    );
    assert.deepEqual((duplicate.body as { errors: unknown }).errors, {
      username: ['has already been taken'],
    });

    const token = await client.login('client@example.org', 'secret-9');
    assert.match(token, /^rs_/);
    await rejects(client.login('client@example.org', 'wrong'), {
      status: 401,
      message: 'Invalid username or password',
    });

    const [room] = (await client.listRooms({ limit: 1 })).rooms;
    const commenter = new RoomStylingClient({ base, token });
    const comment = await commenter.comment(room!.id!, 'Mooi!');
    assert.equal(comment.comment, 'Mooi!');
    assert.equal(comment.room_id, room!.id);
    assert.equal(comment.user_id, created.id);
    const log = await received(`/room-styling/rooms/${room!.id}/comments`);
    // The log fingerprints tokens (control/redact.ts): the same token gives the same fingerprint.
    assert.deepEqual(log[0]!.body, { comment: { comment: 'Mooi!' }, token: redact(token) });
    await assert.rejects(client.comment(room!.id!, 'no token'), TypeError);
    // An answer that is not JSON is an ApiError, not a record.
    await rejects(commenter.comment(room!.id!, 'x', { headers: { 'X-Emulator-Fault': 'body=malformed' } }), {
      kind: 'invalid',
    });
    await rejects(new RoomStylingClient({ base, token: 'rs_forged' }).comment(room!.id!, 'x'), {
      status: 401,
      message: 'Invalid token',
    });
  });

  it("ApiError carries the status and the service's own 422 message", async () => {
    const error = await rejects(client.listRooms({ created: 'last tuesday' }), { status: 422, kind: 'http' });
    assert.equal(error.message, 'created should have the format YYYY-MM-DD HH:MM:SS');
    assert.deepEqual(error.body, { error: 'created should have the format YYYY-MM-DD HH:MM:SS' });
  });

  it('a malformed or wrongly shaped body becomes ApiError kind invalid', async () => {
    await rejects(client.listRooms({}, { headers: { 'X-Emulator-Fault': 'body=malformed' } }), {
      kind: 'invalid',
    });
    const shape = await rejects(
      client.searchRooms({}, { headers: { 'X-Emulator-Fault': 'body=wrong-shape' } }),
      {
        kind: 'invalid',
        status: 200,
      },
    );
    assert.ok(
      shape.issues?.some((issue) => issue.startsWith('rooms')),
      String(shape.issues),
    );
    await rejects(client.getPanorama(6346838, {}, { headers: { 'X-Emulator-Fault': 'body=wrong-shape' } }), {
      kind: 'invalid',
    });
    await rejects(client.searchMeta({ headers: { 'X-Emulator-Fault': 'body=empty' } }), { kind: 'invalid' });
  });

  it('retries a GET after a 503 and succeeds; gives up after its retries; never retries a POST', async () => {
    await arm({ match: '/room-styling/rooms/search/meta', status: 503, times: 1 });
    const meta = await client.searchMeta();
    assert.ok(meta.styles.length > 0);
    assert.equal((await received('/room-styling/rooms/search/meta')).length, 2, 'one failure, one success');

    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    await arm({ match: '/room-styling/rooms/photoreal', status: 503, times: 5 });
    await rejects(client.listPhotoreal({}, { retries: 1 }), {
      status: 503,
      kind: 'http',
      message: 'injected fault 503',
    });
    assert.equal((await received('/room-styling/rooms/photoreal')).length, 2);

    await arm({ match: '/room-styling/users/login', status: 503, times: 3 });
    await rejects(client.login('TV Renders', 'roomstyler'), { status: 503 });
    assert.equal((await received('/room-styling/users/login')).length, 1);
  });

  it('times out with status 0 and kind timeout', async () => {
    const started = Date.now();
    await rejects(
      client.searchMeta({ timeout: 150, retries: 0, headers: { 'X-Emulator-Fault': 'delay=1500' } }),
      {
        status: 0,
        kind: 'timeout',
      },
    );
    assert.ok(Date.now() - started < 1200, 'it did not wait for the answer');
  });

  it('aborts with an AbortSignal, before or during the call', async () => {
    await rejects(client.listRooms({}, { signal: AbortSignal.abort() }), { status: 0, kind: 'abort' });
    const controller = new AbortController();
    const pending = client.getRoom(
      6346838,
      {},
      { signal: controller.signal, headers: { 'X-Emulator-Fault': 'delay=1500' } },
    );
    setTimeout(() => controller.abort(), 80);
    const started = Date.now();
    await rejects(pending, { status: 0, kind: 'abort' });
    assert.ok(Date.now() - started < 1200);
  });
});

/**
 * The real service sends some numbers as strings (the real samples do). A stand-in service answers
 * Document 3's shapes that way; the client must read them as numbers, and refuse what is not the shape.
 */
describe('RoomStylingClient reads the real service leniently', () => {
  let running: Running;
  let client: RoomStylingClient;
  const room = {
    id: '6346838',
    name: 'The_LAKE_NoBalcony',
    category: null,
    url: 'https://roomstyler.com/rooms/6346838',
    image_url: 'https://roomstyler.com/x.png',
    has_panorama: 'true',
    public: '1',
    user_id: '972691',
    source_id: '',
    created: '2014-02-20T10:12:40+01:00',
    last_updated: '2014-02-24T10:38:51+01:00',
  };
  before(async () => {
    const app = new Hono();
    app.get('/api/rooms', (c) => c.json({ total: '2', rooms: [room, 'not a room'], last_updated: null }));
    app.get('/api/rooms/6346838', (c) => c.json({ ...room, tags: ['contest', 3], model: { version: '2' } }));
    app.get('/api/rooms/6346838/panorama', (c) =>
      c.json({
        id: '18755',
        room_id: '6346838',
        width: '1080',
        height: '1080',
        type: 'PanoramaRender',
        status: 'success',
        images: Object.fromEntries(
          ['r', 'd', 'l', 'u', 'b', 'f'].map((f) => [f, `https://cdn.test/${f}.jpg`]),
        ),
        retry_parent_id: '18754',
      }),
    );
    app.get('/api/rooms/1/panorama', (c) => c.json({ id: 1, room_id: 1, images: { r: 'x' } }));
    app.get('/api/users/972691', (c) => c.json({ id: '972691', username: 'TV Renders' }));
    app.get('/api/users/1', (c) => c.json([{ id: 1 }]));
    running = await listen(app);
    client = new RoomStylingClient({ base: `${running.url}/api`, retries: 0 });
  });
  after(() => running.close());

  it('numbers and booleans sent as strings are numbers and booleans', async () => {
    const list = await client.listRooms();
    assert.equal(list.total, 2);
    assert.equal(list.rooms.length, 1, 'an entry that is not an object is left out');
    assert.deepEqual(
      [list.rooms[0]!.id, list.rooms[0]!.user_id, list.rooms[0]!.has_panorama, list.rooms[0]!.public],
      [6346838, 972691, true, true],
    );
    assert.equal(list.rooms[0]!.category, undefined, 'a null category is no category');
    const shown = await client.getRoom(6346838);
    assert.equal(shown.id, 6346838);
    assert.deepEqual(shown.tags, ['contest'], 'tags that are not text are left out');
    const panorama = await client.getPanorama(6346838);
    assert.deepEqual([panorama.id, panorama.room_id, panorama.width], [18755, 6346838, 1080]);
    assert.equal(panorama.retry_parent_id, 18754);
    assert.equal((await client.getUser(972691)).id, 972691);
  });

  it('a body that is not the shape is an ApiError naming what is wrong', async () => {
    const error = await client.getPanorama(1).then(
      () => assert.fail('expected an ApiError'),
      (e: unknown) => e as ApiError,
    );
    assert.ok(error instanceof ApiError);
    assert.equal(error.kind, 'invalid');
    assert.ok(
      error.issues?.some((issue) => issue.startsWith('images.')),
      String(error.issues),
    );
    await assert.rejects(client.getUser(1), (e: unknown) => e instanceof ApiError && e.kind === 'invalid');
  });
});
