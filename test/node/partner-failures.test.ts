/**
 * The partner back end when the planning service misbehaves: down, 5xx, a body that is not JSON,
 * a token that expired by the clock. Each must give the page a clear JSON error, never a crash or a
 * token. The "planner" here is a tiny Hono app on its own port whose answers each test sets.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { createPartner, MemoryStore } from '../../server/partner/app.ts';
import type { Session } from '../../server/partner/session.ts';
import { listen, type Running } from './helpers/server.ts';
import { sendCallback } from './partner-setup.ts';

describe('partner back end: a misbehaving planner', () => {
  let planner: Running;
  let partner: Running;
  const store = new MemoryStore();
  let answer: () => Response = () => Response.json({});
  const SID = 'a'.repeat(43);

  before(async () => {
    const fake = new Hono();
    fake.all('*', () => answer());
    planner = await listen(fake);
    partner = await listen(
      new Hono().route(
        '/partner',
        createPartner({ env: {}, store, oauthBase: `${planner.url}`, apiBase: `${planner.url}/api/v2` }),
      ),
    );
  });
  after(async () => {
    await partner.close();
    await planner.close();
  });
  beforeEach(async () => {
    const session: Session = {
      id: SID,
      token: { accessToken: 'tok', expiresAt: Date.now() + 3_600_000, scope: 'public' },
      exports: [],
      createdAt: Date.now(),
    };
    await store.set(`session:${SID}`, session, 600);
  });

  const post = (path: string, body: unknown) =>
    fetch(`${partner.url}/partner${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: partner.url, Cookie: `partner_session=${SID}` },
      body: JSON.stringify(body),
    });

  it('502 when the planner answers 5xx or cannot be reached', async () => {
    answer = () => new Response('oops', { status: 503 });
    const busy = await post('/token', { project_id: 5 });
    assert.equal(busy.status, 502);
    assert.equal((await busy.json()).error, 'planner_unavailable');

    answer = () => new Response(null, { status: 500 });
    const crashed = await post('/token', { project_id: 5 });
    assert.equal(crashed.status, 502);

    const closed = await listen(new Hono());
    await closed.close();
    const offline = await listen(
      new Hono().route(
        '/partner',
        createPartner({ env: {}, store, oauthBase: closed.url, apiBase: `${closed.url}/api/v2` }),
      ),
    );
    try {
      const response = await fetch(`${offline.url}/partner/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: offline.url,
          Cookie: `partner_session=${SID}`,
        },
        body: '{"project_id":5}',
      });
      assert.equal(response.status, 502);
      const body = await response.json();
      assert.equal(body.error, 'planner_unavailable');
      assert.ok(!JSON.stringify(body).includes(closed.url), 'no internal address in the answer');
    } finally {
      await offline.close();
    }
  });

  it('proxy: a planner answer that is not JSON is a 502, a 422 passes through in words', async () => {
    answer = () =>
      new Response('<html>gateway</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    const valid = { type: '2d', fmt: ['png'], width: 40, height: 30, paper: { combine: true } };
    const broken = await post('/proxy/projects/5/export.json', valid);
    assert.equal(broken.status, 502);
    answer = () =>
      Response.json({ error: 'invalid parameters specified', details: ['fmt: required'] }, { status: 422 });
    const invalid = await post('/proxy/projects/5/export.json', valid);
    assert.equal(invalid.status, 422);
    assert.deepEqual((await invalid.json()).details, ['fmt: required']);
    // what the builder refuses never reaches the planner
    let asked = false;
    answer = () => {
      asked = true;
      return Response.json({});
    };
    const refused = await post('/proxy/projects/5/export.json', { type: '2d' });
    assert.equal(refused.status, 422);
    assert.equal(asked, false);
  });

  it('a token past its expiry is never handed out, and the session says so', async () => {
    const session = (await store.get<Session>(`session:${SID}`))!;
    session.token!.expiresAt = Date.now() - 1;
    await store.set(`session:${SID}`, session, 600);
    let asked = false;
    answer = () => {
      asked = true;
      return Response.json({});
    };
    const response = await post('/token', { project_id: 5 });
    assert.equal(response.status, 401);
    assert.equal(asked, false, 'the partner knows the expiry without asking the planner');
    const state = await (
      await fetch(`${partner.url}/partner/session`, { headers: { Cookie: `partner_session=${SID}` } })
    ).json();
    assert.equal(state.connected, false);
  });

  it('a planner that refuses the code exchange gives a sign-in page with a way to start again', async () => {
    const start = await fetch(`${partner.url}/partner/oauth/start`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const login = start.headers.getSetCookie()[0]!.split(';')[0]!;
    answer = () => Response.json({ error: 'invalid_grant' }, { status: 403 });
    const callback = await fetch(`${partner.url}/partner/oauth/callback?code=c&state=${state}`, {
      headers: { Cookie: login },
      redirect: 'manual',
    });
    assert.equal(callback.status, 502);
    const html = await callback.text();
    assert.match(html, /refused the sign-in \(status 403\)/);
    assert.match(html, /href="\/partner\/oauth\/start\?return_to=/);
  });
});

describe('partner back end: a store that fails while keeping a callback', () => {
  it('answers 500 and lets the planner’s retry of the same callback through (not refused as a replay)', async () => {
    class FlakyStore extends MemoryStore {
      failures = 1;
      override async set<T>(key: string, value: T, ttl: number): Promise<void> {
        if (key.startsWith('export:') && this.failures-- > 0) throw new Error('store down');
        return super.set(key, value, ttl);
      }
    }
    const store = new FlakyStore();
    const partner = await listen(new Hono().route('/partner', createPartner({ env: {}, store })));
    const logged = console.error;
    console.error = () => {};
    try {
      const timestamp = Math.floor(Date.now() / 1000);
      const first = await sendCallback(partner.url, 4242, { timestamp });
      assert.equal(first.status, 500);
      const retry = await sendCallback(partner.url, 4242, { timestamp });
      assert.equal(retry.status, 200);
      assert.equal((await sendCallback(partner.url, 4242, { timestamp })).status, 409, 'then it is a replay');
      assert.ok(await store.get('export:4242'));
    } finally {
      console.error = logged;
      await partner.close();
    }
  });
});
