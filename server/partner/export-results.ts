/**
 * Export results: the receiver the planning service POSTs the result map to (/export-callback), and
 * how the page learns the files are ready (/exports/:id/status to poll, /exports/:id/events as a
 * server-sent event stream).
 *
 * The receiver trusts a callback only when its `X-Planner-Signature` checks out with the client secret
 * (or another configured key): anyone can POST to a public URL. The signature is the sha256 HMAC of
 * `<X-Planner-Timestamp>.<X-Planner-Export-Id>.<X-Planner-Project-Id>.<body>`: the ids are covered, so
 * a captured callback cannot be stored under another export's id, and the timestamp is, so it cannot
 * be replayed later. A callback older (or further ahead) than `callbackMaxAge` is refused as stale, and
 * one seen before (its signature is remembered, in the shared store, for twice that long) as replayed.
 *
 * "Export ready" goes out through the store's pub/sub, so with several instances on one Redis a
 * callback received by one instance wakes the event streams open on every other.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { PartnerEnv } from './context.ts';
import { isLoopbackHost, type ResolvedPartnerOptions } from './options.ts';
import { StoreUnavailable, type PartnerStore } from './store.ts';
import { signatureMatches } from '../../src/api/planning-xml/callback.ts';

export interface ResultMap {
  project: Record<string, string[]>;
  design: Record<string, string[]>;
}

export interface ReceivedExport {
  export_id: number;
  project_id: number | null;
  result: ResultMap;
  received_at: string;
}

const RESULT_TTL = 24 * 3600;
/** The pub/sub channel of "export <id> is ready" (the message is the id). */
export const EXPORT_READY = 'export-ready';

/**
 * Does `header` (sha256=<hex>) sign `text` with one of `keys`? The package's own check (the one
 * `readExportCallback()` uses), compared in constant time by Web Crypto.
 */
export const signatureValid = signatureMatches;

export function isUrlList(v: unknown): v is Record<string, string[]> {
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v).every(
      (urls) => Array.isArray(urls) && urls.every((u) => typeof u === 'string' && /^https?:\/\//i.test(u)),
    )
  );
}

/** Stores only when absent: atomic in a shared store, get-then-set in one without `add`. */
async function firstTime(store: ReplayStore, key: string, ttl: number): Promise<boolean> {
  if (store.add) return store.add(key, 1, ttl);
  if ((await store.get(key)) !== undefined) return false;
  await store.set(key, 1, ttl);
  return true;
}

/** What the replay guard needs of a store: the partner store, or any other with these members. */
export type ReplayStore = Pick<PartnerStore, 'get' | 'set' | 'delete' | 'add'>;

export interface SignedDeliveryRules {
  /** The keys a delivery may be signed with. */
  keys: readonly string[];
  /** How far (seconds) its timestamp may be from now, either way. */
  maxAge: number;
  /** Where replay marks are kept (for twice `maxAge`, plus a minute). */
  store: ReplayStore;
}

export type SignedDeliveryCheck =
  { refused: { status: 401 | 409; error: string; message: string } } | { forget: () => Promise<void> };

/**
 * The freshness and replay rules above, for any receiver (the v2 callback here, the XML API's in
 * xml-callback.ts): the signature of `<X-Planner-Timestamp>.<signedParts…>.<body>`, the timestamp
 * within `maxAge`, and the signature not seen before. Either why it is refused, or the replay mark now
 * set for it (`forget()` it when the delivery could not be kept after all, so the sender's retry is
 * not refused as a replay).
 */
export async function checkSignedDelivery(
  header: (name: string) => string | undefined,
  rules: SignedDeliveryRules,
  signedParts: string[],
  body: string,
): Promise<SignedDeliveryCheck> {
  const timestamp = header('x-planner-timestamp') ?? '';
  const signature = header('x-planner-signature');
  const valid = await signatureValid([...rules.keys], [timestamp, ...signedParts, body].join('.'), signature);
  const refuse = (status: 401 | 409, error: string, message: string) => ({
    refused: { status, error, message },
  });
  if (!valid) return refuse(401, 'bad_signature', 'the callback is not signed by the planner');
  const sent = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!(Math.abs(Date.now() / 1000 - sent) <= rules.maxAge))
    return refuse(401, 'stale_callback', 'the callback is too old (or from the future)');
  const mark = `seen:${signature!.slice(7).toLowerCase()}`;
  if (!(await firstTime(rules.store, mark, rules.maxAge * 2 + 60)))
    return refuse(409, 'replayed_callback', 'this callback was received before');
  return { forget: () => rules.store.delete(mark) };
}

/**
 * The keys a callback may be signed with: the client secret and the callback keys. The demo secret
 * is public: it counts only for the local demo (a loopback host, or the in-process demo server),
 * never on a public host.
 */
function callbackSecrets(c: Context<PartnerEnv>, options: ResolvedPartnerOptions): string[] {
  const demoOnly = options.demoSecret && !options.inProcess && !isLoopbackHost(new URL(c.req.url).hostname);
  return demoOnly ? [...options.callbackKeys] : [options.clientSecret, ...options.callbackKeys];
}

/**
 * checkSignedDelivery for the partner's own receivers, with its keys (the client secret and the
 * callback keys), window and store; a refusal comes as the JSON answer to send.
 */
export async function refuseUnsignedOrReplayed(
  c: Context<PartnerEnv>,
  options: ResolvedPartnerOptions,
  signedParts: string[],
  body: string,
): Promise<{ refused: Response } | { forget: () => Promise<void> }> {
  const checked = await checkSignedDelivery(
    (name) => c.req.header(name),
    {
      keys: callbackSecrets(c, options),
      maxAge: options.callbackMaxAge,
      store: options.store,
    },
    signedParts,
    body,
  );
  if ('forget' in checked) return checked;
  const { status, error, message } = checked.refused;
  return { refused: c.json({ error, message }, status) };
}

export async function receiveCallback(c: Context<PartnerEnv>, options: ResolvedPartnerOptions) {
  // the body limit (body-limit.ts) has already cut anything over 1 MB
  const body = await c.req.text();
  const exportHeader = c.req.header('x-planner-export-id') ?? '';
  const projectHeader = c.req.header('x-planner-project-id') ?? '';
  const checked = await refuseUnsignedOrReplayed(c, options, [exportHeader, projectHeader], body);
  if ('refused' in checked) return checked.refused;
  return keptOrForgotten(checked.forget, async () => {
    const exportId = Number(exportHeader);
    if (!/^\d+$/.test(exportHeader) || !Number.isSafeInteger(exportId) || exportId < 1)
      return { refused: c.json({ error: 'missing_export_id' }, 400) };
    let result: unknown;
    try {
      result = JSON.parse(body);
    } catch {
      return { refused: c.json({ error: 'not_json' }, 400) };
    }
    const map = result as Partial<ResultMap> | null;
    if (!map || !isUrlList(map.project) || !isUrlList(map.design))
      return { refused: c.json({ error: 'not_a_result_map' }, 400) };
    const projectId = projectHeader === '' ? NaN : Number(projectHeader);
    await storeResult(options, {
      export_id: exportId,
      project_id: Number.isSafeInteger(projectId) ? projectId : null,
      result: { project: map.project, design: map.design },
      received_at: new Date().toISOString(),
    });
    return { kept: c.json({}) };
  });
}

/**
 * Runs what follows a passed signature check. Only a delivery that was kept keeps its replay mark:
 * one refused (400) or failed (the store, a parser) forgets it, so the planner's retry of the same
 * callback is judged again instead of being answered 409 `replayed_callback`.
 */
export async function keptOrForgotten(
  forget: () => Promise<void>,
  handle: () => Promise<{ kept: Response } | { refused: Response }>,
): Promise<Response> {
  let outcome: { kept: Response } | { refused: Response } | undefined;
  try {
    outcome = await handle();
    return 'kept' in outcome ? outcome.kept : outcome.refused;
  } finally {
    if (!outcome || !('kept' in outcome)) await forget().catch(() => {});
  }
}

/** Keeps a received result and tells every instance it is there. */
export async function storeResult(options: ResolvedPartnerOptions, received: ReceivedExport): Promise<void> {
  await options.store.set(`export:${received.export_id}`, received, RESULT_TTL);
  await options.store.publish?.(EXPORT_READY, String(received.export_id));
}

export async function exportStatus(options: ResolvedPartnerOptions, id: number) {
  const received = await options.store.get<ReceivedExport>(`export:${id}`);
  return received
    ? { export_id: id, status: 'ready' as const, result: received.result, received_at: received.received_at }
    : { export_id: id, status: 'pending' as const };
}

/**
 * Wakes the event streams waiting for an export: one subscription to EXPORT_READY per instance,
 * fanned out here by export id. A store without pub/sub is polled instead.
 */
export class ExportNotifier {
  readonly #waiting = new Map<number, Set<() => void>>();
  #subscribed: Promise<boolean> | undefined;
  /** When a failed subscription may be tried again (ms): not on every stream while the store is away. */
  #retryAt = 0;

  constructor(
    private readonly store: PartnerStore,
    private readonly retryMs = 5000,
  ) {}

  /**
   * Subscribes on first use; false when the store has no pub/sub or the subscription failed (the
   * streams then poll). A failed one is tried again on a later stream, at most every `retryMs`, so a
   * store that was away once does not leave this instance polling for good.
   */
  ready(): Promise<boolean> {
    if (!this.store.subscribe) return Promise.resolve(false);
    if (this.#subscribed === undefined && Date.now() >= this.#retryAt) {
      this.#subscribed = this.store
        .subscribe(EXPORT_READY, (message) => {
          for (const wake of this.#waiting.get(Number(message)) ?? []) wake();
        })
        .then(
          () => true,
          (error: unknown) => {
            console.error(`partner: no export notifications for now, polling instead: ${String(error)}`);
            this.#subscribed = undefined;
            this.#retryAt = Date.now() + this.retryMs;
            return false;
          },
        );
    }
    return this.#subscribed ?? Promise.resolve(false);
  }

  /** Calls `wake` when export `id` is announced, until the returned function is called. */
  listen(id: number, wake: () => void): () => void {
    let set = this.#waiting.get(id);
    if (!set) this.#waiting.set(id, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (!set.size) this.#waiting.delete(id);
    };
  }
}

/** Open event streams on this instance, in total and per session: both are capped. */
export class StreamCounter {
  #total = 0;
  readonly #perSession = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly maxPerSession: number,
  ) {}

  get open(): number {
    return this.#total;
  }

  /** A release function, or why not: 'session' (this session has too many) or 'total'. */
  acquire(sessionId: string): (() => void) | 'session' | 'total' {
    const mine = this.#perSession.get(sessionId) ?? 0;
    if (mine >= this.maxPerSession) return 'session';
    if (this.#total >= this.max) return 'total';
    this.#total++;
    this.#perSession.set(sessionId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#perSession.get(sessionId) ?? 1) - 1;
      if (left > 0) this.#perSession.set(sessionId, left);
      else this.#perSession.delete(sessionId);
    };
  }
}

/** With pub/sub, a slow re-read in case a notification was lost; without it, the polling interval. */
const RECHECK_MS = 5000;
const POLL_MS = 1000;

/**
 * Server-sent events: `status` events (pending, then ready with the result map), then the stream ends;
 * after `maxWaitMs` without a result a `timeout` event ends it (reconnect to keep waiting).
 */
export async function exportEvents(
  c: Context<PartnerEnv>,
  options: ResolvedPartnerOptions,
  notifier: ExportNotifier,
  release: () => void,
  id: number,
  maxWaitMs = 60_000,
) {
  const pubsub = await notifier.ready();
  c.header('Cache-Control', 'no-store');
  return streamSSE(c, async (stream) => {
    // a wake-up that comes while no wait is under way is kept for the next one
    let missed = false;
    let woken = () => {
      missed = true;
    };
    const stopListening = notifier.listen(id, () => woken());
    stream.onAbort(() => woken());
    try {
      const started = Date.now();
      let status = await exportStatus(options, id);
      await stream.writeSSE({ event: 'status', data: JSON.stringify(status) });
      if (status.status === 'ready') return;
      while (status.status === 'pending' && !stream.aborted) {
        const left = maxWaitMs - (Date.now() - started);
        if (left <= 0) break;
        if (!missed)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(left, pubsub ? RECHECK_MS : POLL_MS));
            woken = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        missed = false;
        woken = () => {
          missed = true;
        };
        if (stream.aborted) return;
        // the store away for a moment (Redis restarting): keep waiting, ask again at the next wake-up
        status = await exportStatus(options, id).catch((error: unknown) => {
          if (error instanceof StoreUnavailable) return status;
          throw error;
        });
      }
      if (stream.aborted) return;
      if (status.status === 'ready') await stream.writeSSE({ event: 'status', data: JSON.stringify(status) });
      else await stream.writeSSE({ event: 'timeout', data: JSON.stringify(status) });
    } finally {
      stopListening();
      release();
    }
  });
}
