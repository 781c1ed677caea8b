/**
 * The reference partner back end: what a partner deploys beside its pages so `<project-export-button>`
 * can export plans from a page that holds no secret. A Hono app using only Web APIs (fetch, Web
 * Crypto, streams), so it runs on Node, Deno, Bun, Cloudflare Workers and other edge runtimes.
 *
 * The routes live in modules by job, like the emulator's:
 *   routes/sign-in.ts   /login, /session, /oauth/start, /oauth/callback, /oauth/revoke
 *   routes/access.ts    /token (token mode), /proxy/projects/:id/export.json (proxy mode)
 *   routes/exports.ts   /export-callback(-xml), /exports/:id/status, /exports/:id/events
 *   routes/uploads.ts   /uploads: a model file kept a few minutes under an unguessable URL (AR)
 *   routes/tour.ts      /projects/:id/tour.json: a project's FML and exported panoramas for <room-tour>
 * This file makes the per-instance parts they share (parts.ts), the middleware every request passes
 * and the error answers (errors.ts). Paths are relative to where it is mounted (/partner in the
 * demo). Configuration: options.ts and docs/partner.md.
 *
 * Bounded against hostile volume: every body is capped as it arrives (body-limit.ts), a session
 * exists only after a completed login (session.ts), the store is bounded per kind of entry
 * (store.ts), event streams are capped per session and in total, callbacks must be fresh and new.
 * Every call to the planner goes through the package's planning client (planner.ts).
 */
import { Hono } from 'hono';
import { AccessCache } from './access-cache.ts';
import { BodyBudget, limitBodies } from './body-limit.ts';
import { where, type PartnerEnv } from './context.ts';
import { partnerErrors } from './errors.ts';
import { ExportNotifier, StreamCounter } from './export-results.ts';
import { resolvePartnerOptions, type PartnerOptions, type ResolvedPartnerOptions } from './options.ts';
import type { PartnerParts } from './parts.ts';
import { PlannerGate } from './planner.ts';
import { accessRoutes } from './routes/access.ts';
import { exportRoutes } from './routes/exports.ts';
import { signInRoutes } from './routes/sign-in.ts';
import { tourRoutes } from './routes/tour.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { Sessions } from './session.ts';

export type { PartnerOptions } from './options.ts';
export { MemoryStore, type PartnerStore } from './store.ts';

export function createPartner(partnerOptions: PartnerOptions = {}): Hono<PartnerEnv> {
  const options = resolvePartnerOptions(partnerOptions);
  const parts: PartnerParts = {
    options,
    sessions: new Sessions(options),
    notifier: new ExportNotifier(options.store),
    streams: new StreamCounter(options.maxStreams, options.maxStreamsPerSession),
    gate: new PlannerGate({
      max: options.maxPlannerCalls,
      perOwner: options.maxPlannerCallsPerSession,
      queueMs: options.plannerQueueMs,
      queueLength: 4 * options.maxPlannerCalls,
    }),
    access: new AccessCache(options.accessCacheTtl, options.accessCacheEntries, options.forcedCheckInterval),
  };
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

  signInRoutes(app, parts);
  accessRoutes(app, parts);
  exportRoutes(app, parts);
  uploadRoutes(app, parts);
  // <room-tour>'s project from the planner's own panorama export (issue 38)
  tourRoutes(app, parts);
  app.onError(partnerErrors());
  return app;
}

export type { ResolvedPartnerOptions };
