/**
 * The planning client's server entry (`room-elements/planning/server.js`): the whole client of the
 * browser entry (index.ts), plus the helpers that take a secret and so never belong in a page:
 * `apiKey` (HTTP Basic with the account's API key) and the OAuth code exchange and revoke (with the
 * application's client secret). A partner back end imports this one; a page imports index.ts.
 */
export * from './index.js';
export { apiKey } from './api-key.js';
export { exchangeCode, revokeToken, type OAuthCallOptions } from './oauth-tokens.js';
