/**
 * Where the partner back end keeps what must survive between requests: sessions (with the access
 * token), the marks of used OAuth `state`s (login-state.ts), received export results and the replay
 * guard of callbacks, plus the "export ready" notifications. One small key-value interface, so a
 * partner that runs several instances (or an edge runtime without shared memory) plugs in a shared
 * store: Redis (./redis-store.ts), Cloudflare KV / Durable Objects, a database table.
 *
 * Keys start with their kind: `session:`, `state:`, `export:`, `seen:`, `upload:` (a model file kept
 * for a few minutes for AR, routes/uploads.ts).
 */

export interface PartnerStore {
  get<T>(key: string): Promise<T | undefined>;
  /** Stores `value` (JSON-serialisable) for `ttlSeconds`. */
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Stores `value` only when `key` is absent; true when it did. Shared stores make this atomic
   * (Redis `SET NX`): it is how a replayed callback is told from a new one across instances. Without
   * it the partner falls back to get-then-set, which is exact only within one process.
   */
  add?<T>(key: string, value: T, ttlSeconds: number): Promise<boolean>;
  /** Tells every instance (every subscriber of `channel`) something happened, e.g. "export 5001 is ready". */
  publish?(channel: string, message: string): Promise<void>;
  /** Listens on `channel` until the returned function is called. */
  subscribe?(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
}

/**
 * The store could not be reached in time (Redis stopped, frozen, unreachable). A store throws it so
 * the partner answers at once with a clear 503 (`store_unavailable`, Retry-After) instead of hanging
 * or answering a bare 500.
 */
export class StoreUnavailable extends Error {
  override readonly name = 'StoreUnavailable';
}

/** Entries kept per kind of key; a kind not listed (a partner's own keys) shares `other`. */
export interface MemoryStoreLimits {
  session: number;
  state: number;
  export: number;
  seen: number;
  /** Uploaded model files (up to 15 MB each, about 20 MB as stored): few. */
  upload: number;
  other: number;
}

export const DEFAULT_MEMORY_LIMITS: MemoryStoreLimits = {
  session: 50_000,
  state: 10_000,
  export: 20_000,
  seen: 20_000,
  upload: 16,
  other: 10_000,
};

type Kind = keyof MemoryStoreLimits;
interface Entry {
  value: string;
  expiresAt: number;
}

function kindOf(key: string): Kind {
  const colon = key.indexOf(':');
  const prefix = colon > 0 ? key.slice(0, colon) : '';
  return prefix === 'session' ||
    prefix === 'state' ||
    prefix === 'export' ||
    prefix === 'seen' ||
    prefix === 'upload'
    ? prefix
    : 'other';
}

/**
 * The default: process memory with expiry, for one instance (values are lost on restart).
 *
 * Bounded per kind of key, so the marks of used sign-in states fill only the `state` lane (a start
 * writes nothing) and can never push a logged-in session out: sessions exist only once a login completed, and live in
 * their own lane. Within a lane every entry has the same lifetime and a write moves it to the end,
 * so the first entry is always the one that expires soonest: eviction takes it in O(1), and takes
 * expired entries before live ones without scanning.
 */
export class MemoryStore implements PartnerStore {
  readonly #lanes = new Map<Kind, Map<string, Entry>>();
  readonly #listeners = new Map<string, Set<(message: string) => void>>();
  readonly limits: MemoryStoreLimits;

  /** A number bounds every lane to that many entries (tests); an object sets lanes one by one. */
  constructor(limits: number | Partial<MemoryStoreLimits> = {}) {
    this.limits =
      typeof limits === 'number'
        ? { session: limits, state: limits, export: limits, seen: limits, upload: limits, other: limits }
        : { ...DEFAULT_MEMORY_LIMITS, ...limits };
  }

  #lane(key: string): Map<string, Entry> {
    const kind = kindOf(key);
    let lane = this.#lanes.get(kind);
    if (!lane) this.#lanes.set(kind, (lane = new Map()));
    return lane;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const lane = this.#lane(key);
    const entry = lane.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      lane.delete(key);
      return undefined;
    }
    // stored as JSON, as a shared store would: callers never share mutable objects by accident
    return JSON.parse(entry.value) as T;
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    const lane = this.#lane(key);
    lane.delete(key);
    lane.set(key, { value: JSON.stringify(value), expiresAt: Date.now() + ttlSeconds * 1000 });
    this.#trim(lane, this.limits[kindOf(key)]);
  }

  async add<T>(key: string, value: T, ttlSeconds: number): Promise<boolean> {
    if ((await this.get(key)) !== undefined) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.#lane(key).delete(key);
  }

  async publish(channel: string, message: string): Promise<void> {
    const listeners = this.#listeners.get(channel);
    if (!listeners) return;
    for (const listener of [...listeners]) queueMicrotask(() => listener(message));
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) this.#listeners.set(channel, (listeners = new Set()));
    listeners.add(listener);
    return async () => {
      listeners.delete(listener);
      if (!listeners.size) this.#listeners.delete(channel);
    };
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    let size = 0;
    for (const lane of this.#lanes.values()) size += lane.size;
    return size;
  }

  /** Entries held in one lane (`session`, `state`, ...). */
  sizeOf(kind: Kind): number {
    return this.#lanes.get(kind)?.size ?? 0;
  }

  /**
   * Drops up to two expired entries from the front (so expired memory is given back as writes come,
   * without a timer), then the front entries while the lane is over its bound. Constant work per write.
   */
  #trim(lane: Map<string, Entry>, max: number): void {
    const now = Date.now();
    for (let i = 0; i < 2; i++) {
      const first = lane.entries().next();
      if (first.done || first.value[1].expiresAt > now) break;
      lane.delete(first.value[0]);
    }
    while (lane.size > max) {
      const first = lane.keys().next();
      if (first.done) break;
      lane.delete(first.value);
    }
  }
}
