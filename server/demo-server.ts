/**
 * The server the demo and the tests use: the emulator plus the reference partner back end mounted
 * under /partner, on one origin, as a partner would deploy it beside their pages.
 */
import { Hono } from 'hono';
import { createEmulator, type Emulator } from './emulator/app.ts';
import type { EmulatorOptions } from './emulator/options.ts';
import { createPartner } from './partner/app.ts';

export interface DemoServer extends Emulator {
  /** The emulator and /partner together. */
  app: Hono;
}

export function createDemoServer(options: EmulatorOptions & { publicOrigin?: string } = {}): DemoServer {
  const emulator = createEmulator(options);
  const app = new Hono();
  const planning = options.publicOrigin ? `${options.publicOrigin.replace(/\/+$/, '')}/planning` : undefined;
  app.route(
    '/partner',
    createPartner({
      // The partner's server-side calls (code exchange, revoke, API) go straight to the emulator in
      // this process. Without a publicOrigin the planner's URLs follow the request's origin, which
      // is right in the dev server, the test runner and `npm run emulator` alike.
      fetch: async (request) => emulator.app.fetch(request),
      oauthBase: planning,
      apiBase: planning && `${planning}/api/v2`,
    }),
  );
  app.route('/', emulator.app);
  return { ...emulator, app };
}
