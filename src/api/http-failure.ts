/**
 * The failure paths of the fetch wrapper (http.ts), loaded when a call first fails: the backoff before
 * a GET is tried again, and the service's own words from an error body. No import of its own, so it is
 * one small chunk.
 */

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait before try `attempt + 1`: `backoff` doubled per try, with ±25 % jitter. */
export const backoffDelay = (backoff: number, attempt: number): number =>
  backoff * 2 ** attempt * (0.75 + Math.random() * 0.5);

/** The longest service message handed to a page (an error's words, not its data). */
export const MAX_SERVICE_MESSAGE = 500;
/** How many of an `errors` list are quoted before "and N more". */
const QUOTED_ERRORS = 5;

/** Cuts a message to `max` characters, marking the cut. */
function bounded(text: string, max = MAX_SERVICE_MESSAGE): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * The service's own words from an error body: `{error}`, `{message}`, `{errors: [...]}` or `{status}`,
 * at most MAX_SERVICE_MESSAGE characters: a list of errors gives its first few and "and N more" (a
 * 500 with 100 000 errors once became a two-million-character message).
 */
export function serviceMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() && body.length < 300 ? body.trim() : undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const key of ['error', 'message', 'error_description']) {
    if (typeof b[key] === 'string' && b[key]) return bounded(b[key] as string);
  }
  if (Array.isArray(b.errors) && b.errors.length) {
    const quoted = b.errors.slice(0, QUOTED_ERRORS).map((e) => bounded(String(e), 200));
    const more = b.errors.length - quoted.length;
    return bounded(quoted.join('; ') + (more > 0 ? ` and ${more} more` : ''));
  }
  if (typeof b.status === 'string') return bounded(b.status);
  return undefined;
}
