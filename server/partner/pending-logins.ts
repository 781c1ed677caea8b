/**
 * How many sign-ins this instance has under way (an OAuth `state` handed out and not yet used or
 * expired), in total and per client address. A flood of anonymous `/oauth/start` calls then meets a
 * 429 once its own share is used up, and a full instance refuses new starts instead of dropping the
 * oldest states: a sign-in under way is never pushed out by someone else's (issue 22, finding 4).
 *
 * In memory and per instance, also with a shared store: each instance bounds what it writes, so N
 * instances keep at most N × `max` states in Redis. Constant work per call: the entries share one
 * lifetime, so the first one is always the next to expire.
 */
export class PendingLogins {
  /** state → who started it and when it expires, oldest first. */
  readonly #states = new Map<string, { client: string; expiresAt: number }>();
  readonly #perClient = new Map<string, number>();

  constructor(
    readonly max: number,
    readonly maxPerClient: number,
    readonly ttlMs: number,
  ) {}

  get size(): number {
    this.#expire();
    return this.#states.size;
  }

  /**
   * Counts a new state for `client` (undefined: only the total applies), or says why not: 'client'
   * (this address has too many under way) or 'total' (the instance is full).
   */
  add(state: string, client: string | undefined): true | 'client' | 'total' {
    this.#expire();
    const who = client ?? '';
    if (client !== undefined && (this.#perClient.get(who) ?? 0) >= this.maxPerClient) return 'client';
    if (this.#states.size >= this.max) return 'total';
    this.#states.set(state, { client: who, expiresAt: Date.now() + this.ttlMs });
    this.#perClient.set(who, (this.#perClient.get(who) ?? 0) + 1);
    return true;
  }

  /** The state was used (or refused): it no longer counts. */
  remove(state: string): void {
    const entry = this.#states.get(state);
    if (!entry) return;
    this.#states.delete(state);
    this.#release(entry.client);
  }

  /** Seconds until the oldest state expires: when a full instance has room again. */
  retryAfter(): number {
    const first = this.#states.values().next();
    return first.done ? 1 : Math.max(1, Math.ceil((first.value.expiresAt - Date.now()) / 1000));
  }

  #expire(): void {
    const now = Date.now();
    for (const [state, entry] of this.#states) {
      if (entry.expiresAt > now) break;
      this.#states.delete(state);
      this.#release(entry.client);
    }
  }

  #release(client: string): void {
    const left = (this.#perClient.get(client) ?? 1) - 1;
    if (left > 0) this.#perClient.set(client, left);
    else this.#perClient.delete(client);
  }
}
