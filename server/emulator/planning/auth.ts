/**
 * Document 1, section 5: who is calling. An API key by HTTP Basic (the key as user name, `x` as
 * password), or an access token as `Authorization: Bearer …` or as the `access_token` parameter (query,
 * JSON body member or form field). Anything else, or an expired or revoked token, is 403.
 */
import type { Context } from 'hono';
import type { AccessToken, PlanningState } from './state.ts';
import { DEMO_USER } from './seed.ts';

export interface Caller {
  userId: number;
  via: 'api_key' | 'oauth' | 'project_token';
  /** Project tokens open one project only. */
  projectId?: number;
  token?: AccessToken;
}

/** Constant-time string comparison, so a secret cannot be guessed byte by byte from response times. */
export function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export function tokenIsLive(token: AccessToken | undefined, now = Date.now()): token is AccessToken {
  return !!token && !token.revoked && token.expiresAt > now;
}

/**
 * The caller, or null when the credentials are missing or invalid. `params` are the already parsed
 * body parameters (for an `access_token` sent in the body).
 */
export function authenticate(
  c: Context,
  state: PlanningState,
  params: Record<string, unknown>,
): Caller | null {
  const header = c.req.header('authorization') ?? '';
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) {
    let decoded = '';
    try {
      decoded = atob(basic[1]!);
    } catch {
      return null;
    }
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? decoded : decoded.slice(0, colon);
    const password = colon < 0 ? '' : decoded.slice(colon + 1);
    if (password === 'x' && sameSecret(user, state.config.apiKey))
      return { userId: DEMO_USER.id, via: 'api_key' };
    return null;
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  const fromParams = params.access_token ?? c.req.query('access_token');
  const value = bearer?.[1] ?? (typeof fromParams === 'string' ? fromParams : undefined);
  if (!value) return null;
  const token = state.tokens.get(value);
  if (!tokenIsLive(token)) return null;
  return {
    userId: token.userId,
    via: token.kind === 'project' ? 'project_token' : 'oauth',
    projectId: token.projectId,
    token,
  };
}

/** The 403 body (its shape is "not shown"; this follows the public client's `{status, error}` mocks). */
export function forbidden(c: Context, reason = 'Forbidden') {
  return c.json({ status: 403, error: reason }, 403);
}

export function notFound(c: Context) {
  return c.json({ status: 404, error: 'Not Found' }, 404);
}
