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

const refuse = (c: Context, limit: number) => {
  // the client may still be sending: the connection is not reused for another request
  c.header('Connection', 'close');
  return c.json({ error: 'too_large', message: `the request body is larger than ${limit} bytes` }, 413);
};

export function limitBodies(
  timeoutMs: number,
  limitOf: (c: Context) => number = (c) => bodyLimitFor(c.req.path),
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
    try {
      for (;;) {
        const read = await Promise.race([reader.read(), deadline]);
        if (read === 'late') {
          c.header('Connection', 'close');
          return c.json({ error: 'too_slow', message: 'the request body did not arrive in time' }, 408);
        }
        if (read.done) break;
        size += read.value.byteLength;
        if (size > limit) return refuse(c, limit);
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
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}
