/**
 * Signing in and out (the OAuth authorization-code flow with the planner):
 *   GET  /login            demo page: "Connect your planner account"
 *   GET  /session          {connected, expires_in, login_url} (never the token)
 *   GET  /oauth/start      redirect to the planner's authorize page with a fresh `state`
 *   GET  /oauth/callback   check `state`, exchange the code server-side, keep the token in the session
 *   POST /oauth/revoke     revoke the session's token at the planner and forget it
 */
import type { Context, Hono } from 'hono';
import { authorizeUrl } from '../../../src/api/planning/oauth.ts';
import { clientGone, own, safeReturnPath, type PartnerEnv } from '../context.ts';
import { rejectCrossSite } from '../guards.ts';
import { isLoopbackHost } from '../options.ts';
import { loginPage, problemPage, text } from '../pages.ts';
import type { PartnerParts } from '../parts.ts';
import { exchangeCode, NotConfigured, plannerBases, revokeToken } from '../planner.ts';
import { LOGIN_TTL } from '../session.ts';
import { LoginStates } from '../login-state.ts';
import { loginUrl, mine } from './replies.ts';

export function signInRoutes(app: Hono<PartnerEnv>, parts: PartnerParts): void {
  const { options, sessions, gate, access } = parts;
  const loginStates = new LoginStates(options.clientSecret, LOGIN_TTL);

  /**
   * This app's /oauth/callback on the request's origin: only for the local emulator, and only on a
   * loopback host or in-process (the demo), since the origin comes from the Host header.
   */
  const derivedRedirectUri = (c: Context<PartnerEnv>) => {
    if (!options.fetch && !isLoopbackHost(new URL(c.req.url).hostname))
      throw new NotConfigured('set PARTNER_REDIRECT_URI');
    return `${c.get('origin')}${own(c, '/oauth/callback')}`;
  };

  app.get('/login', async (c) => {
    const token = await sessions.liveToken(await sessions.current(c));
    return loginPage(c, {
      connected: !!token,
      expiresIn: token ? (token.expiresAt - Date.now()) / 1000 : 0,
      returnTo: safeReturnPath(c.req.query('return_to'), own(c, '/login')),
      disconnected: c.req.query('disconnected') === '1',
    });
  });

  app.get('/session', async (c) => {
    const token = await sessions.liveToken(await sessions.current(c));
    c.header('Cache-Control', 'no-store');
    return c.json({
      connected: !!token,
      expires_in: token ? Math.floor((token.expiresAt - Date.now()) / 1000) : 0,
      login_url: loginUrl(c),
    });
  });

  app.get('/oauth/start', async (c) => {
    const bases = plannerBases(c, options);
    const redirectUri = options.redirectUri ?? derivedRedirectUri(c);
    // no session yet, and nothing kept: the sign-in under way travels in the signed state, bound to
    // this browser's login cookie (login-state.ts), so a flood of starts has nothing to fill
    const state = await loginStates.issue(
      sessions.loginBinding(c),
      safeReturnPath(c.req.query('return_to'), own(c, '/login')),
      redirectUri,
    );
    const authorize = authorizeUrl(
      { oauthBase: bases.oauthBase, clientId: options.clientId, redirectUri },
      { state, scope: 'public' },
    );
    c.header('Cache-Control', 'no-store');
    return c.redirect(authorize, 302);
  });

  app.get('/oauth/callback', async (c) => {
    const retry = own(c, '/oauth/start');
    const stateParam = c.req.query('state') ?? '';
    const binding = sessions.sentLoginBinding(c);
    const redirectUri = options.redirectUri ?? derivedRedirectUri(c);
    // the state must be one this partner signed for this browser, unexpired and unused: otherwise
    // someone else's code is being slipped in, or a used one replayed
    const opened = binding ? await loginStates.open(stateParam, binding, redirectUri) : undefined;
    if (!opened || !(await loginStates.useOnce(options.store, opened)))
      return problemPage(c, text(c, 'badState'), 400, retry);
    const pending = { returnTo: safeReturnPath(opened.returnTo, own(c, '/login')), redirectUri };
    const retryHere = `${retry}?return_to=${encodeURIComponent(pending.returnTo)}`;
    if (c.req.query('error'))
      return problemPage(c, text(c, 'denied', { error: c.req.query('error')! }), 400, retryHere);
    const code = c.req.query('code');
    if (!code) return problemPage(c, text(c, 'noCode'), 400, retryHere);
    const bases = plannerBases(c, options);
    // no session yet: the instance's cap alone (a code is the planner's, used once)
    const exchanged = await gate.run(
      () => exchangeCode(options, bases, code, pending.redirectUri, clientGone(c)),
      { signal: clientGone(c) },
    );
    if (!exchanged.ok)
      return problemPage(c, text(c, 'refused', { status: exchanged.status }), 502, retryHere);
    // the session is made now, with a new id (an id fixed before login is worth nothing afterwards)
    await sessions.create(c, exchanged.token, await sessions.current(c));
    sessions.clearLoginBinding(c);
    c.header('Cache-Control', 'no-store');
    return c.redirect(pending.returnTo, 302);
  });

  app.post('/oauth/revoke', async (c) => {
    const rejected = rejectCrossSite(c, options, false);
    if (rejected) return rejected;
    const session = await sessions.current(c);
    let revoked = false;
    if (session?.token) {
      const bases = plannerBases(c, options);
      const token = session.token.accessToken;
      revoked = await gate.run(() => revokeToken(options, bases, token, clientGone(c)), mine(c, session));
    }
    if (session?.token) access.forgetToken(session.token.accessToken);
    if (session) await sessions.end(c, session);
    const isForm = /form/i.test(c.req.header('content-type') ?? '');
    if (isForm)
      return c.redirect(
        `${own(c, '/login')}?disconnected=1&return_to=${encodeURIComponent(safeReturnPath(c.req.query('return_to'), own(c, '/login')))}`,
        303,
      );
    return c.json({ revoked });
  });
}
