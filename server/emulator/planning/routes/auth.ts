/**
 * Document 1, section 5: who is calling. An API key by HTTP Basic (the key as user name, `x` as
 * password), or an access token as `Authorization: Bearer …` or as the `access_token` parameter (query,
 * JSON body member or form field). Anything else, or an expired or revoked token, is 403.
 */
import type { Context } from 'hono';
import { tokenIsLive } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import type { Caller } from './api-env.ts';

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
    const account = password === 'x' ? state.accountForApiKey(user) : undefined;
    return account ? { userId: account.id, user: account, via: 'api_key' } : null;
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  const fromParams = params.access_token ?? c.req.query('access_token');
  const value = bearer?.[1] ?? (typeof fromParams === 'string' ? fromParams : undefined);
  if (!value) return null;
  const token = state.tokens.get(value);
  if (!tokenIsLive(token)) return null;
  const user = state.userById(token.userId);
  if (!user) return null; // the user was destroyed: their tokens die with them
  return {
    userId: token.userId,
    user,
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
