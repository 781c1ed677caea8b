/**
 * The OAuth 2.0 authorization-code client of Document 1 (sections 3, 4.10, 5), the part that takes
 * no secret: the authorize URL and reading the redirect back. The code exchange and the revoke take
 * the application's secret, so they live in oauth-tokens.ts, exported only from the server entry
 * (server.ts), never from the browser one (index.ts).
 */

export interface OAuthClient {
  /** `{oauth_base}`: the host root that serves /oauth/... (the emulator's is http://127.0.0.1:4010/planning). */
  oauthBase: string;
  clientId: string;
  /** Must be one of the application's whitelisted redirect URIs. */
  redirectUri: string;
}

/** `{oauth_base}/oauth/<name>`. */
export const oauthEndpoint = (base: string, name: string) => `${base.replace(/\/+$/, '')}/oauth/${name}`;

/**
 * Where to send the user to authorize the application. `state` is the caller's CSRF guard: make it
 * random, keep it in the session and compare it in the callback.
 */
export function authorizeUrl(client: OAuthClient, options: { state: string; scope?: string }): string {
  const url = new URL(oauthEndpoint(client.oauthBase, 'authorize'));
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
