/**
 * Same-origin and CSRF checks of the endpoints a page calls with its session cookie (/token,
 * /proxy/..., /oauth/revoke).
 *
 * The scheme (docs/partner.md):
 * 1. `Origin` must be one of the allowed origins (default: this server's own origin). Browsers send
 *    Origin with every POST; when it is missing, `Sec-Fetch-Site` must say `same-origin`. A request with
 *    neither (not a modern browser) is refused.
 * 2. JSON endpoints require `Content-Type: application/json`. A cross-site page can only send that
 *    after a CORS preflight, which this app never answers, and an HTML form cannot send it at all.
 * 3. The session cookie is SameSite=Lax, so cross-site subrequests do not carry it in the first place.
 * No token or custom header is needed: the button's `fetch(..., {method: 'POST', credentials:
 * 'same-origin', headers: {'Content-Type': 'application/json'}})` passes as it is.
 */
import type { Context } from 'hono';
import type { ResolvedPartnerOptions } from './options.ts';
import type { PartnerEnv } from './context.ts';

export function sameOriginProblem(c: Context<PartnerEnv>, options: ResolvedPartnerOptions): string | null {
  const allowed = options.allowedOrigins ?? [c.get('origin')];
  const origin = c.req.header('origin');
  if (origin) return allowed.includes(origin) ? null : 'the request comes from another origin';
  return c.req.header('sec-fetch-site') === 'same-origin' ? null : 'the request carries no Origin';
}

export function rejectCrossSite(c: Context<PartnerEnv>, options: ResolvedPartnerOptions, json: boolean) {
  const problem = sameOriginProblem(c, options);
  if (problem) return c.json({ error: 'forbidden_origin', message: problem }, 403);
  if (json && !/^application\/json(\s*;|$)/i.test(c.req.header('content-type') ?? ''))
    return c.json(
      { error: 'json_required', message: 'send the body as Content-Type: application/json' },
      415,
    );
  return null;
}
