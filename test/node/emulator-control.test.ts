import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer, type Running } from './helpers/server.ts';

describe('emulator test hooks', () => {
  let running: Running;
  before(async () => {
    running = await startDemoServer({ rooms: 20 });
  });
  after(() => running.close());

  it('logs what it received and answers an armed fault once', async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    const armed = await fetch(`${running.url}/emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ match: '/room-styling/nowhere', status: 503 }),
    });
    assert.equal(armed.status, 201);
    const first = await fetch(`${running.url}/room-styling/nowhere?a=1&a=2&b=x`);
    assert.equal(first.status, 503);
    assert.deepEqual(await first.json(), { error: 'injected fault 503' });
    const second = await fetch(`${running.url}/room-styling/nowhere`);
    assert.equal(second.status, 404);
    const log = await (await fetch(`${running.url}/emulator/requests?path=/room-styling/nowhere`)).json();
    assert.equal(log.length, 2);
    assert.deepEqual(log[0].query, { a: ['1', '2'], b: 'x' });
  });

  it('honours the X-Emulator-Fault header: delay, status and malformed bodies', async () => {
    const started = Date.now();
    const response = await fetch(`${running.url}/room-styling/x`, {
      headers: { 'X-Emulator-Fault': 'delay=150; status=502; body=malformed' },
    });
    assert.ok(Date.now() - started >= 140);
    assert.equal(response.status, 502);
    await assert.rejects(response.json(), SyntaxError);
  });
});

describe('emulator fault injection: every form, and bad faults refused', () => {
  let running: Running;
  before(async () => {
    running = await startDemoServer({ rooms: 20, realdataDir: null });
  });
  after(() => running.close());
  const rooms = (fault?: string) =>
    fetch(`${running.url}/room-styling/rooms?limit=1`, {
      headers: fault ? { 'X-Emulator-Fault': fault } : {},
    });
  const arm = (fault: unknown) =>
    fetch(`${running.url}/emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fault),
    });

  it('header: wrong-shape and empty bodies with 200, a bare status, and no header is no fault', async () => {
    assert.deepEqual(await (await rooms('body=wrong-shape')).json(), {
      unexpected: true,
      rooms: 'not a list',
    });
    const empty = await rooms('body=empty');
    assert.equal(empty.status, 200);
    assert.equal(await empty.text(), '');
    const malformed = await rooms('body=malformed');
    assert.equal(malformed.status, 200);
    await assert.rejects(malformed.json(), SyntaxError);
    const status = await rooms('status=429');
    assert.equal(status.status, 429);
    assert.deepEqual(await status.json(), { error: 'injected fault 429' });
    assert.equal((await rooms('status=204')).status, 204, 'a status without a body answers without one');
    const plain = await rooms();
    assert.equal(plain.status, 200);
    assert.equal(((await plain.json()) as { rooms: unknown[] }).rooms.length, 1);
  });

  it('header values it cannot honour are ignored, never a 500', async () => {
    for (const fault of ['status=1000', 'status=99', 'status=abc', 'delay=-5', 'body=weird', ';;==;']) {
      const answer = await rooms(fault);
      assert.equal(answer.status, 200, fault);
      await answer.arrayBuffer();
    }
  });

  it('armed faults: by method and regex, for `times` requests; bad ones answer 400', async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    assert.equal((await arm({ match: 're:^/room-styling/rooms$', method: 'POST', status: 500 })).status, 201);
    assert.equal((await rooms()).status, 200, 'a GET is not a POST');
    assert.equal((await arm({ match: 're:^/room-styling/rooms$', status: 502, times: 2 })).status, 201);
    assert.equal((await rooms()).status, 502);
    assert.equal((await rooms()).status, 502);
    assert.equal((await rooms()).status, 200, 'used up after two');
    const listed = (await (await fetch(`${running.url}/emulator/faults`)).json()) as unknown[];
    assert.equal(listed.length, 1, 'the POST fault is still armed');
    await fetch(`${running.url}/emulator/faults`, { method: 'DELETE' });
    assert.deepEqual(await (await fetch(`${running.url}/emulator/faults`)).json(), []);

    for (const bad of [
      {},
      { match: '' },
      { match: 're:(' },
      { match: '/room-styling', status: 1000 },
      { match: '/room-styling', body: 'weird' },
    ]) {
      const answer = await arm(bad);
      assert.equal(answer.status, 400, JSON.stringify(bad));
      assert.equal(typeof ((await answer.json()) as { error: unknown }).error, 'string');
    }
    const notJson = await fetch(`${running.url}/emulator/faults`, { method: 'POST', body: '{' });
    assert.equal(notJson.status, 400);
    assert.equal((await rooms()).status, 200, 'nothing bad was armed');
  });
});

describe('emulator request log', () => {
  let running: Running;
  before(async () => {
    running = await startDemoServer({ rooms: 20 });
  });
  after(() => running.close());

  it('never holds a secret: authorization, cookies, client secrets, passwords and tokens are fingerprinted', async () => {
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    await fetch(`${running.url}/planning/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer sekrit-1', Cookie: 'sid=abc' },
      body: JSON.stringify({ client_id: 'demo-client', client_secret: 'demo-secret', code: 'c0de' }),
    });
    await fetch(`${running.url}/room-styling/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=ann&password=hunter2',
    });
    await fetch(`${running.url}/room-styling/rooms/search?limit=5&kind=own&token=tok-xyz`, {
      headers: { Authorization: 'Bearer sekrit-2' },
    });
    const text = await (await fetch(`${running.url}/emulator/requests`)).text();
    for (const secret of ['sekrit-1', 'sekrit-2', 'demo-secret', 'c0de', 'hunter2', 'tok-xyz', 'sid=abc']) {
      assert.ok(!text.includes(secret), `${secret} leaked into the log`);
    }
    const log = JSON.parse(text) as { headers: Record<string, string>; query: Record<string, string> }[];
    assert.match(log[0]!.headers.authorization!, /^Bearer \[redacted:[0-9a-f]{8}\]$/);
    assert.notEqual(
      log[0]!.headers.authorization,
      log[2]!.headers.authorization,
      'fingerprints tell tokens apart',
    );
    assert.equal(log[2]!.query.kind, 'own', 'the rest of the request stays readable');
  });
});
