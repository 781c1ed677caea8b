/**
 * Redis stopped, frozen and back (issue 22, finding 8), with a real redis-server (persisting to a
 * throwaway folder, so a stop and restart keeps the sessions as a production Redis would): while it
 * is away every request is answered at once with a clear 503 JSON (`store_unavailable`, Retry-After,
 * no stack trace), the log gets a line or two, not a stack per request, and once it is back the same
 * session works again. Also that a flood of sign-in starts writes nothing to Redis (issue 34).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { freePort, spawnRedis, stopChild } from './helpers/processes.ts';
import { RedisStore } from '../../server/partner/redis-store.ts';
import { TestBrowser } from './partner-test-browser.ts';
import { login, PROJECT, startPartners, type Partners } from './partner-setup.ts';

/** A redis-server on `port` that writes every change to `dir` (append-only file). */
const startPersistentRedis = (port: number, dir: string) =>
  spawnRedis(port, '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always');
const stop = stopChild;

describe('partner back end: Redis stopped, frozen and back', () => {
  const dir = mkdtempSync(join(tmpdir(), 'partner-redis-'));
  let port: number;
  let redis: ChildProcess;
  let store: RedisStore;
  let partners: Partners;
  const logged: string[] = [];
  const consoleError = console.error;
  before(async () => {
    port = await freePort();
    redis = await startPersistentRedis(port, dir);
    store = await RedisStore.connect(`redis://127.0.0.1:${port}`);
    partners = await startPartners(1, () => ({ store }));
    console.error = (...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    };
  });
  after(async () => {
    console.error = consoleError;
    await partners?.close();
    await store?.close();
    if (redis) await stop(redis);
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a signed-in page sees: /session and /token, with how long each took. */
  const visit = async (browser: TestBrowser) => {
    const out: { status: number; ms: number; body: string; retry: string | null }[] = [];
    for (const call of [
      () => browser.fetch('/partner/session'),
      () => browser.fetch('/partner/token', { json: { project_id: PROJECT } }),
    ]) {
      const t0 = Date.now();
      const response = await call();
      out.push({
        status: response.status,
        ms: Date.now() - t0,
        body: await response.text(),
        retry: response.headers.get('retry-after'),
      });
    }
    return out;
  };

  const assertClearRefusals = (answers: Awaited<ReturnType<typeof visit>>, what: string) => {
    for (const answer of answers) {
      assert.equal(answer.status, 503, `${what}: ${answer.status} ${answer.body}`);
      assert.equal(JSON.parse(answer.body).error, 'store_unavailable', what);
      assert.ok(Number(answer.retry) >= 1, `${what}: Retry-After`);
      assert.doesNotMatch(answer.body, /\n|\bat \w|redis-store|node_modules/, `${what}: no stack trace`);
      // a generous guard: the command timeout is 2 s
      assert.ok(answer.ms < 8000, `${what}: answered after ${answer.ms} ms`);
    }
  };

  it('frozen (SIGSTOP): fast clear 503s, few log lines; after SIGCONT the session works', async () => {
    const browser = new TestBrowser(partners.partners[0]!.url);
    await login(browser);
    logged.length = 0;
    redis.kill('SIGSTOP');
    try {
      const answers = (await Promise.all(Array.from({ length: 10 }, () => visit(browser)))).flat();
      assertClearRefusals(answers, 'frozen');
    } finally {
      redis.kill('SIGCONT');
    }
    assert.ok(
      logged.length <= 3,
      `${logged.length} log lines for 20 refused requests:\n${logged.join('\n')}`,
    );
    assert.ok(
      logged.every((line) => !line.includes('\n')),
      'one line each, no stack',
    );
    const back = await visit(browser);
    assert.deepEqual(
      back.map((a) => a.status),
      [200, 200],
      back.map((a) => a.body).join('\n'),
    );
  });

  it('stopped and restarted: fast clear 503s, then the same session again (none lost)', async () => {
    const browser = new TestBrowser(partners.partners[0]!.url);
    await login(browser);
    await stop(redis);
    const answers = (await Promise.all(Array.from({ length: 10 }, () => visit(browser)))).flat();
    assertClearRefusals(answers, 'stopped');
    redis = await startPersistentRedis(port, dir);
    let statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      statuses = (await visit(browser)).map((a) => a.status);
      if (statuses.every((s) => s === 200)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(statuses, [200, 200], 'the session survived and the partner recovered');
    assert.equal(
      ((await (await browser.fetch('/partner/session')).json()) as { connected: boolean }).connected,
      true,
    );
  });

  it('a flood of sign-in starts from many addresses writes nothing to Redis, and signing in still works', async () => {
    const url = partners.partners[0]!.url;
    const client = createClient({ url: `redis://127.0.0.1:${port}` });
    await client.connect();
    const statuses = new Map<number, number>();
    const before = (await client.keys('partner:state:*')).length; // the earlier tests' sign-ins
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${url}/partner/oauth/start`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
      });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      await response.arrayBuffer();
    }
    try {
      // the sign-in under way is in the signed state: only a completed one leaves a used-state mark
      assert.equal((await client.keys('partner:state:*')).length, before, 'the flood wrote nothing');
      assert.deepEqual(Object.fromEntries(statuses), { 302: 300 });
      await login(new TestBrowser(url));
      const marks = await client.keys('partner:state:used:*');
      assert.equal(marks.length, before + 1, 'one mark more for the one completed sign-in');
      for (const mark of marks)
        assert.ok((await client.pTTL(mark)) <= 600_000, 'kept no longer than the state lives');
    } finally {
      client.destroy();
    }
  });
});
