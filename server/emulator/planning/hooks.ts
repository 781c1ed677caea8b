/**
 * Test hooks of the planning emulator (not part of Document 1), under /planning/emulator:
 *   POST /expire-token   body {"token": "..."} expires that access token now; no token: every OAuth token
 *   GET  /outbox         the emails the emulator "sent" (export callbacks to an email address)
 *   POST /reset          back to the seeded start (projects, codes, tokens, exports, outbox)
 *   GET  /config         the OAuth application's public side: client id, redirect URIs, lifetimes
 * None of them reveals a secret (no client secret, no API key, no token values).
 */
import { Hono } from 'hono';
import { bodyParams } from './request-params.ts';
import type { PlanningState } from './state.ts';

export function hookRoutes(state: PlanningState): Hono {
  const app = new Hono();
  app.post('/expire-token', async (c) => {
    const params = (await bodyParams(c)) ?? {};
    const wanted = typeof params.token === 'string' ? params.token : undefined;
    let expired = 0;
    for (const token of state.tokens.values()) {
      if (wanted ? token.token !== wanted : token.kind !== 'oauth') continue;
      token.expiresAt = Date.now() - 1;
      expired++;
    }
    if (wanted && !expired) return c.json({ error: 'no such token' }, 404);
    return c.json({ expired });
  });
  app.get('/outbox', (c) => c.json(state.outbox));
  app.post('/reset', (c) => {
    state.reset();
    return c.json({});
  });
  app.get('/config', (c) =>
    c.json({
      client_id: state.config.clientId,
      redirect_uris: state.config.redirectUris,
      also_accepted_redirect_uri: `${new URL(c.req.url).origin}/partner/oauth/callback`,
      token_ttl: state.config.tokenTtl,
      code_ttl: state.config.codeTtl,
    }),
  );
  return app;
}
