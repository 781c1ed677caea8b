import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { configure, resetConfig } from '../../src/config.ts';
import { RoomStylingClient } from '../../src/api/room-styling/index.ts';
import { loadSource } from '../../src/api/model-source.ts';
import { listen, type Running } from './helpers/server.ts';

/** Two hosts that answer a room and remember the `token` each was sent. */
describe('a configure()d room-styling token goes only to the origin it was configured for', () => {
  const seen: Record<'a' | 'b', (string | undefined)[]> = { a: [], b: [] };
  let a: Running;
  let b: Running;
  const host = (name: 'a' | 'b') => {
    const app = new Hono();
    app.get('/api/rooms/:id', (c) => {
      seen[name].push(c.req.query('token'));
      return c.json({ status: 403, error: 'Forbidden' }, 403);
    });
    return app;
  };
  before(async () => {
    a = await listen(host('a'));
    b = await listen(host('b'));
  });
  after(async () => {
    resetConfig();
    await a.close();
    await b.close();
  });

  it("sends it to configure()d apiBase, never to an element's other api-base", async () => {
    configure({ apiBase: `${a.url}/api`, token: 'rs_visitor' });
    await new RoomStylingClient({}).getRoom(1).catch(() => undefined);
    await new RoomStylingClient({ base: `${a.url}/api/` }).getRoom(1).catch(() => undefined);
    await new RoomStylingClient({ base: `${b.url}/api` }).getRoom(1).catch(() => undefined);
    assert.deepEqual(seen.a, ['rs_visitor', 'rs_visitor']);
    assert.deepEqual(seen.b, [undefined]);
  });

  it('a token given to the client itself goes where that client calls', async () => {
    seen.b = [];
    await new RoomStylingClient({ base: `${b.url}/api`, token: 'rs_own' }).getRoom(1).catch(() => undefined);
    assert.deepEqual(seen.b, ['rs_own']);
  });

  it("the elements' room-id source (model-source.ts, room-model.ts) follows the same rule", async () => {
    seen.a = [];
    seen.b = [];
    configure({ apiBase: `${a.url}/api`, token: 'rs_visitor' });
    await loadSource({ roomId: '1' }).catch(() => undefined);
    await loadSource({ roomId: ' 1 ', apiBase: `${b.url}/api` }).catch(() => undefined);
    assert.deepEqual(seen.a, ['rs_visitor']);
    assert.deepEqual(seen.b, [undefined]);
  });
});
