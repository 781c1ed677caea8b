/**
 * Several partner instances on one Redis (RedisStore, node-redis): a login on instance A works on
 * instance B, an OAuth state started on A completes on B, a callback received by A reaches a page
 * listening for server-sent events on B (Redis pub/sub), and a callback replayed to the other
 * instance is refused. A real redis-server is started on a free port for the test; without one the
 * test fails (CI installs Debian's redis-server, see .ci/run).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort, REDIS_SERVER, spawnRedis, stopChild } from './helpers/processes.ts';
import { RedisStore } from '../../server/partner/redis-store.ts';
import { TestBrowser } from './partner-test-browser.ts';
import * as setup from './partner-setup.ts';

/** A throwaway redis-server on 127.0.0.1: no persistence, killed after the tests. */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!existsSync(REDIS_SERVER))
    assert.fail(
      `redis-server not found at ${REDIS_SERVER}: install it (Debian: apt-get install redis-server; .ci/run does) or set REDIS_SERVER`,
    );
  const port = await freePort();
  let child: ChildProcess;
  try {
    child = await spawnRedis(port, '--protected-mode', 'yes');
  } catch (error) {
    assert.fail((error as Error).message);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => stopChild(child),
  };
}

describe('partner back end: two instances on one Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let stores: RedisStore[];
  let partners: setup.Partners;
  before(async () => {
    redis = await startRedis();
    stores = [await RedisStore.connect(redis.url), await RedisStore.connect(redis.url)];
    partners = await setup.startPartners(2, (i) => ({ store: stores[i]! }));
  });
  after(async () => {
    await partners?.close();
    for (const store of stores ?? []) await store.close();
    await redis?.stop();
  });

  /** A browser on instance B holding the cookies a browser on A got (one origin in front of both). */
  const sameBrowserOn = (from: TestBrowser, url: string) => {
    const other = new TestBrowser(url);
    for (const [name, cookie] of from.cookies) other.cookies.set(name, cookie);
    return other;
  };

  it('a login on A works on B', async () => {
    const [a, b] = partners.partners as [(typeof partners.partners)[0], (typeof partners.partners)[0]];
    const onA = new TestBrowser(a!.url);
    await setup.login(onA);
    const onB = sameBrowserOn(onA, b!.url);
    const session = await (await onB.fetch('/partner/session')).json();
    assert.equal(session.connected, true);
    const token = await onB.fetch('/partner/token', { json: { project_id: 186997360 } });
    assert.equal(token.status, 200);
    // and a logout on B is a logout on A
    assert.deepEqual(await (await onB.fetch('/partner/oauth/revoke', { json: {} })).json(), {
      revoked: true,
    });
    assert.equal((await (await onA.fetch('/partner/session')).json()).connected, false);
  });

  it('an OAuth state started on A completes on B', async () => {
    const [a, b] = partners.partners;
    const onA = new TestBrowser(a!.url);
    const start = await onA.fetch('/partner/oauth/start?return_to=/partner/session');
    const granted = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(granted.headers.get('location')!);
    const onB = sameBrowserOn(onA, b!.url);
    const back = await onB.fetch(callback.pathname + callback.search);
    assert.equal(back.status, 302);
    assert.equal((await (await onB.fetch('/partner/session')).json()).connected, true);
    // used once: the same state on A again is refused
    assert.equal((await onA.fetch(callback.pathname + callback.search)).status, 400);
  });

  it('a callback received by A reaches a page listening for server-sent events on B, and a replay to B is refused', async () => {
    const [a, b] = partners.partners;
    const onA = new TestBrowser(a!.url);
    await setup.login(onA);
    const onB = sameBrowserOn(onA, b!.url);
    const exportId = await setup.exportWithToken(onB, partners.planner.url, 'http://127.0.0.1:9/nowhere');
    const events = await fetch(`${b!.url}/partner/exports/${exportId}/events`, {
      headers: { Cookie: onB.cookieHeader() },
    });
    assert.equal(events.status, 200);
    const heard = setup.readEvents(events, (list) => list.length >= 2);
    await new Promise((r) => setTimeout(r, 100)); // B is listening
    const started = Date.now();
    const timestamp = Math.floor(Date.now() / 1000);
    assert.equal((await setup.sendCallback(a!.url, exportId, { timestamp })).status, 200);
    const list = await heard;
    assert.deepEqual(
      list.map((e) => [e.event, JSON.parse(e.data).status]),
      [
        ['status', 'pending'],
        ['status', 'ready'],
      ],
    );
    // woken by pub/sub, not by B's slow re-check (every 5 s)
    assert.ok(Date.now() - started < 2000, `heard after ${Date.now() - started} ms`);
    const status = await (await onA.fetch(`/partner/exports/${exportId}/status`)).json();
    assert.equal(status.status, 'ready');
    // the same signed callback sent to B: refused, the guard is shared
    const replay = await setup.sendCallback(b!.url, exportId, { timestamp });
    assert.equal(replay.status, 409);
    assert.equal((await replay.json()).error, 'replayed_callback');
  });
});
