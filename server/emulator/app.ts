/**
 * The embedded stand-in for the services, as one Hono app:
 *   /room-styling/...        Document 3 (room-styling REST API)
 *   /planning/api/v2/...     Document 1 (planning JSON API v2), OAuth under /planning/oauth/...
 *   /emulator/...            test hooks (request log, fault injection), see control/
 * It runs standalone (`npm run emulator`), inside the Vite dev server (`npm start`) and inside the
 * browser test runner, always on the same code.
 */
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { EmulatorControl } from './control/emulator-control.ts';
import { controlMiddleware } from './control/middleware.ts';
import { controlRoutes } from './control/routes.ts';
import { sameOriginJson } from './control/same-origin.ts';
import { resolveOptions, type EmulatorOptions, type ResolvedEmulatorOptions } from './options.ts';
import { createRoomStyling } from './room-styling/routes.ts';
import { createPlanning, type PlanningApp } from './planning/app.ts';
import { createPlanningXml } from './planning-xml/routes.ts';
import { sweeper } from './planning/domain/sweep.ts';

/** Request bodies above this answer 413 (the largest real one, an export request, is a few kB). */
export const MAX_BODY_BYTES = 1024 * 1024;

const tooLarge = (c: Parameters<MiddlewareHandler>[0]) =>
  c.json({ error: `The body is larger than ${MAX_BODY_BYTES} bytes` }, 413);

/**
 * 413 for a body over MAX_BODY_BYTES. A declared length that is too large is read and dropped
 * (up to a bound) before the answer, so the client gets the 413 instead of a connection closed
 * in the middle of its upload; a body without a declared length is cut off where it exceeds.
 */
const refuseLargeBodies: MiddlewareHandler = async (c, next) => {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) {
    if (declared <= 16 * MAX_BODY_BYTES && c.req.raw.body) {
      const reader = c.req.raw.body.getReader();
      while (!(await reader.read()).done) {
        // dropped
      }
    }
    return tooLarge(c);
  }
  return bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })(c, next);
};

export interface Emulator {
  app: Hono;
  control: EmulatorControl;
  options: ResolvedEmulatorOptions;
  /** The planning emulator's memory (codes, tokens, projects), for in-process tests and tools. */
  planning?: PlanningApp['planning'];
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const resolved = resolveOptions(options);
  const control = new EmulatorControl();
  const app = new Hono();
  app.use('/room-styling/*', cors({ origin: '*', exposeHeaders: ['Content-Length'] }));
  // The v2 API authenticates by header (Bearer or Basic), never by cookie: any origin may call it, but
  // without credentials (reflecting the origin with credentials would let any site read cookie-bearing answers).
  app.use('/planning/api/*', cors({ origin: '*', exposeHeaders: ['Location', 'X-Total-Count'] }));
  // Whatever escapes a handler (a defect, not a request the emulator refuses) answers JSON, as the
  // services' errors do, and is logged; Hono's default would be a text/plain 500.
  app.onError((error, c) => {
    console.error('emulator:', error);
    return c.json({ error: 'Internal error in the emulator' }, 500);
  });
  // No operation takes a large body; a huge one would only fill memory and the request log.
  app.use('*', refuseLargeBodies);
  app.use('*', controlMiddleware(control));
  app.route('/emulator', controlRoutes(control));
  app.route('/room-styling', createRoomStyling(resolved));
  const planning = createPlanning(resolved);
  // expired OAuth codes and tokens are forgotten as requests come (at most every 30 s; no timer)
  const sweep = sweeper(() => planning.planning);
  app.use('/planning/*', async (_c, next) => {
    sweep();
    await next();
  });
  app.use('/planning/emulator/*', sameOriginJson);
  app.route('/planning', planning);
  app.route('/planning-xml', createPlanningXml(planning.planning!));
  return { app, control, options: resolved, planning: planning.planning };
}
