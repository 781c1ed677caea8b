/**
 * The embedded stand-in for the services, as one Hono app:
 *   /room-styling/...        Document 3 (room-styling REST API)
 *   /planning/api/v2/...     Document 1 (planning JSON API v2), OAuth under /planning/oauth/...
 *   /emulator/...            test hooks (request log, fault injection), see control.ts
 * It runs standalone (`npm run emulator`), inside the Vite dev server (`npm start`) and inside the
 * browser test runner, always on the same code.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { controlMiddleware, controlRoutes, EmulatorControl } from './control.ts';
import { resolveOptions, type EmulatorOptions, type ResolvedEmulatorOptions } from './options.ts';
import { createRoomStyling } from './room-styling/routes.ts';
import { createPlanning } from './planning/routes.ts';

export interface Emulator {
  app: Hono;
  control: EmulatorControl;
  options: ResolvedEmulatorOptions;
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const resolved = resolveOptions(options);
  const control = new EmulatorControl();
  const app = new Hono();
  app.use('/room-styling/*', cors({ origin: '*', exposeHeaders: ['Content-Length'] }));
  app.use('/planning/api/*', cors({ origin: (o) => o, credentials: true }));
  // Whatever escapes a handler (a defect, not a request the emulator refuses) answers JSON, as the
  // services' errors do, and is logged; Hono's default would be a text/plain 500.
  app.onError((error, c) => {
    console.error('emulator:', error);
    return c.json({ error: 'Internal error in the emulator' }, 500);
  });
  app.use('*', controlMiddleware(control));
  app.route('/emulator', controlRoutes(control));
  app.route('/room-styling', createRoomStyling(resolved));
  app.route('/planning', createPlanning(resolved));
  return { app, control, options: resolved };
}
