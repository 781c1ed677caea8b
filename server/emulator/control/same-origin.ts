/**
 * The emulator's hooks change its behaviour for everyone using it, so a state-changing call (POST,
 * PUT, PATCH, DELETE) is taken only from the same origin and only as JSON: a request with an `Origin`
 * other than the emulator's own, or `Sec-Fetch-Site` other than same-origin / none, is refused (403);
 * a request with a body must say `Content-Type: application/json` (415), which a cross-site page
 * cannot send without a preflight that is never granted, and an HTML form cannot send at all.
 * Tools without a browser (curl, node tests) send no Origin and pass; a bodiless POST (reset) too.
 * Guards /emulator/... and the planning emulator's /planning/emulator/... alike.
 */
import type { MiddlewareHandler } from 'hono';

export const sameOriginJson: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  if ((origin && origin !== new URL(c.req.url).origin) || (site && site !== 'same-origin' && site !== 'none'))
    return c.json({ error: 'the emulator takes control calls only from its own origin' }, 403);
  const type = c.req.header('content-type');
  const length = c.req.header('content-length');
  const hasBody = !!c.req.header('transfer-encoding') || (length !== undefined && length !== '0');
  if ((type || hasBody) && !/^application\/json(\s*;|$)/i.test(type ?? ''))
    return c.json({ error: 'send control calls as Content-Type: application/json' }, 415);
  return next();
};
