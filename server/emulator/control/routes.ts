/**
 * `/emulator/...`: read the request log, arm and clear faults, reset. Only the emulator honours these;
 * state-changing calls only as JSON from the same origin (same-origin.ts).
 *
 *   GET    /requests?path=<prefix>&since=<seq>&limit=<n>   one page of the log, oldest first; when more
 *                                                          match, X-Emulator-Next-Since: the next `since`
 *   DELETE /requests                                       clear the log
 *   POST   /faults   {"match": "/prefix", …}                arm a fault (400 bad, 409 when full)
 *   GET    /faults, DELETE /faults                         list / clear the armed faults
 *   POST   /reset                                          clear log and faults
 */
import { Hono } from 'hono';
import type { EmulatorControl } from './emulator-control.ts';
import { MAX_ARMED_FAULTS, readFaultSpec } from './faults.ts';
import { sameOriginJson } from './same-origin.ts';

/** A non-negative integer query value, else undefined. */
const count = (value: string | undefined) => {
  const n = Number(value);
  return value !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

export function controlRoutes(control: EmulatorControl): Hono {
  const app = new Hono();
  app.use('*', sameOriginJson);
  app.get('/requests', (c) => {
    const page = control.log.list({
      prefix: c.req.query('path') || undefined,
      since: count(c.req.query('since')),
      limit: count(c.req.query('limit')),
    });
    if (page.nextSince !== undefined) c.header('X-Emulator-Next-Since', String(page.nextSince));
    return c.body(page.json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  app.delete('/requests', (c) => {
    control.log.clear();
    return c.json({});
  });
  app.post('/faults', async (c) => {
    const spec = readFaultSpec(await c.req.json().catch(() => null));
    if ('error' in spec) return c.json({ error: spec.error }, 400);
    const armed = control.faults.arm(spec);
    if (!armed)
      return c.json(
        { error: `at most ${MAX_ARMED_FAULTS} faults are armed at once: DELETE /emulator/faults first` },
        409,
      );
    return c.json(armed, 201);
  });
  app.get('/faults', (c) => c.json(control.faults.list()));
  app.delete('/faults', (c) => {
    control.faults.clear();
    return c.json({});
  });
  app.post('/reset', (c) => {
    control.reset();
    return c.json({});
  });
  return app;
}
