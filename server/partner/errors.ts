/**
 * What escapes a route becomes a JSON answer with words: the store away (503), every planner slot
 * taken (503), no planner configured (500), the planner not reached (502), anything else (500,
 * logged). Never a stack trace, never Hono's text/plain 500.
 */
import type { Context } from 'hono';
import { ApiError } from '../../src/api/http.ts';
import type { PartnerEnv } from './context.ts';
import { NotConfigured, PlannerBusy } from './planner.ts';
import { plannerUnavailable } from './routes/replies.ts';
import { StoreUnavailable } from './store.ts';

export function partnerErrors(): (error: Error, c: Context<PartnerEnv>) => Response {
  const storeTrouble = new OneLinePerInterval(10_000);
  return (error, c) => {
    if (error instanceof StoreUnavailable) {
      storeTrouble.log(() => `partner back end: the store is unavailable (${error.message}); answering 503`);
      c.header('Retry-After', '2');
      return c.json(
        {
          error: 'store_unavailable',
          message: 'sessions cannot be reached for a moment; try again in a few seconds',
        },
        503,
      );
    }
    if (error instanceof PlannerBusy) {
      c.header('Retry-After', '2');
      return c.json(
        { error: 'busy', message: 'too many calls to the planning service are under way; try again shortly' },
        503,
      );
    }
    if (error instanceof NotConfigured)
      return c.json(
        { error: 'not_configured', message: 'the partner back end has no planning service configured' },
        500,
      );
    // the client's network failures and timeouts (status 0), answers that are not JSON; a bare
    // fetch fails with a TypeError on network errors, a DOMException on timeouts
    if (
      (error instanceof ApiError && (error.status === 0 || error.kind === 'invalid')) ||
      error instanceof TypeError ||
      (error instanceof DOMException && /Timeout|Abort/.test(error.name))
    )
      return plannerUnavailable(c, 0);
    console.error('partner back end:', error);
    return c.json({ error: 'internal_error', message: 'something went wrong in the partner back end' }, 500);
  };
}

/** Logs a line at most once per `intervalMs`, with how many were left out since the last one. */
class OneLinePerInterval {
  #last = 0;
  #skipped = 0;
  constructor(readonly intervalMs: number) {}

  log(line: () => string): void {
    const now = Date.now();
    if (now - this.#last < this.intervalMs) {
      this.#skipped++;
      return;
    }
    const skipped = this.#skipped ? ` (and ${this.#skipped} more since the last line)` : '';
    this.#last = now;
    this.#skipped = 0;
    console.error(line() + skipped);
  }
}
