/**
 * Hostile input to the room-styling emulator over real HTTP: odd ids, huge and negative numbers,
 * malformed escapes, unicode, repeated and bracketed parameters, prototype keys, bad JSON, form and
 * multipart bodies, broken Basic credentials. Whatever arrives, the emulator answers a 2xx or a 4xx
 * with a JSON body (never a 500, never a crash), leaves Object.prototype alone and keeps answering.
 * The requests are drawn from a fixed seed, so a failure names a request that can be replayed.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer } from './helpers/server.ts';
import { basic } from './emulator-room-styling-helpers.ts';
import { seededRandom } from '../shared/seeded-random.ts';

/** Values already in URL form: some are deliberately malformed escapes, sent as they are. */
const RAW_VALUES = ['%', '%E0%A4%A', '%ZZ', '%00', '%F0%9F%92%A5', '%2F..%2F..', '+', '%2B%2B'];
const VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '50',
  '51',
  '2.5',
  '1e3',
  '1e400',
  '99999999999999999999999',
  '-99999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'true',
  'false',
  'yes',
  '[]',
  '{}',
  'Today',
  'This week',
  'asc',
  'DESC',
  'own',
  'Kitchen',
  'Living room',
  '2026-11-22 12:00:00',
  '2026-02-31 00:00:00',
  '9999-99-99 99:99:99',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '💥 ﷽ Ωmega',
  '\u0000\u0001',
  'a'.repeat(3000),
];
const NAMES = [
  'limit',
  'offset',
  'page',
  'skip_total',
  'skip_last_updated',
  'skip_model',
  'user_id',
  'category',
  'created',
  'last_updated',
  'order',
  'Direction',
  'direction',
  'whitelabel',
  'tag',
  'q',
  'since',
  'style',
  'kind',
  'token',
  'pano_viewer_url',
  'id',
  'limit[]',
  'limit[a]',
  'order[x][y]',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'user[__proto__][polluted]',
  'comment[comment]',
  'comment[comment][deeper]',
  'user[username]',
  'user[email]',
  'user[password]',
  'a[b][c][d][e][f][g][h][i][j]',
  '[x]',
  ']',
];
const IDS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 5',
  '%20',
  'abc',
  '%E0%A4%A',
  '%F0%9F%92%A5',
  '99999999999999999999',
  '9'.repeat(400),
  '..%2F..',
  'search%20',
  '__proto__',
];

describe('room-styling emulator: hostile input', () => {
  let running: Awaited<ReturnType<typeof startDemoServer>>;
  let root: string;
  let roomIds: string[];
  let token: string;

  before(async () => {
    // Generated data only: no real files are read, and a small set keeps the fuzzing fast.
    running = await startDemoServer({ seed: 99, rooms: 60, realdataDir: null });
    root = `${running.url}/room-styling`;
    const list = (await (await fetch(`${root}/rooms?limit=50`)).json()) as { rooms: { id: number }[] };
    roomIds = list.rooms.slice(0, 5).map((r) => String(r.id));
    const login = await fetch(`${root}/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'TV Renders', password: 'roomstyler' }),
    });
    token = ((await login.json()) as { token: string }).token;
  });
  after(() => running.close());

  it('answers 2xx or 4xx JSON to every request, leaves Object.prototype alone and keeps answering', async () => {
    const seed = 20261122;
    const next = seededRandom(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const value = () =>
      next() < 0.15
        ? pick(RAW_VALUES)
        : next() < 0.1
          ? token
          : encodeURIComponent(pick(VALUES)).replace(/%5B/g, '[').replace(/%5D/g, ']');
    const name = () => encodeURIComponent(pick(NAMES)).replace(/%5B/g, '[').replace(/%5D/g, ']');
    const query = () =>
      Array.from({ length: Math.floor(next() * 6) }, () => `${name()}=${value()}`).join('&');
    const id = () => (next() < 0.5 ? pick(roomIds) : pick(IDS));
    const getPaths = [
      () => '/rooms',
      () => '/rooms/search',
      () => '/rooms/search/meta',
      () => '/rooms/panoramas',
      () => '/rooms/photoreal',
      () => `/rooms/${id()}`,
      () => `/rooms/${id()}/panorama`,
      () => `/users/${id()}`,
      () => `/rooms/${id()}/${pick(['', 'x', 'panorama/x', 'comments'])}`,
      () => `/images/meta/${pick(['styles', 'categories', '__proto__'])}/${pick(IDS)}.png`,
      () => `/media/${pick(IDS)}.jpg`,
      () => `/images/panoramas/${pick(IDS)}/f.png`,
      () => `/pages/rooms/${pick(IDS)}`,
    ];
    const postPaths = [() => `/rooms/${id()}/comments`, () => '/users', () => '/users/login'];
    const jsonBody = (): string => {
      const roll = next();
      if (roll < 0.15) return pick(['{', '{"comment": {', 'null', '[1,2]', '"text"', '42', '', '  ']);
      if (roll < 0.2) return '['.repeat(5000) + ']'.repeat(5000);
      const body: Record<string, unknown> = {};
      for (let k = 0; k < 1 + Math.floor(next() * 4); k++) {
        const key = pick(['comment', 'user', 'token', '__proto__', 'constructor', 'limit', 'id', 'username']);
        body[key] = pick<unknown>([
          pick(VALUES),
          { comment: pick(VALUES) },
          { comment: { comment: 'nested' } },
          { username: pick(VALUES), email: pick(VALUES), password: pick(VALUES) },
          { polluted: 1 },
          [pick(VALUES)],
          null,
          12,
          token,
        ]);
      }
      // JSON.stringify drops an own "__proto__" set through []; write it into the text instead.
      return JSON.stringify(body).replace(/^\{/, next() < 0.3 ? '{"__proto__": {"polluted": 1},' : '{');
    };
    const headers = (): Record<string, string> => {
      const roll = next();
      if (roll < 0.1) return basic('woonhuis', 'woonhuis-secret');
      if (roll < 0.15) return basic('💥', 'x');
      if (roll < 0.2)
        return { Authorization: pick(['Basic', 'Basic !!!', 'Bearer x', 'Basic ' + 'A'.repeat(4000)]) };
      return {};
    };

    const failures: string[] = [];
    const send = async (k: number) => {
      const post = next() < 0.3;
      const path = post ? pick(postPaths)() : pick(getPaths)();
      const q = query();
      const url = `${root}${path}${q ? `?${q}` : ''}`;
      const init: RequestInit = { method: post ? 'POST' : 'GET', headers: headers() };
      if (post) {
        const kind = pick(['json', 'form', 'multipart', 'text', 'none']);
        if (kind === 'json') {
          init.headers = { ...init.headers, 'Content-Type': 'application/json' };
          init.body = jsonBody();
        } else if (kind === 'form') {
          init.headers = { ...init.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
          init.body = query();
        } else if (kind === 'multipart') {
          init.headers = { ...init.headers, 'Content-Type': 'multipart/form-data; boundary=xyz' };
          init.body = pick([
            'garbage',
            '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
          ]);
        } else if (kind === 'text') {
          init.headers = { ...init.headers, 'Content-Type': 'text/plain' };
          init.body = jsonBody();
        }
      }
      const label = `#${k} ${init.method} ${url.slice(root.length, root.length + 200)}`;
      let response: Response;
      try {
        response = await fetch(url, init);
      } catch (error) {
        failures.push(`${label}: no answer (${(error as Error).message})`);
        return;
      }
      const text = await response.text();
      if (response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 120)}`);
      const type = response.headers.get('content-type') ?? '';
      if (response.status >= 400 && !type.includes('application/json')) {
        failures.push(`${label}: ${response.status} answered ${type}, not JSON`);
      } else if (type.includes('application/json')) {
        try {
          const body = JSON.parse(text) as { error?: unknown };
          if (response.status >= 400 && typeof body.error !== 'string') {
            failures.push(`${label}: error body without an error message: ${text.slice(0, 120)}`);
          }
        } catch {
          failures.push(`${label}: a JSON content type with a body that does not parse`);
        }
      }
    };

    const count = 200;
    let k = 0;
    // A few requests at a time, as a browser would send them.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (k < count) await send(k++);
      }),
    );

    assert.deepEqual(failures.slice(0, 10), [], `seed ${seed}: ${failures.length} bad answers`);
    const proto = Object.prototype as Record<string, unknown>;
    assert.equal(proto.polluted, undefined, 'a parameter reached Object.prototype');
    assert.deepEqual(Object.keys(proto), []);
    const still = await fetch(`${root}/rooms?limit=1`);
    assert.equal(still.status, 200, 'the emulator still answers');
    assert.equal(((await still.json()) as { rooms: unknown[] }).rooms.length, 1);
  });

  it('reads prototype-like and bracketed names as plain names', async () => {
    // `order=__proto__` is an unknown attribute (422), not a crash; `toString` is not an orderable field.
    for (const order of ['__proto__', 'constructor', 'toString']) {
      const answer = await fetch(`${root}/rooms?order=${order}&Direction=asc`);
      assert.equal(answer.status, 422, order);
      assert.match(((await answer.json()) as { error: string }).error, /Cannot order by/);
    }
    // A query `__proto__[limit]=3` must not give every object a limit of 3.
    const search = await fetch(`${root}/rooms/search?__proto__[limit]=3`);
    assert.equal(search.status, 422, 'still no limit: the search is refused');
    const form = await fetch(`${root}/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '__proto__[polluted]=1&user[__proto__][polluted]=2&user[username]=Proto',
    });
    assert.equal(form.status, 422);
    assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
    // Malformed escapes in image paths are a 404, not a decoding crash.
    for (const path of ['/media/%E0%A4%A.jpg', '/images/meta/styles/%E0%A4%A.png']) {
      const answer = await fetch(`${root}${path}`);
      assert.equal(answer.status, 404, path);
    }
    // A huge body is refused before it is read into the request log.
    const huge = await fetch(`${root}/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { username: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    assert.equal(huge.status, 413);
    assert.match(((await huge.json()) as { error: string }).error, /larger than/);
    const big = 'y'.repeat(200 * 1024);
    const logged = await fetch(`${root}/rooms/0/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ comment: { comment: big } }),
    });
    assert.equal(logged.status, 401);
    const [entry] = (await (
      await fetch(`${running.url}/emulator/requests?path=/room-styling/rooms/0/comments`)
    ).json()) as { body: unknown }[];
    assert.equal(typeof entry!.body, 'string');
    assert.ok((entry!.body as string).length < 2000, 'only the start of a long body is logged');
    const multipart = await fetch(`${root}/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: 'garbage',
    });
    assert.equal(multipart.status, 400);
    assert.deepEqual(await multipart.json(), { error: 'Malformed form body' });
  });
});
