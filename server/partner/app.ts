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
 *   POST /token                     token mode: {"project_id": n} → {access_token, expires_in, planner_base}
 *   POST /proxy/projects/:id/export.json   proxy mode: the export made with the session's token
 *   POST /export-callback           receiver of the planner's export callback (signed)
 *   GET  /exports/:id/status        {export_id, status: pending|ready, result?}
 *   GET  /exports/:id/events        the same as server-sent events
 * Paths are relative to where it is mounted (/partner in the demo). Configuration: options.ts and
 * docs/partner.md.
 *
 * Bounded against hostile volume: every body is capped as it arrives (body-limit.ts), a session
 * exists only after a completed login (session.ts), the store is bounded per kind of entry
 * (store.ts), event streams are capped per session and in total, callbacks must be fresh and new.
 * Every call to the planner goes through the package's planning client (planner.ts).
 */
import { Hono, type Context } from 'hono';
import { buildExportRequest } from '../../src/api/planning/export-request.ts';
import { exportProject, showExport } from '../../src/api/planning/exports.ts';
import { authorizeUrl } from '../../src/api/planning/oauth.ts';
import { listProjects, showProject } from '../../src/api/planning/projects.ts';
import { ApiError } from '../../src/api/http.ts';
import { AccessCache, wantsFresh } from './access-cache.ts';
import { BodyBudget, limitBodies } from './body-limit.ts';
import { clientGone, own, safeReturnPath, where, type PartnerEnv } from './context.ts';
import {
  EXPORT_READY,
  exportEvents,
  ExportNotifier,
  exportStatus,
  isUrlList,
  receiveCallback,
  storeResult,
  StreamCounter,
  type ResultMap,
} from './export-results.ts';
import { rejectCrossSite } from './guards.ts';
import { resolvePartnerOptions, type PartnerOptions, type ResolvedPartnerOptions } from './options.ts';
import { loginPage, problemPage, text } from './pages.ts';
import { PendingLogins } from './pending-logins.ts';
import {
  exchangeCode,
  NotConfigured,
  PlannerBusy,
  PlannerGate,
  plannerBases,
  plannerContext,
  plannerStatus,
  revokeToken,
} from './planner.ts';
import { isLoopbackHost, isPrivateHost } from './options.ts';
import { LOGIN_TTL, randomId, Sessions, type Session } from './session.ts';
import { StoreUnavailable } from './store.ts';
import { xmlExportCallback } from './xml-callback.ts';

export type { PartnerOptions } from './options.ts';
export { MemoryStore, type PartnerStore } from './store.ts';

/** A sign-in under way: kept under `state:<state>`, apart from sessions, for LOGIN_TTL seconds. */
interface PendingLogin {
  /** The login cookie of the browser that started it. */
  binding: string;
  returnTo: string;
  redirectUri: string;
}

/** Exports a session remembers as its own (the newest). */
const MAX_SESSION_EXPORTS = 200;

export function createPartner(partnerOptions: PartnerOptions = {}): Hono<PartnerEnv> {
  const options = resolvePartnerOptions(partnerOptions);
  const sessions = new Sessions(options);
  const notifier = new ExportNotifier(options.store);
  const streams = new StreamCounter(options.maxStreams, options.maxStreamsPerSession);
  const gate = new PlannerGate(options.maxPlannerCalls);
  const pendingLogins = new PendingLogins(
    options.maxPendingLogins,
    options.maxPendingLoginsPerClient,
    LOGIN_TTL * 1000,
  );
  const storeTrouble = new OneLinePerInterval(10_000);
  const access = new AccessCache(options.accessCacheTtl, options.accessCacheEntries);
  const app = new Hono<PartnerEnv>();
  app.use('*', where);
  // a planner call made for a browser ends when the browser goes away (the signal is taken from the
  // request as the server made it, whatever a middleware puts in c.req.raw later)
  app.use('*', async (c, next) => {
    c.set('clientRequest', c.req.raw);
    await next();
  });
  app.use('*', async (c, next) => {
    await next();
    c.header('Vary', 'Origin, Cookie', { append: true });
  });
  // every body capped alone by its route, and all of them together by maxBufferedBodyBytes
  app.use('*', limitBodies(options.bodyTimeout, undefined, new BodyBudget(options.maxBufferedBodyBytes)));

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
  const plannerUnavailable = (c: Context<PartnerEnv>, status: number) =>
    c.json(
      {
        error: 'planner_unavailable',
        message: status ? `the planner answered ${status}` : 'the planning service could not be reached',
      },
      502,
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
    const redirectUri = options.redirectUri ?? derivedRedirectUri(c);
    // no session yet: only a short-lived state, bound to this browser's login cookie; counted, so a
    // flood is refused here (429) instead of pushing out the states of sign-ins under way
    const state = randomId();
    const counted = pendingLogins.add(state, options.clientAddress(c));
    if (counted !== true) {
      c.header('Retry-After', String(counted === 'client' ? 60 : pendingLogins.retryAfter()));
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          error: 'too_many_sign_ins',
          message:
            counted === 'client'
              ? 'too many sign-ins started from this address; finish one or try again in a minute'
              : 'too many sign-ins are under way; try again shortly',
        },
        429,
      );
    }
    const pending: PendingLogin = {
      binding: sessions.loginBinding(c),
      returnTo: safeReturnPath(c.req.query('return_to'), own(c, '/login')),
      redirectUri,
    };
    try {
      await options.store.set(`state:${state}`, pending, LOGIN_TTL);
    } catch (error) {
      pendingLogins.remove(state);
      throw error;
    }
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
    const pending = stateParam ? await options.store.get<PendingLogin>(`state:${stateParam}`) : undefined;
    // the state must be one this browser started: otherwise someone else's code is being slipped in
    if (!pending || !binding || pending.binding !== binding)
      return problemPage(c, text(c, 'badState'), 400, retry);
    await options.store.delete(`state:${stateParam}`);
    pendingLogins.remove(stateParam);
    const retryHere = `${retry}?return_to=${encodeURIComponent(pending.returnTo)}`;
    if (c.req.query('error'))
      return problemPage(c, text(c, 'denied', { error: c.req.query('error')! }), 400, retryHere);
    const code = c.req.query('code');
    if (!code) return problemPage(c, text(c, 'noCode'), 400, retryHere);
    const bases = plannerBases(c, options);
    const exchanged = await gate.run(() =>
      exchangeCode(options, bases, code, pending.redirectUri, clientGone(c)),
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
      revoked = await gate.run(() => revokeToken(options, bases, token, clientGone(c)));
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

  /** The session with a live token, or the response to send instead. */
  const authorised = async (
    c: Context<PartnerEnv>,
  ): Promise<{ session: Session; token: string } | { response: Response }> => {
    const session = await sessions.current(c);
    const token = await sessions.liveToken(session);
    if (!session || !token) return { response: loginRequired(c) };
    return { session, token: token.accessToken };
  };

  /**
   * A 403 from the planner: a dead token (forget the session, ask for login) or a project that is
   * not the user's. The project list answers 403 only for bad credentials.
   */
  const after403 = async (c: Context<PartnerEnv>, session: Session, token: string) => {
    // whatever the reason, no remembered "yes" for this token stands any more
    access.forgetToken(token);
    const ctx = plannerContext(options, plannerBases(c, options), token, clientGone(c));
    const dead = await gate
      .run(() => listProjects(ctx, { per_page: 1 }))
      .then(
        () => false,
        (error: unknown) => [401, 403].includes(plannerStatus(error)),
      );
    if (dead) {
      await sessions.end(c, session);
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
    // the token is handed out only for a project the user can reach, and only while the planner
    // accepts it: asked at most once per accessCacheTtl per token and project (access-cache.ts), and
    // always when the request wants a fresh answer (the button's retry after the planner refused)
    const bases = plannerBases(c, options);
    const planner = bases.apiBase;
    const fresh = wantsFresh(c.req.header('cache-control'), c.req.header('pragma'));
    if (fresh) access.forget(planner, auth.token, projectId);
    if (!access.has(planner, auth.token, projectId)) {
      try {
        const ctx = plannerContext(options, bases, auth.token, clientGone(c));
        await gate.run(() => showProject(ctx, projectId));
      } catch (error) {
        const status = plannerStatus(error);
        if (status === 403 || status === 401) return after403(c, auth.session, auth.token);
        if (status === 404) return c.json({ error: 'project_not_found', message: 'no such project' }, 404);
        return plannerUnavailable(c, status);
      }
      access.allow(planner, auth.token, projectId);
    }
    const token = auth.session.token!;
    return c.json({
      access_token: token.accessToken,
      expires_in: Math.floor((token.expiresAt - Date.now()) / 1000),
      // the planner this token belongs to: the button sends it there and nowhere else the page did not trust
      planner_base: bases.apiBase,
    });
  });

  app.post('/proxy/projects/:id{[0-9]+}/export.json', async (c) => {
    const rejected = rejectCrossSite(c, options, true);
    if (rejected) return rejected;
    c.header('Cache-Control', 'no-store');
    const input = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!input || typeof input !== 'object' || Array.isArray(input))
      return c.json(
        { error: 'invalid_request', message: 'send the export parameters as a JSON object' },
        400,
      );
    const auth = await authorised(c);
    if ('response' in auth) return auth.response;
    delete input.access_token; // the session's token is the only credential that goes out
    // the same checks as the button's: an invalid request is answered here and never forwarded
    const built = buildExportRequest(input, { requireCallback: false });
    if (!built.ok)
      return c.json(
        { error: 'invalid parameters specified', details: built.errors, issues: built.issues },
        422,
      );
    const request = { ...built.body };
    const ownCallback = options.callbackUrl ?? derivedCallback(c);
    // the planner posts to the callback from its side: only targets this partner vouches for, never
    // a page's choice of a loopback or private address
    if (request.callback !== undefined && !callbackAllowed(c, request.callback, ownCallback))
      return c.json(
        {
          error: 'invalid parameters specified',
          details: ['callback: not a callback target this partner allows (leave it out to use its own)'],
          issues: [{ path: 'callback', code: 'callback-target' }],
        },
        422,
      );
    request.callback ??= ownCallback;
    const ctx = plannerContext(options, plannerBases(c, options), auth.token, clientGone(c));
    let answer: Record<string, unknown>;
    let exportId: number | undefined;
    try {
      const outcome = await gate.run(() => exportProject(ctx, Number(c.req.param('id')), request));
      exportId = outcome.exportId;
      const ids = exportId === undefined ? {} : { export_id: exportId };
      answer =
        outcome.kind === 'files'
          ? { ...ids, project: outcome.result.project, design: outcome.result.design }
          : { ...(outcome.body && typeof outcome.body === 'object' ? outcome.body : {}), ...ids };
    } catch (error) {
      const status = plannerStatus(error);
      if (status === 403 || status === 401) return after403(c, auth.session, auth.token);
      const body = (error as ApiError).body;
      // the planner's refusal (422 with details, 404, ...) passes through as it said it
      if (status >= 400 && status < 500 && body && typeof body === 'object')
        return c.json(body as Record<string, unknown>, status as 422);
      return plannerUnavailable(c, status);
    }
    if (exportId !== undefined) {
      auth.session.exports = [...auth.session.exports.slice(1 - MAX_SESSION_EXPORTS), exportId];
      await sessions.save(auth.session);
    }
    return c.json(answer);
  });

  app.post('/export-callback', (c) => receiveCallback(c, options));
  // the legacy XML API's callback (xml-callback.ts): stored under the same key, and announced the
  // same way, so /exports/:id/status and /events serve it too
  app.route(
    '/export-callback-xml',
    xmlExportCallback({
      store: {
        async set(key, value, ttl) {
          await options.store.set(key, value, ttl);
          if (key.startsWith('export:')) await options.store.publish?.(EXPORT_READY, key.slice(7));
        },
      },
      secrets: () => options.callbackKeys,
      // one window and one replay guard for both callbacks, shared by every instance on the store
      maxAge: options.callbackMaxAge,
      replayStore: options.store,
    }),
  );

  /**
   * May this session see export `id`? Yes when it made it through the proxy, or when the planning
   * service shows that export to the session's token (GET /exports/:id.json answers only the owner).
   */
  const exportAccess = async (
    c: Context<PartnerEnv>,
  ): Promise<{ id: number; session: Session } | { response: Response }> => {
    const id = Number(c.req.param('id'));
    const session = await sessions.current(c);
    if (!session) return { response: loginRequired(c) };
    const unknown = () => ({
      response: c.json({ error: 'unknown_export', message: 'no such export for this session' }, 404),
    });
    if (!Number.isSafeInteger(id) || id < 1) return unknown();
    if (session.exports.includes(id)) return { id, session };
    const token = await sessions.liveToken(session);
    if (!token) return unknown();
    try {
      const ctx = plannerContext(options, plannerBases(c, options), token.accessToken, clientGone(c));
      await gate.run(() => showExport(ctx, id));
    } catch (error) {
      if (error instanceof PlannerBusy) throw error;
      plannerStatus(error);
      return unknown();
    }
    session.exports = [...session.exports.slice(1 - MAX_SESSION_EXPORTS), id];
    await sessions.save(session);
    return { id, session };
  };

  app.get('/exports/:id{[0-9]+}/status', async (c) => {
    c.header('Cache-Control', 'no-store');
    const access = await exportAccess(c);
    if ('response' in access) return access.response;
    const status = await exportStatus(options, access.id);
    if (status.status === 'ready') return c.json(status);
    // no callback yet: it may have been lost (this partner or its store away while the planner
    // retried); the planner's own record of the export says whether it is done
    const fetched = await resultFromPlanner(c, access.session, access.id);
    return c.json(fetched ?? status);
  });

  app.get('/exports/:id{[0-9]+}/events', async (c) => {
    const access = await exportAccess(c);
    if ('response' in access) return access.response;
    const release = streams.acquire(access.session.id);
    if (release === 'session' || release === 'total') {
      c.header('Retry-After', '5');
      return release === 'session'
        ? c.json({ error: 'too_many_streams', message: 'this session has too many event streams open' }, 429)
        : c.json({ error: 'busy', message: 'too many event streams are open; poll /status instead' }, 503);
    }
    try {
      return await exportEvents(c, options, notifier, release, access.id);
    } catch (error) {
      release();
      throw error;
    }
  });

  app.onError((error, c) => {
    if (error instanceof StoreUnavailable) {
      storeTrouble.log(() => `partner back end: the store is unavailable (${error.message}); answering 503`);
      c.header('Retry-After', '2');
      return c.json(
        {
          error: 'store_unavailable',
          message: 'sessions cannot be reached for a moment; try again in a few seconds',
        },
        503,
      );
    }
    if (error instanceof PlannerBusy) {
      c.header('Retry-After', '2');
      return c.json(
        { error: 'busy', message: 'too many calls to the planning service are under way; try again shortly' },
        503,
      );
    }
    if (error instanceof NotConfigured)
      return c.json(
        { error: 'not_configured', message: 'the partner back end has no planning service configured' },
        500,
      );
    // the client's network failures and timeouts (status 0), answers that are not JSON; a bare
    // fetch fails with a TypeError on network errors, a DOMException on timeouts
    if (
      (error instanceof ApiError && (error.status === 0 || error.kind === 'invalid')) ||
      error instanceof TypeError ||
      (error instanceof DOMException && /Timeout|Abort/.test(error.name))
    )
      return plannerUnavailable(c, 0);
    console.error('partner back end:', error);
    return c.json({ error: 'internal_error', message: 'something went wrong in the partner back end' }, 500);
  });

  /** When each pending export was last looked up at the planner (at most once per 5 s, bounded). */
  const lookedUp = new Map<number, number>();
  /**
   * A pending export's result from the planner's record (GET /exports/:id.json with the session's
   * token), kept as a callback would have been; undefined when not done, not reachable or asked
   * too recently.
   */
  const resultFromPlanner = async (c: Context<PartnerEnv>, session: Session, id: number) => {
    const now = Date.now();
    if (now - (lookedUp.get(id) ?? 0) < 5000) return undefined;
    lookedUp.delete(id);
    lookedUp.set(id, now);
    if (lookedUp.size > 10_000) lookedUp.delete(lookedUp.keys().next().value!);
    const token = await sessions.liveToken(session);
    if (!token) return undefined;
    const ctx = plannerContext(options, plannerBases(c, options), token.accessToken, clientGone(c));
    const record = await gate.run(() => showExport(ctx, id)).catch(() => undefined);
    const result = record?.result as Partial<ResultMap> | undefined;
    if (record?.status !== 'done' || !result || !isUrlList(result.project) || !isUrlList(result.design))
      return undefined;
    const received = {
      export_id: id,
      project_id: typeof record.project_id === 'number' ? record.project_id : null,
      result: { project: result.project, design: result.design },
      received_at: new Date().toISOString(),
    };
    await storeResult(options, received);
    return {
      export_id: id,
      status: 'ready' as const,
      result: received.result,
      received_at: received.received_at,
    };
  };

  /**
   * This app's /oauth/callback on the request's origin: only for the local emulator, and only on a
   * loopback host or in-process (the demo), since the origin comes from the Host header.
   */
  const derivedRedirectUri = (c: Context<PartnerEnv>) => {
    if (!options.fetch && !isLoopbackHost(new URL(c.req.url).hostname))
      throw new NotConfigured('set PARTNER_REDIRECT_URI');
    return `${c.get('origin')}${own(c, '/oauth/callback')}`;
  };

  /**
   * This app's /export-callback on the request's origin. That origin comes from the Host header: with
   * a real planner, one naming a loopback or private address is forged, and the planner must not be
   * sent there.
   */
  const derivedCallback = (c: Context<PartnerEnv>) => {
    if (!options.localPlanner && isPrivateHost(new URL(c.req.url).hostname))
      throw new NotConfigured('set PARTNER_CALLBACK_URL');
    return `${c.get('origin')}${own(c, '/export-callback')}`;
  };

  /**
   * May a page name `callback`? Email addresses yes (the planner mails them); URLs only on the origin
   * of the partner's own callback, of the allowed page origins, or of PARTNER_CALLBACK_ORIGINS.
   */
  const callbackAllowed = (c: Context<PartnerEnv>, callback: string, ownCallback: string) => {
    if (!/^https?:/i.test(callback)) return true;
    let origin: string;
    try {
      origin = new URL(callback).origin;
    } catch {
      return false;
    }
    const allowed = [
      new URL(ownCallback).origin,
      ...(options.allowedOrigins ?? []),
      ...options.callbackOrigins,
    ];
    return allowed.includes(origin);
  };

  return app;
}

/** Logs a line at most once per `intervalMs`, with how many were left out since the last one. */
class OneLinePerInterval {
  #last = 0;
  #skipped = 0;
  constructor(readonly intervalMs: number) {}

  log(line: () => string): void {
    const now = Date.now();
    if (now - this.#last < this.intervalMs) {
      this.#skipped++;
      return;
    }
    const skipped = this.#skipped ? ` (and ${this.#skipped} more since the last line)` : '';
    this.#last = now;
    this.#skipped = 0;
    console.error(line() + skipped);
  }
}

export type { ResolvedPartnerOptions };
