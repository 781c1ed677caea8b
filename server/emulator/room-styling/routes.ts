import { Hono } from 'hono';
import type { ResolvedEmulatorOptions } from '../options.ts';

/** Document 3 (being built: see issue 2). */
export function createRoomStyling(_options: ResolvedEmulatorOptions): Hono {
  const app = new Hono();
  return app;
}
