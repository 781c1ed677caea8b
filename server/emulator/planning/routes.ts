import { Hono } from 'hono';
import type { ResolvedEmulatorOptions } from '../options.ts';

/** Document 1 (being built: see issue 6). */
export function createPlanning(_options: ResolvedEmulatorOptions): Hono {
  const app = new Hono();
  return app;
}
