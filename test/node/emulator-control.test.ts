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
