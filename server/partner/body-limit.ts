/**
 * Request-body limits for every partner route, with Web APIs only (it runs on edge runtimes too).
 *
 * A declared Content-Length over the limit is answered 413 before anything is read. A body without
 * one (chunked) is read as it arrives and cut off at the first byte over the limit: the partner never
 * holds more than `limit` bytes of one request, whatever the client sends. A body that has not arrived
 * in full within `timeoutMs` is answered 408. The body that passes is handed on from memory.
 */
import type { Context, MiddlewareHandler } from 'hono';

/** /token, /oauth/revoke, and anything else that takes a body: a few small JSON members or a form. */
export const SMALL_BODY_BYTES = 4 * 1024;
/** /proxy/...: an export request (the largest real one is a few kB). */
export const PROXY_BODY_BYTES = 64 * 1024;
/** /export-callback and /export-callback-xml: the planner's result. */
export const CALLBACK_BODY_BYTES = 1024 * 1024;

/** The limit for a path relative to where the app is mounted. */
export function bodyLimitFor(path: string): number {
  if (/\/export-callback(-xml)?\/?$/.test(path)) return CALLBACK_BODY_BYTES;
  if (path.includes('/proxy/')) return PROXY_BODY_BYTES;
  return SMALL_BODY_BYTES;
}

/**
 * The bytes of request bodies every request together holds while they are read: each body is capped
 * alone, this caps them all at once, so the memory bodies take is bounded by configuration (about
 * twice `maxBytes`, the pieces and their copy) whatever number of uploads arrive together.
 */
export class BodyBudget {
  #held = 0;
  constructor(readonly maxBytes: number) {}

  get held(): number {
    return this.#held;
  }

  /** Takes `bytes` if they fit; false (nothing taken) when they would go over. */
  take(bytes: number): boolean {
    if (this.#held + bytes > this.maxBytes) return false;
    this.#held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.#held = Math.max(0, this.#held - bytes);
  }
}

const refuse = (c: Context, limit: number) => {
  // the client may still be sending: the connection is not reused for another request
  c.header('Connection', 'close');
  return c.json({ error: 'too_large', message: `the request body is larger than ${limit} bytes` }, 413);
};

export function limitBodies(
  timeoutMs: number,
  limitOf: (c: Context) => number = (c) => bodyLimitFor(c.req.path),
  budget?: BodyBudget,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const limit = limitOf(c);
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.header('transfer-encoding')) {
      if (!/^\d+$/.test(declared) || Number(declared) > limit) return refuse(c, limit);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    // held against the budget until the route is done with the body
    try {
      try {
        for (;;) {
          const read = await Promise.race([reader.read(), deadline]);
          if (read === 'late') {
            c.header('Connection', 'close');
            return c.json({ error: 'too_slow', message: 'the request body did not arrive in time' }, 408);
          }
          if (read.done) break;
          if (size + read.value.byteLength > limit) return refuse(c, limit);
          if (budget && !budget.take(read.value.byteLength)) {
            c.header('Connection', 'close');
            c.header('Retry-After', '2');
            return c.json(
              { error: 'busy', message: 'too many request bodies are being received; try again shortly' },
              503,
            );
          }
          size += read.value.byteLength;
          chunks.push(read.value);
        }
      } catch {
        return c.json({ error: 'invalid_request', message: 'the request body could not be read' }, 400);
      } finally {
        clearTimeout(timer);
        // stop pulling what is left of a refused body; the server drops the rest of the upload
        // (node-server: at most 64 MB or 500 ms) and closes the connection
        reader.cancel().catch(() => {});
      }
      const whole = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        whole.set(chunk, offset);
        offset += chunk.byteLength;
      }
      chunks.length = 0;
      c.req.raw = new Request(c.req.raw, { body: whole });
      await next();
    } finally {
      budget?.give(size);
    }
  };
}
