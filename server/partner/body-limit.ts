/**
 * Request-body limits for every partner route, with Web APIs only (it runs on edge runtimes too).
 *
 * A declared Content-Length over the limit is answered 413 before anything is read. A body without
 * one (chunked) is read as it arrives and cut off at the first byte over the limit: the partner never
 * holds more than `limit` bytes of one request, whatever the client sends. A body that has not arrived
 * in full within `timeoutMs` is answered 408. The body that passes is handed on from memory, as
 * Hono's body cache (`c.req.text()`, `c.req.json()`): routes read bodies only through `c.req`.
 */
import type { Context, MiddlewareHandler } from 'hono';

/** /token, /oauth/revoke, and anything else that takes a body: a few small JSON members or a form. */
export const SMALL_BODY_BYTES = 4 * 1024;
/** /proxy/...: an export request (the largest real one is a few kB). */
export const PROXY_BODY_BYTES = 64 * 1024;
/** /export-callback and /export-callback-xml: the planner's result. */
export const CALLBACK_BODY_BYTES = 1024 * 1024;

/** /uploads: a model file (GLB or USDZ) for AR, issue 36. */
export const UPLOAD_BODY_BYTES = 15 * 1024 * 1024;

/** The limit for a path relative to where the app is mounted. */
export function bodyLimitFor(path: string): number {
  if (/\/uploads\/?$/.test(path)) return UPLOAD_BODY_BYTES;
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
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // whether there is a body is read from the headers: touching `c.req.raw.body` would make the
    // Node adapter build a full Request and a web stream for every POST (a tenth of a busy
    // instance's time under the load run)
    const declared = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (!chunked && (declared === undefined || declared === '0')) return next();
    const limit = limitOf(c);
    if (!chunked && (!/^\d+$/.test(declared!) || Number(declared) > limit)) return refuse(c, limit);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), timeoutMs);
    });
    const late = () => {
      c.header('Connection', 'close');
      return c.json({ error: 'too_slow', message: 'the request body did not arrive in time' }, 408);
    };
    const busy = () => {
      c.header('Connection', 'close');
      c.header('Retry-After', '2');
      return c.json(
        { error: 'busy', message: 'too many request bodies are being received; try again shortly' },
        503,
      );
    };
    const unreadable = () =>
      c.json({ error: 'invalid_request', message: 'the request body could not be read' }, 400);
    // held against the budget until the route is done with the body
    let held = 0;
    try {
      let bytes: Uint8Array;
      if (!chunked) {
        // a declared length within the limit: the HTTP parser delivers no more than that, so it is
        // read whole (the runtime's own fast path), against the clock and the shared budget
        held = Number(declared);
        if (budget && !budget.take(held)) {
          held = 0;
          return busy();
        }
        try {
          const read = await Promise.race([c.req.raw.arrayBuffer(), deadline]);
          if (read === 'late') return late();
          bytes = new Uint8Array(read);
        } catch {
          return unreadable();
        } finally {
          clearTimeout(timer);
        }
        if (bytes.byteLength > limit) return refuse(c, limit);
      } else {
        // chunked: read as it arrives and cut off at the first byte over the limit
        const reader = c.req.raw.body!.getReader();
        const chunks: Uint8Array[] = [];
        try {
          for (;;) {
            const read = await Promise.race([reader.read(), deadline]);
            if (read === 'late') return late();
            if (read.done) break;
            if (held + read.value.byteLength > limit) return refuse(c, limit);
            if (budget && !budget.take(read.value.byteLength)) return busy();
            held += read.value.byteLength;
            chunks.push(read.value);
          }
        } catch {
          return unreadable();
        } finally {
          clearTimeout(timer);
          // stop pulling what is left of a refused body; the server drops the rest of the upload
          // (node-server: at most 64 MB or 500 ms) and closes the connection
          reader.cancel().catch(() => {});
        }
        bytes = new Uint8Array(held);
        let offset = 0;
        for (const chunk of chunks) {
          bytes.set(chunk, offset);
          offset += chunk.byteLength;
        }
      }
      // handed on through Hono's body cache (it keeps the promise of each kind of body it read;
      // its type says otherwise): c.req.text() and c.req.json() read it from memory, without a
      // second Request around the bytes. The routes read bodies only through c.req.
      const cache = c.req.bodyCache as Record<string, Promise<unknown>>;
      // a binary upload is not decoded as text unless a route asks (Hono then makes it from the bytes)
      if (limit <= CALLBACK_BODY_BYTES) cache.text = Promise.resolve(new TextDecoder().decode(bytes));
      cache.arrayBuffer = Promise.resolve(bytes.buffer);
      await next();
    } finally {
      budget?.give(held);
    }
  };
}
