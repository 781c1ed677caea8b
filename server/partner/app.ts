/**
 * The reference partner back end: what a partner deploys beside its pages so `<project-export-button>`
 * can export plans from a page that holds no secret. A Hono app using only Web APIs (fetch, Web
 * Crypto, streams), so it runs on Node, Deno, Bun, Cloudflare Workers and other edge runtimes.
 *
 *   GET  /login                     demo page: "Connect your planner account"
 *   GET  /session                   {connected, expires_in, login_url} (never the token)
 *   GET  /oauth/start               redirect to the planner's authorize page with a fresh `state`
 *   GET  /oauth/callback            check `state`, exchange the code server-side, keep the token in the session
 *   POST /oauth/revoke              revoke the session's token at the planner and forget it
 *   POST /token                     token mode: {"project_id": n} → {access_token, expires_in}
 *   POST /proxy/projects/:id/export.json   proxy mode: the export made with the session's token
 *   POST /export-callback           receiver of the planner's export callback (signed)
 *   GET  /exports/:id/status        {export_id, status: pending|ready, result?}
 *   GET  /exports/:id/events        the same as server-sent events
 * Paths are relative to where it is mounted (/partner in the demo). Configuration: options.ts and
 * docs/partner.md.
 */
import { Hono, type Context } from 'hono';
import { own, safeReturnPath, where, type PartnerEnv } from './context.ts';
import { exportEvents, exportStatus, receiveCallback, sessionOwnsExport } from './export-results.ts';
import { rejectCrossSite } from './guards.ts';
import { resolvePartnerOptions, type PartnerOptions, type ResolvedPartnerOptions } from './options.ts';
import { loginPage, problemPage, text } from './pages.ts';
import { apiCall, exchangeCode, NotConfigured, plannerBases, revokeToken, tokenIsDead } from './planner.ts';
import { randomId, Sessions, type Session } from './session.ts';

export type { PartnerOptions } from './options.ts';
export { MemoryStore, type PartnerStore } from './store.ts';

interface PendingLogin {
  sessionId: string;
  returnTo: string;
  redirectUri: string;
}

const STATE_TTL = 600;

export function createPartner(partnerOptions: PartnerOptions = {}): Hono<PartnerEnv> {
  const options = resolvePartnerOptions(partnerOptions);
  const sessions = new Sessions(options);
  const app = new Hono<PartnerEnv>();
  app.use('*', where);
  app.use('*', async (c, next) => {
    await next();
    c.header('Vary', 'Origin, Cookie', { append: true });
  });

  const loginUrl = (c: Context<PartnerEnv>) => {
    const referer = c.req.header('referer');
    let back = own(c, '/login');
    if (referer) {
      try {
        const url = new URL(referer);
        if (url.origin === c.get('origin')) back = url.pathname + url.search;
      } catch {
        // not a URL: keep the login page
      }
    }
    return `${own(c, '/oauth/start')}?return_to=${encodeURIComponent(back)}`;
  };
  const loginRequired = (c: Context<PartnerEnv>) =>
    c.json(
      { error: 'login_required', message: 'connect your planner account first', login_url: loginUrl(c) },
      401,
    );

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
    const session = (await sessions.current(c)) ?? (await sessions.start(c));
    const state = randomId();
    const redirectUri = options.redirectUri ?? `${c.get('origin')}${own(c, '/oauth/callback')}`;
    const pending: PendingLogin = {
      sessionId: session.id,
      returnTo: safeReturnPath(c.req.query('return_to'), own(c, '/login')),
      redirectUri,
    };
    await options.store.set(`state:${state}`, pending, STATE_TTL);
    const authorize = new URL(`${bases.oauthBase}/oauth/authorize`);
    authorize.search = new URLSearchParams({
      client_id: options.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'public',
      state,
    }).toString();
    c.header('Cache-Control', 'no-store');
    return c.redirect(authorize.toString(), 302);
  });

  app.get('/oauth/callback', async (c) => {
    const retry = own(c, '/oauth/start');
    const stateParam = c.req.query('state') ?? '';
    const session = await sessions.current(c);
    const pending = stateParam ? await options.store.get<PendingLogin>(`state:${stateParam}`) : undefined;
    // the state must be one this browser's session started: otherwise someone else's code is being slipped in
    if (!pending || !session || pending.sessionId !== session.id)
      return problemPage(c, text(c, 'badState'), 400, retry);
    await options.store.delete(`state:${stateParam}`);
    const retryHere = `${retry}?return_to=${encodeURIComponent(pending.returnTo)}`;
    if (c.req.query('error'))
      return problemPage(c, text(c, 'denied', { error: c.req.query('error')! }), 400, retryHere);
    const code = c.req.query('code');
    if (!code) return problemPage(c, text(c, 'noCode'), 400, retryHere);
    const exchanged = await exchangeCode(options, plannerBases(c, options), code, pending.redirectUri);
    if (!exchanged.ok)
      return problemPage(c, text(c, 'refused', { status: exchanged.status }), 502, retryHere);
    // a new session id at login, so an id fixed before login is worth nothing afterwards
    const fresh = await sessions.start(c, session);
    fresh.token = exchanged.token;
    await sessions.save(fresh);
    c.header('Cache-Control', 'no-store');
    return c.redirect(pending.returnTo, 302);
  });

  app.post('/oauth/revoke', async (c) => {
    const rejected = rejectCrossSite(c, options, false);
    if (rejected) return rejected;
    const session = await sessions.current(c);
    let revoked = false;
    if (session?.token) {
      const status = await revokeToken(options, plannerBases(c, options), session.token.accessToken);
      revoked = status === 200;
      session.token = undefined;
      await sessions.save(session);
    }
    const isForm = /form/i.test(c.req.header('content-type') ?? '');
    if (isForm)
      return c.redirect(
        `${own(c, '/login')}?disconnected=1&return_to=${encodeURIComponent(safeReturnPath(c.req.query('return_to'), own(c, '/login')))}`,
        303,
      );
    return c.json({ revoked });
  });

  /** The session with a live token, or the response to send instead. */
  const authorised = async (
    c: Context<PartnerEnv>,
  ): Promise<{ session: Session; token: string } | { response: Response }> => {
    const session = await sessions.current(c);
    const token = await sessions.liveToken(session);
    if (!session || !token) return { response: loginRequired(c) };
    return { session, token: token.accessToken };
  };

  /** A 403 from the planner: a dead token (drop it, ask for login) or a project that is not the user's. */
  const after403 = async (c: Context<PartnerEnv>, session: Session, token: string) => {
    if (await tokenIsDead(options, plannerBases(c, options), token)) {
      session.token = undefined;
      await sessions.save(session);
      return loginRequired(c);
    }
    return c.json(
      { error: 'project_forbidden', message: 'this project is not available to your planner account' },
      403,
    );
  };

  app.post('/token', async (c) => {
    const rejected = rejectCrossSite(c, options, true);
    if (rejected) return rejected;
    c.header('Cache-Control', 'no-store');
    const body = (await c.req.json().catch(() => null)) as { project_id?: unknown } | null;
    const projectId = body?.project_id;
    if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId) || projectId < 1)
      return c.json({ error: 'invalid_request', message: 'send {"project_id": <positive integer>}' }, 400);
    const auth = await authorised(c);
    if ('response' in auth) return auth.response;
    // the token is handed out only for a project the user can reach, and only while the planner accepts it
    const check = await apiCall(
      options,
      plannerBases(c, options),
      auth.token,
      'GET',
      `/projects/${projectId}.json`,
    );
    await check.body?.cancel();
    if (check.status === 403) return after403(c, auth.session, auth.token);
    if (check.status === 404) return c.json({ error: 'project_not_found', message: 'no such project' }, 404);
    if (!check.ok)
      return c.json({ error: 'planner_unavailable', message: `the planner answered ${check.status}` }, 502);
    const token = auth.session.token!;
    return c.json({
      access_token: token.accessToken,
      expires_in: Math.floor((token.expiresAt - Date.now()) / 1000),
    });
  });

  app.post('/proxy/projects/:id{[0-9]+}/export.json', async (c) => {
    const rejected = rejectCrossSite(c, options, true);
    if (rejected) return rejected;
    c.header('Cache-Control', 'no-store');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return c.json(
        { error: 'invalid_request', message: 'send the export parameters as a JSON object' },
        400,
      );
    const auth = await authorised(c);
    if ('response' in auth) return auth.response;
    const forwarded = { ...body };
    delete forwarded.access_token; // the session's token is the only credential that goes out
    forwarded.callback ??= options.callbackUrl ?? `${c.get('origin')}${own(c, '/export-callback')}`;
    const response = await apiCall(
      options,
      plannerBases(c, options),
      auth.token,
      'POST',
      `/projects/${c.req.param('id')}/export.json`,
      forwarded,
    );
    if (response.status === 403) {
      await response.body?.cancel();
      return after403(c, auth.session, auth.token);
    }
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!answer)
      return c.json(
        { error: 'planner_unavailable', message: `the planner answered ${response.status} without JSON` },
        502,
      );
    if (response.ok && typeof answer.export_id === 'number') {
      auth.session.exports = [...auth.session.exports.slice(-199), answer.export_id];
      await sessions.save(auth.session);
    }
    return c.json(answer, response.status as 200);
  });

  app.post('/export-callback', (c) => receiveCallback(c, options));

  const exportAccess = async (c: Context<PartnerEnv>): Promise<{ id: number } | { response: Response }> => {
    const id = Number(c.req.param('id'));
    const session = await sessions.current(c);
    if (!session) return { response: loginRequired(c) };
    if (!(await sessionOwnsExport(c, options, sessions, session, id)))
      return {
        response: c.json({ error: 'unknown_export', message: 'no such export for this session' }, 404),
      };
    return { id };
  };

  app.get('/exports/:id{[0-9]+}/status', async (c) => {
    c.header('Cache-Control', 'no-store');
    const access = await exportAccess(c);
    if ('response' in access) return access.response;
    return c.json(await exportStatus(options, access.id));
  });

  app.get('/exports/:id{[0-9]+}/events', async (c) => {
    const access = await exportAccess(c);
    if ('response' in access) return access.response;
    return exportEvents(c, options, access.id);
  });

  app.onError((error, c) => {
    if (error instanceof NotConfigured)
      return c.json(
        { error: 'not_configured', message: 'the partner back end has no planning service configured' },
        500,
      );
    // fetch() fails with a TypeError on network errors, a DOMException on timeouts
    if (error instanceof TypeError || (error instanceof DOMException && /Timeout|Abort/.test(error.name)))
      return c.json(
        { error: 'planner_unavailable', message: 'the planning service could not be reached' },
        502,
      );
    console.error('partner back end:', error);
    return c.json({ error: 'internal_error', message: 'something went wrong in the partner back end' }, 500);
  });

  return app;
}

export type { ResolvedPartnerOptions };
