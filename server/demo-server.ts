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
  app.route('/partner', createPartner({}));
  app.route('/', emulator.app);
  return { ...emulator, app };
}
