/**
 * The partner's server-side calls to the planning service: the OAuth code exchange and revoke (with
 * the client secret, which only ever travels here) and v2 API calls with a session's token.
 * Only fetch and Web APIs, so it runs on edge runtimes as well as on Node.
 */
import type { Context } from 'hono';
import type { PartnerEnv } from './context.ts';
import type { ResolvedPartnerOptions } from './options.ts';
import type { PlannerToken } from './session.ts';

export class NotConfigured extends Error {}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

export interface PlannerBases {
  oauthBase: string;
  apiBase: string;
}

/**
 * The configured bases, or (demo default) the emulator on the request's own origin. A derived base
 * follows the Host header, so without an in-process transport it is only used on a loopback host:
 * a deployment that forgot PLANNER_OAUTH_BASE must not send its client secret wherever a Host
 * header points.
 */
export function plannerBases(c: Context<PartnerEnv>, options: ResolvedPartnerOptions): PlannerBases {
  if (options.oauthBase && options.apiBase) return { oauthBase: options.oauthBase, apiBase: options.apiBase };
  const url = new URL(c.req.url);
  if (!options.inProcess && !LOOPBACK.test(url.hostname))
    throw new NotConfigured('set PLANNER_OAUTH_BASE and PLANNER_API_BASE');
  return {
    oauthBase: options.oauthBase ?? `${url.origin}/planning`,
    apiBase: options.apiBase ?? `${url.origin}/planning/api/v2`,
  };
}

export type Exchange = { ok: true; token: PlannerToken } | { ok: false; status: number };

export async function exchangeCode(
  options: ResolvedPartnerOptions,
  bases: PlannerBases,
  code: string,
  redirectUri: string,
): Promise<Exchange> {
  const response = await options.fetch(
    new Request(`${bases.oauthBase}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
      signal: AbortSignal.timeout(10_000),
    }),
  );
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || typeof body.access_token !== 'string')
    return { ok: false, status: response.status };
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return {
    ok: true,
    token: {
      accessToken: body.access_token,
      expiresAt: Date.now() + expiresIn * 1000,
      scope: typeof body.scope === 'string' ? body.scope : 'public',
    },
  };
}

export async function revokeToken(
  options: ResolvedPartnerOptions,
  bases: PlannerBases,
  token: string,
): Promise<number> {
  const response = await options.fetch(
    new Request(`${bases.oauthBase}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret, token }),
      signal: AbortSignal.timeout(10_000),
    }),
  );
  await response.body?.cancel();
  return response.status;
}

/** A v2 call with the session's token in the header (never in the URL, where logs would keep it). */
export function apiCall(
  options: ResolvedPartnerOptions,
  bases: PlannerBases,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Response> {
  return options.fetch(
    new Request(`${bases.apiBase}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    }),
  );
}

/**
 * After a 403 from the service: is the token itself dead (revoked, expired) or is it only this
 * project that is not the user's? The project list answers 403 only for bad credentials.
 */
export async function tokenIsDead(
  options: ResolvedPartnerOptions,
  bases: PlannerBases,
  token: string,
): Promise<boolean> {
  const probe = await apiCall(options, bases, token, 'GET', '/projects.json?per_page=1');
  await probe.body?.cancel();
  return probe.status === 403 || probe.status === 401;
}
