/**
 * What a signed-in page reaches the planner with:
 *   POST /token                            token mode: {"project_id": n} → {access_token, expires_in, planner_base}
 *   POST /proxy/projects/:id/export.json   proxy mode: the export made with the session's token
 */
import type { Context, Hono } from 'hono';
import { buildExportRequest } from '../../../src/api/planning/export-request.ts';
import { exportProject } from '../../../src/api/planning/exports.ts';
import { showProject } from '../../../src/api/planning/projects.ts';
import type { ApiError } from '../../../src/api/http.ts';
import { wantsFresh } from '../access-cache.ts';
import { clientGone, own, type PartnerEnv } from '../context.ts';
import { rejectCrossSite } from '../guards.ts';
import { isPrivateHost } from '../options.ts';
import { MAX_SESSION_EXPORTS, type PartnerParts } from '../parts.ts';
import { NotConfigured, plannerBases, plannerContext, plannerStatus } from '../planner.ts';
import { after403, authorised, mine, plannerUnavailable } from './replies.ts';

export function accessRoutes(app: Hono<PartnerEnv>, parts: PartnerParts): void {
  const { options, sessions, gate, access } = parts;

  app.post('/token', async (c) => {
    const rejected = rejectCrossSite(c, options, true);
    if (rejected) return rejected;
    c.header('Cache-Control', 'no-store');
    const body = (await c.req.json().catch(() => null)) as { project_id?: unknown } | null;
    const projectId = body?.project_id;
    if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId) || projectId < 1)
      return c.json({ error: 'invalid_request', message: 'send {"project_id": <positive integer>}' }, 400);
    const auth = await authorised(parts, c);
    if ('response' in auth) return auth.response;
    // the token is handed out only for a project the user can reach, and only while the planner
    // accepts it: asked at most once per accessCacheTtl per token and project (access-cache.ts), and
    // when the request wants a fresh answer (the button's retry after the planner refused), at most
    // once per forcedCheckInterval
    const bases = plannerBases(c, options);
    const planner = bases.apiBase;
    const fresh = wantsFresh(c.req.header('cache-control'), c.req.header('pragma'));
    if (fresh) access.forgetForced(planner, auth.token, projectId);
    if (!access.has(planner, auth.token, projectId)) {
      try {
        const ctx = plannerContext(options, bases, auth.token, clientGone(c));
        await gate.run(() => showProject(ctx, projectId), mine(c, auth.session));
      } catch (error) {
        const status = plannerStatus(error);
        if (status === 403 || status === 401) return after403(parts, c, auth.session, auth.token);
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
   * May a page name `callback`? Email addresses yes (the planner mails them); URLs only when they are
   * exactly the partner's own callback or one of PARTNER_CALLBACK_URLS: not any path on an allowed
   * origin (issue 34: in the demo a page's callback reset the emulator on the partner's own origin).
   */
  const callbackAllowed = (callback: string, ownCallback: string) => {
    if (!/^https?:/i.test(callback)) return true;
    let href: string;
    try {
      href = new URL(callback).href;
    } catch {
      return false;
    }
    return href === new URL(ownCallback).href || options.callbackUrls.includes(href);
  };

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
    const auth = await authorised(parts, c);
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
    if (request.callback !== undefined && !callbackAllowed(request.callback, ownCallback))
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
      const outcome = await gate.run(
        () => exportProject(ctx, Number(c.req.param('id')), request),
        mine(c, auth.session),
      );
      exportId = outcome.exportId;
      const ids = exportId === undefined ? {} : { export_id: exportId };
      answer =
        outcome.kind === 'files'
          ? { ...ids, project: outcome.result.project, design: outcome.result.design }
          : { ...(outcome.body && typeof outcome.body === 'object' ? outcome.body : {}), ...ids };
    } catch (error) {
      const status = plannerStatus(error);
      if (status === 403 || status === 401) return after403(parts, c, auth.session, auth.token);
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
}
