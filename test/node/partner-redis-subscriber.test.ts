/**
 * The Redis subscriber comes back (issue 34: one that failed once stayed broken, and the instance's
 * event streams polled for good). With a real redis-server stopped and started again on the same
 * port: a subscribe made while Redis is away fails within its timeout and a later one works; a subscription
 * made before a restart hears messages after it; the partner's export notifier tries again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { ExportNotifier } from '../../server/partner/export-results.ts';
import { RedisStore } from '../../server/partner/redis-store.ts';
import { freePort, spawnRedis, stopChild } from './helpers/processes.ts';

const startRedisOn = (port: number) => spawnRedis(port);
const stop = stopChild;

/** Publishes `message` on the store's channel every 100 ms until `heard` says so (10 s at most). */
async function publishUntilHeard(url: string, channel: string, heard: () => boolean): Promise<boolean> {
  const client = createClient({ url });
  await client.connect();
  try {
    for (let i = 0; i < 100 && !heard(); i++) {
      await client.publish(`partner:${channel}`, 'hello');
      await new Promise((r) => setTimeout(r, 100));
    }
    return heard();
  } finally {
    client.destroy();
  }
}

describe('partner back end: the Redis subscriber after an outage', () => {
  let port: number;
  let redis: ChildProcess;
  let store: RedisStore;
  const consoleError = console.error;
  before(async () => {
    port = await freePort();
    redis = await startRedisOn(port);
    store = await RedisStore.connect(`redis://127.0.0.1:${port}`, { commandTimeout: 1000 });
    console.error = () => {}; // the store's "connection lost / back" lines
  });
  after(async () => {
    console.error = consoleError;
    await store?.close();
    if (redis) await stop(redis);
  });

  it('a subscribe that failed while Redis was away works once it is back', async () => {
    await stop(redis);
    const t0 = Date.now();
    await assert.rejects(
      store.subscribe('first', () => {}),
      /StoreUnavailable|redis/,
    );
    // a generous guard over the 5 s a connection is waited for (5 × the 1 s command timeout): it
    // fails, it does not hang
    assert.ok(Date.now() - t0 < 15_000, `failed after ${Date.now() - t0} ms`);
    redis = await startRedisOn(port);
    let heard = 0;
    let unsubscribe: (() => Promise<void>) | undefined;
    for (let i = 0; i < 50 && !unsubscribe; i++) {
      unsubscribe = await store.subscribe('first', () => heard++).catch(() => undefined);
      if (!unsubscribe) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(unsubscribe, 'subscribed again once Redis was back');
    assert.ok(await publishUntilHeard(`redis://127.0.0.1:${port}`, 'first', () => heard > 0));
    await unsubscribe();
  });

  it('a subscription made before a restart hears messages after it', async () => {
    let heard = 0;
    const unsubscribe = await store.subscribe('second', () => heard++);
    await stop(redis);
    redis = await startRedisOn(port);
    assert.ok(
      await publishUntilHeard(`redis://127.0.0.1:${port}`, 'second', () => heard > 0),
      'heard after the restart',
    );
    await unsubscribe();
  });

  it('the export notifier polls while its subscription fails, and subscribes again later', async () => {
    await stop(redis);
    const notifier = new ExportNotifier(store, 200);
    assert.equal(await notifier.ready(), false, 'polling while Redis is away');
    redis = await startRedisOn(port);
    let ready = false;
    for (let i = 0; i < 50 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 200));
      ready = await notifier.ready();
    }
    assert.equal(ready, true, 'subscribed once Redis was back');
    let woken = 0;
    notifier.listen(42, () => woken++);
    const client = createClient({ url: `redis://127.0.0.1:${port}` });
    await client.connect();
    try {
      await client.publish('partner:export-ready', '42');
      for (let i = 0; i < 50 && !woken; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      client.destroy();
    }
    assert.equal(woken, 1, 'a stream waiting for export 42 is woken');
  });
});
