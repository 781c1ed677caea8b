/**
 * Document 1, sections 3 and 4.10: the OAuth 2.0 authorization-code endpoints under /planning/oauth.
 *
 * The authorize endpoint stands for the service's login-and-consent page: it approves at once, as the
 * demo user (or as the seeded user named by the emulator-only `user` parameter). Error bodies follow
 * RFC 6749 (`error`, `error_description`); statuses are the document's (403 and 404).
 */
import { Hono, type Context } from 'hono';
import { randomHex } from '../../shared/random-hex.ts';
import { issueToken } from '../domain/issue-token.ts';
import { sameSecret } from '../../shared/secret.ts';
import { ACCOUNT_A_ID } from '../domain/accounts.ts';
import type { PlanningState } from '../domain/state.ts';
import { bodyParams } from './request-params.ts';

/** What a well-formed client id looks like (anything else is "invalid", 403; unknown but well formed is 404). */
const CLIENT_ID = /^[A-Za-z0-9._~-]{1,128}$/;
export const PARTNER_CALLBACK_PATH = '/partner/oauth/callback';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function oauthError(c: Context, status: 403 | 404, error: string, description: string) {
  c.header('Cache-Control', 'no-store');
  return c.json({ error, error_description: description }, status);
}

/** 403 for a missing or malformed client id, 404 for an unknown one, null when it is ours. */
function checkClient(c: Context, state: PlanningState, clientId: string | undefined) {
  if (!clientId || !CLIENT_ID.test(clientId))
    return oauthError(c, 403, 'invalid_client', 'client_id is missing or malformed');
  if (clientId !== state.config.clientId)
    return oauthError(c, 404, 'invalid_client', 'no application with this client_id');
  return null;
}

/** A token or revoke request's client checked: its id, then its secret; the error answer, or null. */
function checkClientSecret(c: Context, state: PlanningState, params: Record<string, unknown>) {
  const rejected = checkClient(c, state, str(params.client_id));
  if (rejected) return rejected;
  if (!sameSecret(str(params.client_secret) ?? '', state.config.clientSecret))
    return oauthError(c, 403, 'invalid_client', 'client authentication failed');
  return null;
}

function redirectAllowed(state: PlanningState, redirectUri: string, requestUrl: string): boolean {
  if (state.config.redirectUris.includes(redirectUri)) return true;
  // the same server answering on another port (tests, the dev server): its own partner callback
  return redirectUri === new URL(requestUrl).origin + PARTNER_CALLBACK_PATH;
}

function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

export function oauthRoutes(state: PlanningState): Hono {
  const app = new Hono();

  const authorize = async (c: Context) => {
    const params =
      c.req.method === 'POST' ? { ...c.req.query(), ...((await bodyParams(c)) ?? {}) } : c.req.query();
    const clientId = str(params.client_id);
    const rejected = checkClient(c, state, clientId);
    if (rejected) return rejected;
    const redirectUri = str(params.redirect_uri);
    if (!redirectUri || !redirectAllowed(state, redirectUri, c.req.url)) {
      // never redirect to an address that is not whitelisted (that would be an open redirect)
      return oauthError(
        c,
        403,
        'invalid_redirect_uri',
        'redirect_uri is missing or not whitelisted for this application',
      );
    }
    const stateParam = str(params.state);
    const fail = (error: string, description: string) =>
      c.redirect(withQuery(redirectUri, { error, error_description: description, state: stateParam }), 301);
    const responseType = str(params.response_type) || 'code';
    if (responseType !== 'code')
      return fail('unsupported_response_type', 'only response_type=code is supported');
    const scope = str(params.scope) || 'public';
    if (scope !== 'public') return fail('invalid_scope', 'the only scope is public');
    const who = str(params.user);
    const user = who ? (state.userById(Number(who)) ?? state.userByEmail(who)) : state.userById(ACCOUNT_A_ID);
    if (!user) return fail('access_denied', 'no such user');

    const code = randomHex(20);
    state.codes.set(code, {
      code,
      clientId: clientId!,
      redirectUri,
      userId: user.id,
      scope,
      expiresAt: Date.now() + state.config.codeTtl * 1000,
      used: false,
    });
    return c.redirect(withQuery(redirectUri, { code, state: stateParam }), 301);
  };
  app.get('/authorize', authorize);
  app.post('/authorize', authorize);

  app.post('/token', async (c) => {
    const params = (await bodyParams(c)) ?? {};
    const clientId = str(params.client_id);
    const rejected = checkClientSecret(c, state, params);
    if (rejected) return rejected;
    const grantType = str(params.grant_type) || 'authorization_code';
    if (grantType !== 'authorization_code')
      return oauthError(c, 403, 'unsupported_grant_type', 'only grant_type=authorization_code is supported');
    const code = state.codes.get(str(params.code) ?? '');
    if (!code || code.clientId !== clientId)
      return oauthError(c, 403, 'invalid_grant', 'the code is not valid');
    if (code.used) {
      // a code presented twice may have been stolen: revoke what it gave (RFC 6749 §4.1.2)
      for (const token of state.tokens.values()) if (token.code === code.code) token.revoked = true;
      return oauthError(c, 403, 'invalid_grant', 'the code was already used');
    }
    if (code.expiresAt <= Date.now()) return oauthError(c, 403, 'invalid_grant', 'the code has expired');
    if (str(params.redirect_uri) !== code.redirectUri)
      return oauthError(c, 403, 'invalid_grant', 'redirect_uri differs from the one of the authorization');
    code.used = true;

    const { token, createdAt: now } = issueToken(
      state.tokens,
      { kind: 'oauth', clientId, userId: code.userId, scope: code.scope, code: code.code },
      state.config.tokenTtl,
      32,
    );
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json({
      access_token: token,
      token_type: 'Bearer',
      expires_in: state.config.tokenTtl,
      scope: code.scope,
      created_at: Math.floor(now / 1000),
    });
  });

  app.post('/revoke', async (c) => {
    const params = (await bodyParams(c)) ?? {};
    const clientId = str(params.client_id);
    const rejected = checkClientSecret(c, state, params);
    if (rejected) return rejected;
    const token = state.tokens.get(str(params.token) ?? '');
    if (!token || token.kind !== 'oauth' || token.clientId !== clientId)
      return oauthError(c, 403, 'invalid_token', 'no such token for this application');
    token.revoked = true;
    return c.json({});
  });

  return app;
}
