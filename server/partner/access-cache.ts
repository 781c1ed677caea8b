/**
 * A short-lived memory of the planner's "yes": this access token reached this project (a 2xx from
 * GET /projects/:id.json), so POST /token need not ask the planner again for `ttlMs`. Per instance,
 * in memory, bounded (the oldest entry goes first) and never a "no": a refusal, a 404 or a failure is
 * not remembered. A 401/403 for a token, its session ended or revoked, forget every entry of it.
 *
 * What it trades: a token revoked at the planner out of band may still be handed out for up to
 * `ttlMs`. The button closes that itself: after the planner refused a token it asks /token again
 * with `Cache-Control: no-cache`, which bypasses this memory, so a dead token is then found out.
 */

/** Entries kept at most by default: about 1-2 MB. */
export const DEFAULT_ACCESS_CACHE_ENTRIES = 10_000;

export class AccessCache {
  /** `<planner>\n<token>\n<project>` → when the verdict stops counting (ms); Map order = oldest first. */
  readonly #entries = new Map<string, number>();
  /** The same keys → when a request last forced a planner check (ms); bounded the same way. */
  readonly #forced = new Map<string, number>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = DEFAULT_ACCESS_CACHE_ENTRIES,
    /** Milliseconds between two checks requests may force for one token and project (0: any). */
    readonly forcedIntervalMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Did the planner, less than ttlMs ago, let `token` reach `projectId` at `planner`? */
  has(planner: string, token: string, projectId: number): boolean {
    if (this.ttlMs <= 0) return false;
    const key = keyOf(planner, token, projectId);
    const until = this.#entries.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.#entries.delete(key);
    return false;
  }

  /** The planner answered 2xx for `token` and `projectId`: remember it for ttlMs (a refresh moves it last). */
  allow(planner: string, token: string, projectId: number): void {
    if (this.ttlMs <= 0) return;
    const key = keyOf(planner, token, projectId);
    this.#entries.delete(key);
    this.#entries.set(key, this.now() + this.ttlMs);
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  /** Forgets one verdict (a request that asked for a fresh one). */
  forget(planner: string, token: string, projectId: number): void {
    this.#entries.delete(keyOf(planner, token, projectId));
  }

  /**
   * A request asks for a fresh verdict (`Cache-Control: no-cache`): forgets the one kept, unless a
   * request forced a check for the same token and project less than forcedIntervalMs ago (its
   * verdict is fresh enough). A user looping no-cache requests then costs the planner at most one
   * check per interval, not one per request (issue 34). True when the verdict was forgotten.
   */
  forgetForced(planner: string, token: string, projectId: number): boolean {
    const key = keyOf(planner, token, projectId);
    const now = this.now();
    const last = this.#forced.get(key);
    if (last !== undefined && now - last < this.forcedIntervalMs && this.#entries.has(key)) return false;
    this.#forced.delete(key);
    this.#forced.set(key, now);
    while (this.#forced.size > this.maxEntries) this.#forced.delete(this.#forced.keys().next().value!);
    this.#entries.delete(key);
    return true;
  }

  /**
   * Forgets every verdict of `token`: the planner refused it somewhere, or its session ended. A walk
   * over at most maxEntries keys, on paths that cost a planner call or a logout anyway.
   */
  forgetToken(token: string): void {
    if (!this.#entries.size && !this.#forced.size) return;
    const marker = `\n${token}\n`;
    for (const key of this.#entries.keys()) if (key.includes(marker)) this.#entries.delete(key);
    for (const key of this.#forced.keys()) if (key.includes(marker)) this.#forced.delete(key);
  }
}

// a token never holds a newline (the planner's tokens are URL-safe), so the parts cannot run together
const keyOf = (planner: string, token: string, projectId: number) => `${planner}\n${token}\n${projectId}`;

/**
 * Does the request ask for an answer checked now (`Cache-Control: no-cache` or `max-age=0`, or the
 * older `Pragma: no-cache`)? As a browser sends it for a reload, and the button after a refusal.
 */
export function wantsFresh(cacheControl: string | undefined, pragma: string | undefined): boolean {
  if (cacheControl) {
    for (const directive of cacheControl.toLowerCase().split(',')) {
      const [name, value] = directive.trim().split('=', 2) as [string, string | undefined];
      if (name === 'no-cache' || name === 'no-store') return true;
      if (name === 'max-age' && Number(value?.replace(/"/g, '')) === 0) return true;
    }
    return false;
  }
  return /(^|,)\s*no-cache\s*(,|$)/i.test(pragma ?? '');
}
