/**
 * What every partner handler knows about where it runs: the origin the browser used and the path the
 * app is mounted at (so it works under /partner in the demo and at any other path for a partner).
 */
import type { Context, MiddlewareHandler } from 'hono';

export type PartnerEnv = {
  Variables: {
    prefix: string;
    origin: string;
    /** The request as the server made it (whatever a middleware puts in c.req.raw later): see clientGone(). */
    clientRequest: Request;
  };
};

export const where: MiddlewareHandler<PartnerEnv> = async (c, next) => {
  c.set('prefix', c.req.routePath.replace(/\/?\*$/, ''));
  c.set('origin', new URL(c.req.url).origin);
  await next();
};

/**
 * Aborts when the browser's connection closes: planner calls made for it end then too. Read only
 * when a planner call is made (the server makes a request's AbortController on first use).
 */
export const clientGone = (c: Context<PartnerEnv>): AbortSignal => c.get('clientRequest').signal;

/** A path inside this app, e.g. own(c, '/oauth/callback') → /partner/oauth/callback */
export const own = (c: Context<PartnerEnv>, path: string) => `${c.get('prefix')}${path}`;

/** A same-site path to return to after login; anything else (other hosts, `//x`, `/\x`) gives the fallback. */
export function safeReturnPath(value: string | undefined | null, fallback: string): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
