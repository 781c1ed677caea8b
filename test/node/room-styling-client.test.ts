/**
 * RoomStylingClient against the room-styling emulator over real HTTP: every method, what it sends,
 * validation of malformed answers, retry of 5xx GETs, timeouts, aborts, and ApiError carrying the
 * status and the service's own message.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer } from './helpers/server.ts';
import { RoomStylingClient } from '../../src/api/room-styling/index.ts';
import { ApiError } from '../../src/api/http.ts';
import { redact } from '../../server/emulator/control.ts';

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
    const wrong = new RoomStylingClient({ base, basicAuth: { username: 'woonhuis', password: 'nope' } });
    await rejects(wrong.listRooms({ limit: 1 }), { status: 401, message: 'Invalid whitelabel credentials' });
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
    const created = (await client.createUser({
      username: 'Client Tester',
      email: 'client@example.org',
      password: 'secret-9',
    })) as {
      id: number;
    };
    const user = await client.getUser(created.id);
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
    const comment = (await new RoomStylingClient({ base, token }).comment(room!.id!, 'Mooi!')) as Record<
      string,
      unknown
    >;
    assert.equal(comment.comment, 'Mooi!');
    assert.equal(comment.user_id, created.id);
    const log = await received(`/room-styling/rooms/${room!.id}/comments`);
    // The log fingerprints tokens (control.ts redact()): the same token gives the same fingerprint.
    assert.deepEqual(log[0]!.body, { comment: { comment: 'Mooi!' }, token: redact(token) });
    await assert.rejects(client.comment(room!.id!, 'no token'), TypeError);
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
