/**
 * Test hooks of the planning emulator (not part of Document 1), under /planning/emulator:
 *   POST /expire-token   body {"token": "..."} expires that access token now; no token: every OAuth token
 *   GET  /outbox         the emails the emulator "sent" (export callbacks to an email address, share
 *                        planner, project copy, design share); ?to= and ?kind= narrow the list
 *   POST /reset          back to the seeded start (users, projects, codes, tokens, exports, media, outbox…)
 *   GET  /config         the OAuth application's public side: client id, redirect URIs, lifetimes, accounts
 * None of them reveals a secret (no client secret, no API key, no token values).
 */
import { Hono } from 'hono';
import { ACCOUNT_A_ID, ACCOUNT_B_ID, ACCOUNT_C_ID } from '../domain/accounts.ts';
import type { PlanningState } from '../domain/state.ts';
import { bodyParams } from './request-params.ts';

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
  // ?to=<address> and ?kind=<export|share_planner|project_copy|design_share> narrow the list
  app.get('/outbox', (c) => {
    const to = c.req.query('to')?.toLowerCase();
    const kind = c.req.query('kind');
    return c.json(
      state.outbox.filter((m) => (!to || m.to.toLowerCase() === to) && (!kind || m.kind === kind)),
    );
  });
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
      // the configured accounts (never their keys)
      accounts: [ACCOUNT_A_ID, ACCOUNT_B_ID, ACCOUNT_C_ID].flatMap((id) => {
        const user = state.userById(id);
        return user ? [{ id, email: user.email, partner: user.partner, role: user.role }] : [];
      }),
    }),
  );
  return app;
}
