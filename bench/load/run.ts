/**
 * The partner back end under load (issues 12 and 22), bounded and on loopback only:
 * `npm run load` (all three phases), `npm run load -- load` (the first two), `npm run load -- chaos`.
 *
 * Two partner instances (child processes) on one Redis, the planning emulator as the planner, 400
 * users signed in. Three phases of LOAD_PHASE_S seconds (default 20) each:
 * - `partner-load-clean`: token requests at 50 concurrency across both instances, nothing else.
 * - `partner-load`: the same while 2 000 server-sent-event streams wait for exports, chunked 200 MB
 *   bodies are thrown at the callback endpoint and anonymous sign-ins flood the start endpoint;
 *   halfway, every awaited export is called back (to instance A).
 * - `chaos`: 50 users go on using the partner (session, token, now and then an export through the
 *   proxy) while the planner turns slow, then fails, then Redis is stopped and restarted; recorded is
 *   what they saw (statuses and error codes, the slowest answer: no hang), and afterwards sessions
 *   lost and exports lost (an accepted export whose result never became readable), both must be 0.
 * Recorded in bench/load-results.json: requests/s, p50 / p99, each instance's peak memory per phase,
 * streams that heard "ready", oversized bodies refused, and sessions lost (must be 0).
 *
 * It stops by itself: every phase has a duration, and the whole run a deadline (LOAD_DEADLINE_S, 480 s).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { execFileSync } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { chunkedUpload } from '../../test/node/helpers/chunked-upload.ts';
import { mergeIntoBenchResults } from './results.ts';
import { PROJECT, sendCallback } from '../../test/node/partner-setup.ts';
import type { MemoryFigures } from './memory.ts';
import {
  ask,
  freePort,
  REDIS_SERVER,
  startRedis,
  startScript,
  stop,
  stopAll,
  type Started,
} from './processes.ts';

const MODE = process.argv[2] ?? 'all';
if (!['all', 'load', 'chaos'].includes(MODE)) throw new Error(`usage: run.ts [all|load|chaos], not ${MODE}`);
const PHASE_MS = (Number(process.env.LOAD_PHASE_S) || 20) * 1000;
const CHAOS_MS = (Number(process.env.LOAD_CHAOS_S) || 30) * 1000;
const CONCURRENCY = 50;
const CHAOS_USERS = 50;
const PLANNER_TIMEOUT_MS = 2000;
const STREAMS = Number(process.env.LOAD_STREAMS ?? 2_000);
const USERS = 400; // 5 streams each: under the 6 a session may hold on one instance
const EXPORTS_PER_USER = 1;
const OVERSIZED_LOOPS = Number(process.env.LOAD_OVERSIZED ?? 4); // chunked 200 MB bodies, one after another in each loop
const OVERSIZED_BYTES = 200 * 1024 * 1024;
const DEADLINE_MS = (Number(process.env.LOAD_DEADLINE_S) || 480) * 1000;
/** Each partner instance's V8 old-space cap (--max-old-space-size), MB. */
const HEAP_MB = Number(process.env.LOAD_HEAP_MB) || 192;
/** The young generation's semi-space (--max-semi-space-size), MB; 0: V8's default. */
const SEMI_SPACE_MB = Number(process.env.LOAD_SEMI_SPACE_MB ?? 0);
/** How the token load is sent: `http` (node:http, keep-alive; default) or `fetch`. */
const LOAD_CLIENT = process.env.LOAD_CLIENT === 'fetch' ? 'fetch' : 'http';
/** Token requests before the phases, so the figures are those of a warm process (JIT, pools). */
const WARM_UP_MS = 3000;
/** What one open event stream may hold outside the V8 heap (socket, parser, write buffer), for the budget. */
const STREAM_BYTES = 32 * 1024;

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

type Figures = Record<string, { value: number; unit: string }>;
const mb = (bytes: number | undefined) => (bytes === undefined ? NaN : round(bytes / 1048576));
const sorted = (values: number[]) => [...values].sort((x, y) => x - y);

interface Run {
  instances: Started[];
  planner: Started;
  users: User[];
  deadline: AbortSignal;
  /** Each instance's memory budget (budgetOf). */
  budgets: Budget[];
}

/** Each instance's (and the planner's) peak memory since the last call, then a fresh start. */
async function phasePeaks(run: Run): Promise<MemoryFigures[]> {
  const children = [...run.instances, run.planner].map((s) => s.child);
  const peaks = await Promise.all(children.map((child) => ask<MemoryFigures>(child, 'peak-memory')));
  await Promise.all(children.map((child) => ask<MemoryFigures>(child, 'reset-peak')));
  return peaks.map((p) => p ?? { rss: NaN, heapUsed: NaN, heapTotal: NaN, external: NaN });
}

const TOKEN_BODY = JSON.stringify({ project_id: PROJECT });

/**
 * One POST /partner/token as a page makes it, with node:http on a keep-alive agent (the default
 * client: about a third of fetch's cost per request, so the generator takes less of the CPU the
 * instances need); its status, 0 for a network error or the run's deadline.
 */
function postToken(instance: Started, agent: Agent, cookie: string, inFlight: Set<{ abort(): void }>) {
  return new Promise<number>((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: instance.port,
        path: '/partner/token',
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(TOKEN_BODY)),
          Origin: instance.url,
          Cookie: cookie,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    const handle = { abort: () => request.destroy() };
    inFlight.add(handle);
    request.on('close', () => inFlight.delete(handle));
    request.on('error', () => resolve(0));
    request.end(TOKEN_BODY);
  });
}

/** The same with fetch (LOAD_CLIENT=fetch), as the run made it before. */
async function fetchToken(
  instance: Started,
  _agent: Agent,
  cookie: string,
  inFlight: Set<{ abort(): void }>,
) {
  const controller = new AbortController();
  inFlight.add(controller);
  try {
    const response = await fetch(`${instance.url}/partner/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: instance.url, Cookie: cookie },
      body: TOKEN_BODY,
      signal: controller.signal,
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  } finally {
    inFlight.delete(controller);
  }
}

/**
 * POST /partner/token at CONCURRENCY for `durationMs`, alternating instances; the latencies per
 * instance and the statuses. `halfway` is called once half the time has gone.
 */
async function tokenLoad(run: Run, durationMs: number, halfway: () => void = () => {}) {
  const latencies: number[][] = [[], []];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const until = started + durationMs;
  let i = 0;
  let half = false;
  // each request its own way to stop, all stopped by one listener on the run's deadline: passing the
  // deadline's signal to every fetch left one listener per request on it until garbage collection,
  // and adding one more to a signal that holds thousands walks them all (15 % of this process's
  // time; this process is the load generator, sharing the machine's 2 cores with what it measures)
  const inFlight = new Set<{ abort(): void }>();
  const abortAll = () => inFlight.forEach((request) => request.abort());
  run.deadline.addEventListener('abort', abortAll, { once: true });
  const agents = run.instances.map(() => new Agent({ keepAlive: true, maxSockets: CONCURRENCY }));
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until && !run.deadline.aborted) {
        if (!half && performance.now() > started + durationMs / 2) {
          half = true;
          halfway();
        }
        const n = i++;
        const which = n % 2;
        const instance = run.instances[which]!;
        const user = run.users[n % run.users.length]!;
        const t0 = performance.now();
        const status = await (LOAD_CLIENT === 'fetch' ? fetchToken : postToken)(
          instance,
          agents[which]!,
          user.cookie,
          inFlight,
        );
        latencies[which]!.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agents.forEach((agent) => agent.destroy());
  run.deadline.removeEventListener('abort', abortAll);
  if (!half) halfway();
  return { latencies, statuses, ms: performance.now() - started };
}

function tokenFigures(load: Awaited<ReturnType<typeof tokenLoad>>): Figures {
  const all = sorted([...load.latencies[0]!, ...load.latencies[1]!]);
  const a = sorted(load.latencies[0]!);
  const b = sorted(load.latencies[1]!);
  return {
    'token requests': { value: all.length, unit: 'requests' },
    'token requests ok (200)': { value: load.statuses.get(200) ?? 0, unit: 'requests' },
    'token requests/s': { value: round(all.length / (load.ms / 1000)), unit: 'req/s' },
    'token p50': { value: round(percentile(all, 50)), unit: 'ms' },
    'token p99': { value: round(percentile(all, 99)), unit: 'ms' },
    'token max': { value: round(all[all.length - 1] ?? NaN), unit: 'ms' },
    'token p50 instance A': { value: round(percentile(a, 50)), unit: 'ms' },
    'token p99 instance A': { value: round(percentile(a, 99)), unit: 'ms' },
    'token p50 instance B': { value: round(percentile(b, 50)), unit: 'ms' },
    'token p99 instance B': { value: round(percentile(b, 99)), unit: 'ms' },
  };
}

/**
 * Each instance's peaks beside its memory budget (budgetOf), and whether a peak went over it. The
 * planner's resident peak for reference (it is the emulator, not under test).
 */
function memoryFigures(peaks: MemoryFigures[], budgets: Budget[]): { figures: Figures; over: string[] } {
  const figures: Figures = {};
  const over: string[] = [];
  ['A', 'B'].forEach((name, i) => {
    const peak = peaks[i]!;
    const budget = budgets[i]!;
    figures[`peak memory instance ${name}`] = { value: mb(peak.rss), unit: 'MB' };
    figures[`peak V8 heap used instance ${name}`] = { value: mb(peak.heapUsed), unit: 'MB' };
    figures[`peak outside the V8 heap (external) instance ${name}`] = {
      value: mb(peak.external),
      unit: 'MB',
    };
    figures[`memory budget instance ${name}`] = { value: mb(budget.total), unit: 'MB' };
    if (!(peak.rss <= budget.total))
      over.push(`instance ${name}: ${mb(peak.rss)} MB > ${mb(budget.total)} MB`);
  });
  figures['peak memory over budget'] = { value: over.length, unit: 'instances' };
  figures['peak memory planner'] = { value: mb(peaks[2]!.rss), unit: 'MB' };
  return { figures, over };
}

interface InstanceConfig {
  heapLimit: number;
  maxStreams: number;
  maxBufferedBodyBytes: number;
}

interface Budget {
  total: number;
  parts: Record<string, number>;
}

/**
 * What an instance may hold by its configuration: the runtime and code it holds idle outside the V8
 * heap (measured after the warm-up) + the V8 heap's cap (old space + young generation, as V8 reports
 * it) + per event stream it may keep open (maxStreams) a socket with its buffers + the request bodies
 * it may hold at once, each at most the largest body limit.
 */
function budgetOf(idle: MemoryFigures, config: InstanceConfig): Budget {
  const parts = {
    'runtime and code outside the heap (idle RSS - idle heap reserved)': Math.max(
      0,
      idle.rss - idle.heapTotal,
    ),
    'V8 heap cap (old space + young generation)': config.heapLimit,
    [`event streams (${config.maxStreams} x ${STREAM_BYTES / 1024} KB)`]: config.maxStreams * STREAM_BYTES,
    [`request bodies (maxBufferedBodyBytes ${config.maxBufferedBodyBytes / 1048576} MB, read and copied)`]:
      2 * config.maxBufferedBodyBytes,
  };
  return { total: Object.values(parts).reduce((x, y) => x + y, 0), parts };
}

/** Every user must still be signed in, on both instances; how many are not. */
async function sessionsLost(run: Run): Promise<number> {
  let lost = 0;
  await pool(run.users.length, 20, async (i) => {
    for (const instance of run.instances) {
      const state = (await (
        await fetch(`${instance.url}/partner/session`, { headers: { Cookie: run.users[i]!.cookie } })
      ).json()) as { connected: boolean };
      if (!state.connected) {
        lost++;
        break;
      }
    }
  });
  return lost;
}

/** Phase 1: the token load alone. */
async function cleanPhase(run: Run) {
  await phasePeaks(run);
  const load = await tokenLoad(run, PHASE_MS);
  const memory = memoryFigures(await phasePeaks(run), run.budgets);
  const figures = { ...tokenFigures(load), ...memory.figures };
  return { figures, statuses: Object.fromEntries(load.statuses), over: memory.over };
}

/** Phase 2: the token load with streams, oversized bodies, an anonymous flood and callbacks. */
async function abusePhase(run: Run) {
  const { instances, users, deadline } = run;
  await phasePeaks(run);
  callbackSentAt.clear();
  // 2 000 event streams, 5 per user, users alternating instances
  const streams = Array.from({ length: STREAMS }, (_, i) => {
    const user = users[i % users.length]!;
    const instance = instances[i % 2]!;
    return listen(
      `${instance.url}/partner/exports/${user.exports[0]}/events`,
      user.exports[0]!,
      user.cookie,
      deadline,
    );
  });
  let abusing = true;
  const oversizedResults: { status: number; sent: number }[] = [];
  const oversizedLoad = Promise.all(
    Array.from({ length: OVERSIZED_LOOPS }, async (_, loop) => {
      while (abusing && !deadline.aborted)
        oversizedResults.push(await oversized(instances[loop % 2]!.url, OVERSIZED_BYTES));
    }),
  );
  const anonymous = new Map<number, number>();
  const anonymousLoad = Promise.all(
    Array.from({ length: 5 }, async (_, worker) => {
      for (let i = worker; abusing && !deadline.aborted; i += 5) {
        try {
          const response = await fetch(`${instances[i % 2]!.url}/partner/oauth/start`, {
            redirect: 'manual',
            signal: deadline,
          });
          await response.arrayBuffer();
          anonymous.set(response.status, (anonymous.get(response.status) ?? 0) + 1);
        } catch {
          anonymous.set(0, (anonymous.get(0) ?? 0) + 1);
        }
      }
    }),
  );
  // halfway through the token load: every awaited export is called back, to instance A
  const callbackStatuses = new Map<number, number>();
  let callbacksResent = 0;
  let callbacks: Promise<void> = Promise.resolve();
  const load = await tokenLoad(run, PHASE_MS, () => {
    callbacks = pool(users.length, 10, async (i) => {
      const exportId = users[i]!.exports[0]!;
      callbackSentAt.set(exportId, Date.now());
      // signed as the planner signs it (the demo secret), with the result map the partner tests send;
      // a connection the instance closed as it was reused (a keep-alive race on a loaded machine) is
      // sent again once, as the planner retries a delivery, and counted
      const response = await sendCallback(instances[0]!.url, exportId).catch(() => {
        callbacksResent++;
        return sendCallback(instances[0]!.url, exportId);
      });
      await response.arrayBuffer();
      callbackStatuses.set(response.status, (callbackStatuses.get(response.status) ?? 0) + 1);
    });
  });
  abusing = false;
  await callbacks;
  const streamResults = await Promise.all(streams);
  await Promise.all([oversizedLoad, anonymousLoad]);
  const memory = memoryFigures(await phasePeaks(run), run.budgets);
  const ready = sorted(streamResults.filter((s) => s.readyAfter !== null).map((s) => s.readyAfter!));
  const refused = oversizedResults.filter((r) => r.status === 413).length;
  const cutOff = oversizedResults.filter((r) => r.status === 0).length;
  const figures: Figures = {
    ...tokenFigures(load),
    'event streams opened': { value: streamResults.filter((s) => s.opened).length, unit: 'streams' },
    'event streams that heard ready': { value: ready.length, unit: 'streams' },
    'ready heard on a stream after its callback p50': { value: round(percentile(ready, 50)), unit: 'ms' },
    'ready heard on a stream after its callback p99': { value: round(percentile(ready, 99)), unit: 'ms' },
    'callbacks accepted': { value: callbackStatuses.get(200) ?? 0, unit: 'callbacks' },
    'callbacks sent again after a network error': { value: callbacksResent, unit: 'callbacks' },
    'oversized bodies sent (200 MB chunked)': { value: oversizedResults.length, unit: 'bodies' },
    'oversized bodies refused (413)': { value: refused, unit: 'bodies' },
    'oversized bodies cut off (connection closed after the 413, before the client read it)': {
      value: cutOff,
      unit: 'bodies',
    },
    'oversized: most bytes sent before the answer': {
      value: mb(Math.max(0, ...oversizedResults.map((r) => r.sent))),
      unit: 'MB',
    },
    'anonymous sign-in starts sent': {
      value: [...anonymous.values()].reduce((x, y) => x + y, 0),
      unit: 'requests',
    },
    // a start keeps nothing since issue 34 (the sign-in travels in its signed state): all answered
    'anonymous sign-in starts answered (302, nothing kept)': {
      value: anonymous.get(302) ?? 0,
      unit: 'requests',
    },
    ...memory.figures,
  };
  const failed =
    memory.over.length > 0 ||
    ready.length !== STREAMS ||
    refused + cutOff !== oversizedResults.length ||
    (load.statuses.get(200) ?? 0) !== [...load.statuses.values()].reduce((x, y) => x + y, 0);
  return {
    figures,
    failed,
    notes: {
      token_statuses: Object.fromEntries(load.statuses),
      ...(memory.over.length ? { 'over the memory budget': memory.over } : {}),
      stream_statuses: Object.fromEntries(
        [...new Set(streamResults.map((r) => r.status))].map((st) => [
          st,
          streamResults.filter((r) => r.status === st).length,
        ]),
      ),
      anonymous_statuses: Object.fromEntries(anonymous),
      oversized_statuses: Object.fromEntries(
        [...new Set(oversizedResults.map((r) => r.status))].map((st) => [
          st,
          oversizedResults.filter((r) => r.status === st).length,
        ]),
      ),
    },
  };
}

/** Arms a fault at the planner (the emulator's control API) for every matching request until cleared. */
async function plannerFault(planner: Started, fault: { delay?: number; status?: number } | null) {
  await fetch(`${planner.url}/emulator/faults`, { method: 'DELETE' });
  if (!fault) return;
  const armed = await fetch(`${planner.url}/emulator/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ match: '/planning/api/v2/projects', times: 1_000_000, ...fault }),
  });
  if (armed.status !== 201) throw new Error(`arming a planner fault: ${armed.status}`);
}

/**
 * Phase 3: CHAOS_USERS users go on using the partner while the planner turns slow (answers after
 * 5 s, over the partner's 2 s planner timeout), then fails (503), then Redis is stopped and restarted.
 */
async function chaosPhase(run: Run, redis: { current: Started; dir: string }) {
  const { instances, planner, deadline } = run;
  const users = run.users.slice(0, CHAOS_USERS);
  await phasePeaks(run);
  const step = CHAOS_MS / 6;
  const timeline: { at: number; what: string }[] = [];
  const started = Date.now();
  const mark = (what: string) => timeline.push({ at: round((Date.now() - started) / 1000), what });
  const seen = new Map<string, number>();
  const latencies: number[] = [];
  const accepted: { user: User; exportId: number }[] = [];
  const see = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
  let running = true;

  /** One request as a page makes it; what it saw is counted as `<route> <status> <error code>`. */
  const call = async (route: string, url: string, user: User, body?: unknown) => {
    const t0 = performance.now();
    let status = 0;
    let error = '';
    let answer: Record<string, unknown> = {};
    try {
      const response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          Cookie: user.cookie,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json', Origin: new URL(url).origin }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // no hang: a page would give up after 15 s; anything near it is counted below
        signal: AbortSignal.any([deadline, AbortSignal.timeout(15_000)]),
      });
      status = response.status;
      const text = await response.text();
      try {
        answer = JSON.parse(text) as Record<string, unknown>;
        error = typeof answer.error === 'string' ? answer.error : '';
      } catch {
        error = 'not JSON';
      }
      if (/\n\s+at /.test(text)) error += ' (with a stack trace)';
    } catch (cause) {
      error = (cause as Error).name === 'TimeoutError' ? 'no answer in 15 s' : 'network error';
    }
    latencies.push(performance.now() - t0);
    see(`${route} ${status}${error ? ` ${error}` : ''}`);
    return { status, answer };
  };

  const usersAtWork = Promise.all(
    users.map(async (user, u) => {
      for (let n = 0; running && !deadline.aborted; n++) {
        const instance = instances[(u + n) % 2]!;
        await call('session', `${instance.url}/partner/session`, user);
        await call('token', `${instance.url}/partner/token`, user, { project_id: PROJECT });
        if (n % 8 === u % 8) {
          const made = await call(
            'export',
            `${instance.url}/partner/proxy/projects/${PROJECT}/export.json`,
            user,
            {
              type: '2d',
              fmt: ['png'],
              width: 40,
              height: 30,
              paper: { combine: true },
            },
          );
          if (made.status === 200 && typeof made.answer.export_id === 'number')
            accepted.push({ user, exportId: made.answer.export_id });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }),
  );

  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  mark('users at work');
  await wait(step);
  mark('planner slow (5 s per project call; the partner gives up after 2 s)');
  await plannerFault(planner, { delay: 5000 });
  await wait(step);
  mark('planner failing (503)');
  await plannerFault(planner, { status: 503 });
  await wait(step);
  await plannerFault(planner, null);
  mark('planner well; Redis stopped');
  const port = redis.current.port;
  await stop(redis.current.child);
  await wait(step);
  redis.current = await startRedis(redis.dir, port);
  mark('Redis restarted');
  await wait(step * 2);
  running = false;
  await usersAtWork;
  mark('users stopped');
  const memory = memoryFigures(await phasePeaks(run), run.budgets);

  // afterwards: every user still signed in, every accepted export readable (its callback, or the
  // planner's record when the callback was lost while Redis was away)
  const lost = await sessionsLost(run);
  let exportsLost = 0;
  await pool(accepted.length, 10, async (i) => {
    const { user, exportId } = accepted[i]!;
    for (let attempt = 0; attempt < 40; attempt++) {
      const response = await fetch(`${instances[attempt % 2]!.url}/partner/exports/${exportId}/status`, {
        headers: { Cookie: user.cookie },
      });
      const status = response.ok
        ? ((await response.json()) as { status: string }).status
        : String(response.status);
      if (status === 'ready') return;
      await wait(500);
    }
    exportsLost++;
  });
  const all = sorted(latencies);
  const figures: Figures = {
    'requests by users': { value: all.length, unit: 'requests' },
    'answer p50': { value: round(percentile(all, 50)), unit: 'ms' },
    'answer p99': { value: round(percentile(all, 99)), unit: 'ms' },
    'slowest answer': { value: round(all[all.length - 1] ?? NaN), unit: 'ms' },
    'requests with no answer in 15 s (hung)': { value: seen.get('no answer in 15 s') ?? 0, unit: 'requests' },
    'answers with a stack trace': {
      value: [...seen].filter(([k]) => k.includes('stack trace')).reduce((x, [, v]) => x + v, 0),
      unit: 'answers',
    },
    'answers that were not JSON': {
      value: [...seen].filter(([k]) => k.includes('not JSON')).reduce((x, [, v]) => x + v, 0),
      unit: 'answers',
    },
    'exports accepted': { value: accepted.length, unit: 'exports' },
    'exports lost': { value: exportsLost, unit: 'exports' },
    'sessions lost': { value: lost, unit: 'sessions' },
    ...memory.figures,
  };
  const hung = [...seen].filter(([k]) => /no answer|network error/.test(k)).reduce((x, [, v]) => x + v, 0);
  return {
    figures,
    failed:
      lost > 0 ||
      exportsLost > 0 ||
      hung > 0 ||
      memory.over.length > 0 ||
      figures['answers with a stack trace']!.value > 0,
    notes: {
      timeline,
      'what users saw (route status error)': Object.fromEntries(
        [...seen].sort(([x], [y]) => x.localeCompare(y)),
      ),
    },
  };
}

async function main() {
  const started = Date.now();
  // the machine may be shared: its load before and after the run goes with the figures
  const loadBefore = loadavg().map((x) => round(x, 2));
  const redisDir = mkdtempSync(join(tmpdir(), 'partner-load-redis-'));
  const redis = { current: await startRedis(redisDir), dir: redisDir };
  const redisUrl = `redis://127.0.0.1:${redis.current.port}`;
  const [plannerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  const redirectUri = `http://127.0.0.1:${portA}/partner/oauth/callback`;
  const planner = await startScript('planner', plannerPort, './planner.ts', {
    PLANNER_REDIRECT_URIS: redirectUri,
    PLANNER_TOKEN_TTL: '7200',
  });
  const env = {
    REDIS_URL: redisUrl,
    PLANNER_URL: planner.url,
    REDIRECT_URI: redirectUri,
    PLANNER_TIMEOUT_MS: String(PLANNER_TIMEOUT_MS),
  };
  // each instance with an explicit heap cap: its memory is bounded by what it is configured with
  const flags = [
    `--max-old-space-size=${HEAP_MB}`,
    ...(SEMI_SPACE_MB ? [`--max-semi-space-size=${SEMI_SPACE_MB}`] : []),
  ];
  const a = await startScript('partner A', portA, './partner.ts', env, flags);
  const b = await startScript('partner B', portB, './partner.ts', env, flags);
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
  const run: Run = { instances, planner, users, deadline: deadline.signal, budgets: [] };

  // warm-up, then each instance's idle memory and its budget
  const warmUp = await tokenLoad(run, WARM_UP_MS);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = await Promise.all(instances.map((s) => ask<MemoryFigures>(s.child, 'memory-now')));
  const configs = await Promise.all(instances.map((s) => ask<InstanceConfig>(s.child, 'config')));
  run.budgets = instances.map((_, i) => budgetOf(idle[i]!, configs[i]!));
  const memoryNotes = {
    'partner node flags': flags.join(' '),
    'warm-up': `${WARM_UP_MS / 1000} s of token requests (${warmUp.latencies.flat().length} requests) before the phases`,
    'idle memory after the warm-up (MB: rss, heap used, heap reserved, external)': Object.fromEntries(
      idle.map((m, i) => [
        `instance ${'AB'[i]}`,
        [mb(m!.rss), mb(m!.heapUsed), mb(m!.heapTotal), mb(m!.external)],
      ]),
    ),
    'memory budget per instance (MB)': Object.fromEntries(
      run.budgets.map((b, i) => [
        `instance ${'AB'[i]}`,
        { total: mb(b.total), ...Object.fromEntries(Object.entries(b.parts).map(([k, v]) => [k, mb(v)])) },
      ]),
    ),
  };
  console.log(
    `load: warm; idle RSS ${idle.map((m) => mb(m!.rss)).join(' / ')} MB, budget ${run.budgets.map((b) => mb(b.total)).join(' / ')} MB`,
  );

  const scenarios: Record<string, Figures> = {};
  const notes: Record<string, unknown> = {};
  let failed = false;
  if (MODE !== 'chaos') {
    console.log('load: phase partner-load-clean');
    const clean = await cleanPhase(run);
    scenarios['partner-load-clean'] = clean.figures;
    notes['partner-load-clean'] = {
      token_statuses: clean.statuses,
      ...(clean.over.length ? { 'over the memory budget': clean.over } : {}),
    };
    failed ||= clean.over.length > 0;
    console.log('load: phase partner-load (with the abuse)');
    const abuse = await abusePhase(run);
    scenarios['partner-load'] = abuse.figures;
    notes['partner-load'] = abuse.notes;
    failed ||= abuse.failed;
  }
  if (MODE !== 'load') {
    console.log('load: phase chaos');
    const chaos = await chaosPhase(run, redis);
    scenarios.chaos = chaos.figures;
    notes.chaos = chaos.notes;
    failed ||= chaos.failed;
  }
  const lost = await sessionsLost(run);
  for (const figures of Object.values(scenarios))
    figures['sessions lost'] = { value: lost, unit: 'sessions' };
  failed ||= lost > 0;
  clearTimeout(deadlineTimer);

  // a run of one mode keeps the other mode's figures from the last run
  let previous: { scenarios?: Record<string, Figures>; notes?: Record<string, unknown> } = {};
  try {
    previous = JSON.parse(readFileSync('bench/load-results.json', 'utf8')) as typeof previous;
  } catch {
    // first run
  }
  const result = {
    measured: new Date().toISOString(),
    command: `npm run load${MODE === 'all' ? '' : ` -- ${MODE}`}${process.env.LOAD_PHASE_S ? ` (LOAD_PHASE_S=${process.env.LOAD_PHASE_S})` : ''}`,
    machine: `${process.platform} ${process.arch}, node ${process.version}, ${cpus().length} cores, redis-server ${
      execFileSync(REDIS_SERVER, ['--version']).toString().split(' ')[2]?.replace('v=', '') ?? '?'
    }`,
    scenarios: { ...(MODE === 'all' ? {} : previous.scenarios), ...scenarios },
    notes: {
      ...(MODE === 'all' ? {} : previous.notes),
      setup: `two partner instances (child processes) on one redis-server (append-only file), the planning emulator as the planner; ${USERS} users signed in. partner-load-clean: ${PHASE_MS / 1000} s of POST /partner/token at ${CONCURRENCY} concurrency alternating instances, sent with ${LOAD_CLIENT === 'http' ? 'node:http (keep-alive)' : 'fetch'} (each asks the planner for the project unless it has its yes of the last PARTNER_ACCESS_CACHE_S seconds: ${process.env.PARTNER_ACCESS_CACHE_S ?? 'default 10'}). partner-load: the same with ${STREAMS} event streams (${STREAMS / USERS} per user, alternating instances), ${OVERSIZED_LOOPS} loops of chunked 200 MB bodies to /partner/export-callback and 5 loops of anonymous /partner/oauth/start; every awaited export called back to instance A halfway. chaos: ${CHAOS_USERS} users (session, token, every 8th round an export through the proxy, 100 ms apart) for ${CHAOS_MS / 1000} s while the planner turns slow (5 s; partner planner timeout ${PLANNER_TIMEOUT_MS} ms), then fails (503), then Redis is stopped and restarted`,
      memory: memoryNotes,
      ...notes,
      duration_s: round((Date.now() - started) / 1000),
      'load average (1, 5, 15 min) before and after': [loadBefore, loadavg().map((x) => round(x, 2))],
      deadline_hit: deadline.signal.aborted,
    },
  };
  writeFileSync('bench/load-results.json', JSON.stringify(result, null, 2) + '\n');
  mergeIntoBenchResults(scenarios, result.measured, result.command);
  for (const [scenario, figures] of Object.entries(scenarios)) {
    console.log(`${scenario}:`);
    for (const [name, figure] of Object.entries(figures))
      console.log(`  ${name}: ${figure.value} ${figure.unit}`);
  }
  if (notes.chaos) console.log(JSON.stringify(notes.chaos, null, 2));
  rmSync(redisDir, { recursive: true, force: true });
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
