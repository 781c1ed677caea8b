/**
 * The OAuth 2.0 authorization-code client of Document 1 (sections 3, 4.10, 5): the authorize URL,
 * the code exchange and the revoke. It needs the client secret, so only a partner back end calls
 * exchangeCode and revokeToken; it uses nothing but fetch and URL, so it runs in Node, Deno, Bun
 * and edge runtimes alike.
 */
import { request } from '../http.js';
import { validate } from '../validate.js';
import { oauthTokenSchema } from './schemas.js';
import type { OAuthToken } from './types.js';

export interface OAuthClient {
  /** `{oauth_base}`: the host root that serves /oauth/... (the emulator's is http://127.0.0.1:4010/planning). */
  oauthBase: string;
  clientId: string;
  /** Must be one of the application's whitelisted redirect URIs. */
  redirectUri: string;
}

export interface OAuthCallOptions {
  signal?: AbortSignal;
  timeout?: number;
  /** The fetch to use (a server's instrumented fetch, a test's); default the global fetch. */
  fetch?: typeof fetch;
}

const endpoint = (base: string, name: string) => `${base.replace(/\/+$/, '')}/oauth/${name}`;

/**
 * Where to send the user to authorize the application. `state` is the caller's CSRF guard: make it
 * random, keep it in the session and compare it in the callback.
 */
export function authorizeUrl(client: OAuthClient, options: { state: string; scope?: string }): string {
  const url = new URL(endpoint(client.oauthBase, 'authorize'));
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', client.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', options.scope ?? 'public');
  url.searchParams.set('state', options.state);
  return url.href;
}

/** Reads `code` and `state` from the redirect the service sent back (or `error` when it refused). */
export function readCallback(url: string | URL): { code?: string; state?: string; error?: string } {
  const params = new URL(url).searchParams;
  return {
    code: params.get('code') ?? undefined,
    state: params.get('state') ?? undefined,
    error: params.get('error') ?? undefined,
  };
}

/** Exchanges an authorization code for an access token (POST /oauth/token, form-encoded as RFC 6749 has it). */
export async function exchangeCode(
  client: OAuthClient & { clientSecret: string },
  code: string,
  options: OAuthCallOptions = {},
): Promise<OAuthToken> {
  const url = endpoint(client.oauthBase, 'token');
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uri: client.redirectUri,
    code,
  });
  const answer = await request(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    credentials: 'omit',
    ...options,
  });
  return validate(oauthTokenSchema, answer, url) as OAuthToken;
}

/** Revokes (deletes) an access token; the service answers with an empty object. */
export async function revokeToken(
  client: Pick<OAuthClient, 'oauthBase' | 'clientId'> & { clientSecret: string },
  token: string,
  options: OAuthCallOptions = {},
): Promise<void> {
  const body = new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, token });
  await request(endpoint(client.oauthBase, 'revoke'), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    credentials: 'omit',
    ...options,
  });
}
