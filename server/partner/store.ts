/**
 * Where the partner back end keeps what must survive between requests: sessions (with the access
 * token), pending OAuth `state`s and received export results. One small key-value interface, so a
 * partner that runs several instances (or an edge runtime without shared memory) plugs in a shared
 * store: Redis, Cloudflare KV / Durable Objects, a database table.
 */

export interface PartnerStore {
  get<T>(key: string): Promise<T | undefined>;
  /** Stores `value` (JSON-serialisable) for `ttlSeconds`. */
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * The default: process memory with expiry. Fine for one instance; values are lost on restart.
 * Bounded, so a flood of anonymous `/oauth/start` calls cannot grow it without limit.
 */
export class MemoryStore implements PartnerStore {
  readonly #entries = new Map<string, { value: string; expiresAt: number }>();

  constructor(readonly maxEntries = 50_000) {}

  async get<T>(key: string): Promise<T | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    // stored as JSON, as a shared store would: callers never share mutable objects by accident
    return JSON.parse(entry.value) as T;
  }

  async set<T>(key: string, value: T, ttlSeconds: number): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, { value: JSON.stringify(value), expiresAt: Date.now() + ttlSeconds * 1000 });
    if (this.#entries.size > this.maxEntries) this.#sweep();
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  #sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    // still too many: drop the oldest insertions (Map keeps insertion order)
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries) break;
      this.#entries.delete(key);
    }
  }
}
