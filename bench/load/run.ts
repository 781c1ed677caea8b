/**
 * The partner back end under load (issue 12), bounded and on loopback only:
 * `node --import tsx bench/load/run.ts` (or `npm run load`).
 *
 * Two partner instances (child processes) on one Redis, the planning emulator as the planner. While
 * 20 000 token requests go out at 50 concurrency across both instances, 2 000 server-sent-event
 * streams wait for exports, chunked 200 MB bodies are thrown at the callback endpoints and anonymous
 * sign-ins flood the start endpoint; halfway, every awaited export is called back (to instance A).
 * Recorded in bench/load-results.json: requests/s, p50 / p99, each instance's peak memory, streams
 * that heard "ready", oversized bodies refused, and sessions lost (must be 0).
 *
 * It stops by itself: everything has a count, and the whole run a deadline (LOAD_DEADLINE_S, 480 s).
 */
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createClient } from 'redis';
import { execFileSync } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { chunkedUpload } from '../../test/node/helpers/chunked-upload.ts';
import { PROJECT, sendCallback } from '../../test/node/partner-setup.ts';
import { ask, freePort, REDIS_SERVER, startRedis, startScript, stopAll, type Started } from './processes.ts';

const TOKEN_REQUESTS = Number(process.env.LOAD_TOKENS) || 20_000;
const CONCURRENCY = 50;
const STREAMS = Number(process.env.LOAD_STREAMS ?? 2_000);
const USERS = 400; // 5 streams each: under the 6 a session may hold on one instance
const EXPORTS_PER_USER = 1;
const OVERSIZED_LOOPS = Number(process.env.LOAD_OVERSIZED ?? 4); // chunked 200 MB bodies, one after another in each loop
const OVERSIZED_BYTES = 200 * 1024 * 1024;
const ANONYMOUS_STARTS = Number(process.env.LOAD_ANONYMOUS ?? 10_000);
const DEADLINE_MS = (Number(process.env.LOAD_DEADLINE_S) || 480) * 1000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface User {
  cookie: string;
  sessionId: string;
  exports: number[];
}

/** Runs `count` tasks with at most `width` at once. */
async function pool(count: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Signs a user in through `partner`: start → the planner's authorize → callback. */
async function signIn(partner: string): Promise<User> {
  const start = await fetch(`${partner}/partner/oauth/start`, { redirect: 'manual' });
  const login = start.headers.getSetCookie()[0]!.split(';')[0]!;
  const granted = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(granted.headers.get('location')!);
  const back = await fetch(`${partner}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
    headers: { Cookie: login },
  });
  const session = back.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('partner_session='));
  if (back.status !== 302 || !session) throw new Error(`sign-in failed: ${back.status} ${await back.text()}`);
  return { cookie: session, sessionId: session.split('=')[1]!, exports: [] };
}

/** A chunked upload of `total` bytes, stopped at the answer; its status and the bytes sent before it. */
const oversized = (url: string, total: number) =>
  chunkedUpload(url, '/partner/export-callback', total, { readBody: false, errorIsRefusal: true });

/** When each export's callback went out (ms since the epoch). */
const callbackSentAt = new Map<number, number>();

/**
 * A page's event stream for one export, as EventSource behaves: after a `timeout` event (60 s without
 * the result) it connects again. Resolves with how long after its callback "ready" was heard, or null.
 */
async function listen(
  url: string,
  exportId: number,
  cookie: string,
  signal: AbortSignal,
): Promise<{ opened: boolean; readyAfter: number | null; status: number; reconnects: number }> {
  let opened = false;
  let status = 0;
  for (let reconnects = 0; !signal.aborted; reconnects++) {
    let response: Response;
    try {
      response = await fetch(url, { headers: { Cookie: cookie }, signal });
    } catch {
      return { opened, readyAfter: null, status, reconnects };
    }
    status = response.status;
    if (response.status !== 200) {
      await response.body?.cancel();
      return { opened, readyAfter: null, status, reconnects };
    }
    opened = true;
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    try {
      for (;;) {
        const read = await reader.read();
        if (read.done) break;
        text += read.value;
        if (/"status":"ready"/.test(text)) {
          const sent = callbackSentAt.get(exportId);
          return { opened, readyAfter: sent === undefined ? 0 : Date.now() - sent, status, reconnects };
        }
      }
    } catch {
      return { opened, readyAfter: null, status, reconnects }; // aborted at the deadline
    }
    if (!/event: timeout/.test(text)) return { opened, readyAfter: null, status, reconnects };
  }
  return { opened, readyAfter: null, status, reconnects: 0 };
}

async function main() {
  const started = Date.now();
  const redis = await startRedis();
  const redisUrl = `redis://127.0.0.1:${redis.port}`;
  const [plannerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const redirectUri = `http://127.0.0.1:${portA}/partner/oauth/callback`;
  const planner = await startScript('planner', plannerPort, './planner.ts', {
    PLANNER_REDIRECT_URIS: redirectUri,
    PLANNER_TOKEN_TTL: '7200',
  });
  const env = { REDIS_URL: redisUrl, PLANNER_URL: planner.url, REDIRECT_URI: redirectUri };
  const a = await startScript('partner A', portA, './partner.ts', env);
  const b = await startScript('partner B', portB, './partner.ts', env);
  const instances: Started[] = [a, b];
  console.log(`load: redis ${redisUrl}, planner ${planner.url}, partners ${a.url} ${b.url}`);

  // users: signed in through A (every callback comes back to A: one origin in front of both)
  const users: User[] = [];
  await pool(USERS, 20, async () => {
    users.push(await signIn(a.url));
  });
  // each user's exports: recorded in its session as a proxied export would be (seeding the shared
  // store directly, so the run does not render 400 exports in the emulator)
  const seed = createClient({ url: redisUrl });
  await seed.connect();
  let nextExport = 900_000;
  for (const user of users) {
    const key = `partner:session:${user.sessionId}`;
    const session = JSON.parse(String(await seed.get(key))) as { exports: number[] };
    user.exports = Array.from({ length: EXPORTS_PER_USER }, () => nextExport++);
    session.exports.push(...user.exports);
    await seed.set(key, JSON.stringify(session), { expiration: 'KEEPTTL' });
  }
  await seed.destroy();
  console.log(`load: ${users.length} users signed in (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const deadline = new AbortController();
  setMaxListeners(0, deadline.signal); // every request of the run listens to it
  const deadlineTimer = setTimeout(() => deadline.abort(), DEADLINE_MS - (Date.now() - started));

  // 2 000 event streams, 5 per user, users alternating instances
  const streams = Array.from({ length: STREAMS }, (_, i) => {
    const user = users[i % users.length]!;
    const instance = instances[i % 2]!;
    return listen(
      `${instance.url}/partner/exports/${user.exports[0]}/events`,
      user.exports[0]!,
      user.cookie,
      deadline.signal,
    );
  });

  // the token load, with the oversized bodies and the anonymous flood at the same time
  const latencies: number[][] = [[], []];
  const statuses = new Map<number, number>();
  let halfway: () => void = () => {};
  const atHalf = new Promise<void>((resolve) => (halfway = resolve));
  let oversizedRunning = true;
  const tokenStarted = performance.now();
  const tokenLoad = pool(TOKEN_REQUESTS, CONCURRENCY, async (i) => {
    if (i === TOKEN_REQUESTS / 2) halfway();
    if (deadline.signal.aborted) return;
    const which = i % 2;
    const user = users[i % users.length]!;
    const t0 = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${instances[which]!.url}/partner/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: instances[which]!.url, Cookie: user.cookie },
        body: JSON.stringify({ project_id: PROJECT }),
        signal: deadline.signal,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    latencies[which]!.push(performance.now() - t0);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }).then(() => performance.now() - tokenStarted);

  const oversizedResults: { status: number; sent: number }[] = [];
  const oversizedLoad = Promise.all(
    Array.from({ length: OVERSIZED_LOOPS }, async (_, loop) => {
      while (oversizedRunning && !deadline.signal.aborted)
        oversizedResults.push(await oversized(instances[loop % 2]!.url, OVERSIZED_BYTES));
    }),
  );
  let anonymousOk = 0;
  const anonymousLoad = pool(ANONYMOUS_STARTS, 5, async (i) => {
    if (deadline.signal.aborted) return;
    try {
      const response = await fetch(`${instances[i % 2]!.url}/partner/oauth/start`, {
        redirect: 'manual',
        signal: deadline.signal,
      });
      await response.arrayBuffer();
      if (response.status === 302) anonymousOk++;
    } catch {
      // counted as not ok
    }
  });

  // halfway through the token load: every awaited export is called back, to instance A
  await atHalf;
  const callbackStatuses = new Map<number, number>();
  await pool(users.length, 10, async (i) => {
    const exportId = users[i]!.exports[0]!;
    callbackSentAt.set(exportId, Date.now());
    // signed as the planner signs it (the demo secret), with the result map the partner tests send
    const response = await sendCallback(a.url, exportId);
    await response.arrayBuffer();
    callbackStatuses.set(response.status, (callbackStatuses.get(response.status) ?? 0) + 1);
  });

  const tokenMs = await tokenLoad;
  oversizedRunning = false;
  const streamResults = await Promise.all(streams);
  await Promise.all([oversizedLoad, anonymousLoad]);
  clearTimeout(deadlineTimer);

  // sessions lost: every user must still be signed in, on both instances
  let lost = 0;
  await pool(users.length, 20, async (i) => {
    for (const instance of instances) {
      const state = (await (
        await fetch(`${instance.url}/partner/session`, { headers: { Cookie: users[i]!.cookie } })
      ).json()) as { connected: boolean };
      if (!state.connected) {
        lost++;
        break;
      }
    }
  });

  const peaks = await Promise.all(instances.map((instance) => ask<number>(instance.child, 'peak-rss')));
  const plannerPeak = await ask<number>(planner.child, 'peak-rss');
  const all = [...latencies[0]!, ...latencies[1]!].sort((x, y) => x - y);
  const ready = streamResults.filter((s) => s.readyAfter !== null).map((s) => s.readyAfter!);
  ready.sort((x, y) => x - y);
  const refused = oversizedResults.filter((r) => r.status === 413).length;
  const cutOff = oversizedResults.filter((r) => r.status === 0).length;
  const maxSent = Math.max(0, ...oversizedResults.map((r) => r.sent));
  const ok = statuses.get(200) ?? 0;
  const mb = (bytes: number | undefined) => (bytes === undefined ? NaN : round(bytes / 1048576));

  const figures: Record<string, { value: number; unit: string }> = {
    'token requests': { value: all.length, unit: 'requests' },
    'token requests ok (200)': { value: ok, unit: 'requests' },
    'token requests/s': { value: round(all.length / (tokenMs / 1000)), unit: 'req/s' },
    'token p50': { value: round(percentile(all, 50)), unit: 'ms' },
    'token p99': { value: round(percentile(all, 99)), unit: 'ms' },
    'token p50 instance A': {
      value: round(
        percentile(
          latencies[0]!.sort((x, y) => x - y),
          50,
        ),
      ),
      unit: 'ms',
    },
    'token p99 instance A': { value: round(percentile(latencies[0]!, 99)), unit: 'ms' },
    'token p50 instance B': {
      value: round(
        percentile(
          latencies[1]!.sort((x, y) => x - y),
          50,
        ),
      ),
      unit: 'ms',
    },
    'token p99 instance B': { value: round(percentile(latencies[1]!, 99)), unit: 'ms' },
    'event streams opened': { value: streamResults.filter((s) => s.opened).length, unit: 'streams' },
    'event streams that heard ready': { value: ready.length, unit: 'streams' },
    'event stream reconnects after a timeout': {
      value: streamResults.reduce((sum, s) => sum + s.reconnects, 0),
      unit: 'reconnects',
    },
    'ready heard on a stream after its callback p50': { value: round(percentile(ready, 50)), unit: 'ms' },
    'ready heard on a stream after its callback p99': { value: round(percentile(ready, 99)), unit: 'ms' },
    'callbacks accepted': { value: callbackStatuses.get(200) ?? 0, unit: 'callbacks' },
    'oversized bodies sent (200 MB chunked)': { value: oversizedResults.length, unit: 'bodies' },
    'oversized bodies refused (413)': { value: refused, unit: 'bodies' },
    'oversized bodies cut off (connection closed after the 413, before the client read it)': {
      value: cutOff,
      unit: 'bodies',
    },
    'oversized: most bytes sent before the answer': { value: mb(maxSent), unit: 'MB' },
    'anonymous sign-in starts (302)': { value: anonymousOk, unit: 'requests' },
    'peak memory instance A': { value: mb(peaks[0]), unit: 'MB' },
    'peak memory instance B': { value: mb(peaks[1]), unit: 'MB' },
    'peak memory planner': { value: mb(plannerPeak), unit: 'MB' },
    'sessions lost': { value: lost, unit: 'sessions' },
  };
  const result = {
    measured: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}, ${cpus().length} cores, redis-server ${
      execFileSync(REDIS_SERVER, ['--version']).toString().split(' ')[2]?.replace('v=', '') ?? '?'
    }`,
    scenarios: {
      'partner-load': figures,
    },
    notes: {
      setup: `two partner instances (child processes) on one redis-server, the planning emulator as the planner; ${USERS} users signed in; ${STREAMS} event streams (${STREAMS / USERS} per user, alternating instances); ${TOKEN_REQUESTS} POST /partner/token at ${CONCURRENCY} concurrency alternating instances (each asks the planner for the project); ${OVERSIZED_LOOPS} loops of chunked 200 MB bodies to /partner/export-callback and ${ANONYMOUS_STARTS} anonymous /partner/oauth/start during the token load; every awaited export called back to instance A halfway`,
      token_statuses: Object.fromEntries(statuses),
      oversized_statuses: Object.fromEntries(
        [...new Set(oversizedResults.map((r) => r.status))].map((s) => [
          s,
          oversizedResults.filter((r) => r.status === s).length,
        ]),
      ),
      duration_s: round((Date.now() - started) / 1000),
      deadline_hit: deadline.signal.aborted,
    },
  };
  writeFileSync('bench/load-results.json', JSON.stringify(result, null, 2) + '\n');
  for (const [name, figure] of Object.entries(figures))
    console.log(`  ${name}: ${figure.value} ${figure.unit}`);
  const failed =
    lost > 0 ||
    ok !== TOKEN_REQUESTS ||
    ready.length !== STREAMS ||
    refused + cutOff !== oversizedResults.length;
  if (failed) console.error('load: FAILED (see the figures above)');
  return failed ? 1 : 0;
}

// whatever hangs (a sign-in, a child that does not answer), the run ends a minute after its deadline
const hardStop = setTimeout(() => {
  console.error('load: hard deadline reached, stopping');
  void stopAll().finally(() => process.exit(2));
}, DEADLINE_MS + 60_000);
hardStop.unref();

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error('load:', error);
} finally {
  await stopAll();
}
process.exit(code);
