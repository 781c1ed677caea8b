/**
 * The OAuth calls that take the application's client secret (Document 1, sections 4.10 and 5): the
 * code exchange and the revoke. SERVER SIDE ONLY: exported from the server entry (server.ts), never
 * from the browser entry (index.ts). Nothing but fetch and URL, so they run in Node, Deno, Bun and
 * edge runtimes alike.
 */
import { request } from '../http.js';
import { validate } from '../validate.js';
import { oauthEndpoint, type OAuthClient } from './oauth.js';
import { oauthTokenSchema } from './schemas.js';
import type { OAuthToken } from './types.js';

export interface OAuthCallOptions {
  signal?: AbortSignal;
  timeout?: number;
  /** The fetch to use (a server's instrumented fetch, a test's); default the global fetch. */
  fetch?: typeof fetch;
}

/** Exchanges an authorization code for an access token (POST /oauth/token, form-encoded as RFC 6749 has it). */
export async function exchangeCode(
  client: OAuthClient & { clientSecret: string },
  code: string,
  options: OAuthCallOptions = {},
): Promise<OAuthToken> {
  const url = oauthEndpoint(client.oauthBase, 'token');
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
  await request(oauthEndpoint(client.oauthBase, 'revoke'), {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    credentials: 'omit',
    ...options,
  });
}
