/**
 * The elements' room-id source (src/api/room-styling/room-model.ts through src/api/model-source.ts)
 * over real HTTP: it reads only the room's `model` member, so a room whose listing fields are off
 * still shows; a room without a model, an answer that is no room, a 404 and a 5xx are clear errors.
 * Where its token goes: room-styling-token-origin.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { loadSource } from '../../src/api/model-source.ts';
import { getRoomModel } from '../../src/api/room-styling/room-model.ts';
import { ApiError } from '../../src/api/http.ts';
import { ElementError } from '../../src/api/failure.ts';
import { listen, type Running } from './helpers/server.ts';
import { boxPlan } from '../shared/fixtures.ts';

const MODEL = { version: 2, plan: boxPlan(400, 300), components: [] };

describe('room-id source: GET /rooms/:id, the model member only', () => {
  let a: Running;
  before(async () => {
    const app = new Hono();
    app.get('/api/rooms/:id', (c) => {
      const id = c.req.param('id');
      // listing fields of the wrong types: the room schema would refuse this document
      if (id === '1') return c.json({ id: 'one', title: 42, products: 'none', model: MODEL });
      if (id === '2') return c.json({ id: 2, title: 'Empty' });
      if (id === '3') return c.json([1, 2, 3]);
      if (id === '4') return c.json({ status: 404, error: 'Room not found' }, 404);
      if (id === '5') return c.json({ status: 500, error: 'boom' }, 500);
      return c.json({ id: Number(id), model: 'not a model' });
    });
    a = await listen(app);
  });
  after(() => a.close());

  it('reads the model of a room whose other fields the room schema would refuse', async () => {
    const loaded = await loadSource({ roomId: ' 1 ', apiBase: `${a.url}/api` });
    assert.equal(loaded.kind, 'room');
    assert.equal(loaded.kind === 'room' && loaded.model.walls.length, 4);
  });

  it('a room without a model, or an answer that is no room: no-model', async () => {
    for (const id of ['2', '3']) {
      const error = await loadSource({ roomId: id, apiBase: `${a.url}/api` }).catch((e: unknown) => e);
      assert.ok(error instanceof ElementError, `room ${id}: ${String(error)}`);
      assert.equal(error.reason, 'no-model');
    }
  });

  it('a model that cannot be drawn: not-drawable, with what readModel found', async () => {
    const error = await loadSource({ roomId: '6', apiBase: `${a.url}/api` }).catch((e: unknown) => e);
    assert.ok(error instanceof ElementError);
    assert.equal(error.reason, 'not-drawable');
  });

  it("a 404 and a 5xx are ApiErrors with the status and the service's message", async () => {
    const missing = await getRoomModel({ base: `${a.url}/api` }, '4', { retries: 0 }).catch(
      (e: unknown) => e,
    );
    assert.ok(missing instanceof ApiError);
    assert.equal(missing.status, 404);
    assert.equal(missing.message, 'Room not found');
    const broken = await getRoomModel({ base: `${a.url}/api` }, '5', { retries: 0 }).catch((e: unknown) => e);
    assert.ok(broken instanceof ApiError);
    assert.equal(broken.status, 500);
  });
});
