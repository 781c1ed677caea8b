/**
 * Forgets OAuth codes and access tokens once they have expired, so a long-running emulator (or one
 * flooded with logins) does not keep every code and token it ever issued. An expired code or token
 * is refused either way; after the sweep it is refused as unknown. Run from a middleware at most
 * once per `every` ms (no timer: nothing keeps an emulator alive or leaks with it), so the work is
 * one pass over the maps now and then. Beyond MAX_LIVE_TOKENS the oldest tokens go too.
 */

interface Expiring {
  expiresAt: number;
}

export interface SweptState {
  codes: Map<string, Expiring>;
  tokens: Map<string, Expiring>;
}

/** Live tokens kept at most; a flood of logins drops the oldest (Map order is issue order). */
export const MAX_LIVE_TOKENS = 100_000;
export const MAX_LIVE_CODES = 20_000;

/** Drops expired codes and tokens (and the oldest beyond the caps); returns how many went. */
export function sweepExpired(state: SweptState, now = Date.now()): number {
  let dropped = 0;
  for (const map of [state.codes, state.tokens]) {
    for (const [key, entry] of map) {
      if (entry.expiresAt <= now) {
        map.delete(key);
        dropped++;
      }
    }
  }
  for (const [map, max] of [
    [state.codes, MAX_LIVE_CODES],
    [state.tokens, MAX_LIVE_TOKENS],
  ] as const) {
    for (const key of map.keys()) {
      if (map.size <= max) break;
      map.delete(key);
      dropped++;
    }
  }
  return dropped;
}

/** A sweeper to call on every request: it sweeps when `every` ms have passed since the last sweep. */
export function sweeper(state: () => SweptState | undefined, every = 30_000): () => void {
  let last = Date.now();
  return () => {
    const now = Date.now();
    if (now - last < every) return;
    last = now;
    const target = state();
    if (target) sweepExpired(target, now);
  };
}
