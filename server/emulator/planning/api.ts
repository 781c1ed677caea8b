/**
 * The JSON API v2 root (/planning/api/v2): every request is authenticated first (section 5); the
 * parsed parameters and the caller travel in the context to the operations.
 */
import { Hono } from 'hono';
import { authenticate, forbidden, type Caller } from './auth.ts';
import { exportRoutes } from './exports.ts';
import { projectRoutes } from './projects.ts';
import { bodyParams } from './request-params.ts';
import type { PlanningState } from './state.ts';

export type ApiEnv = { Variables: { caller: Caller; params: Record<string, unknown> } };
export type ApiApp = Hono<ApiEnv>;

export function apiRoutes(state: PlanningState): ApiApp {
  const app: ApiApp = new Hono<ApiEnv>();
  app.use('*', async (c, next) => {
    const params = await bodyParams(c);
    if (params === null)
      return c.json(
        {
          error: 'invalid parameters specified',
          details: ['body: could not be read as JSON or form fields'],
        },
        422,
      );
    const caller = authenticate(c, state, params);
    if (!caller) return forbidden(c);
    c.set('caller', caller);
    c.set('params', params);
    await next();
  });
  projectRoutes(app, state);
  exportRoutes(app, state);
  app.notFound((c) => c.json({ status: 404, error: 'Not Found' }, 404));
  return app;
}
