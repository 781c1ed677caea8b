/**
 * The JSON API v2 root (/planning/api/v2): every request is authenticated first (section 5); the
 * parsed parameters and the caller travel in the context to the operations of the route table
 * (v2-routes.ts), registered in its order.
 */
import { Hono, type Context } from 'hono';
import type { PlanningState } from '../domain/state.ts';
import type { ApiApp, ApiEnv } from './api-env.ts';
import { authenticate, forbidden } from './auth.ts';
import { bodyParams } from './request-params.ts';
import { type Method, V2_ROUTES } from './v2-routes.ts';

/**
 * Section 7: template create, update and destroy and room type set destroy refuse with
 * `{"status":"forbidden"}`, also when the credentials are what is wrong.
 */
function statusForbidden(method: string, path: string): boolean {
  if (/\/templates(?:\.json|\/[^/]+)$/.test(path)) return method !== 'GET';
  return (
    (method === 'DELETE' && /\/room_type_sets\/[^/]+$/.test(path)) ||
    (method === 'POST' && /\/room_type_sets\/\d+\/destroy\.json$/.test(path))
  );
}

export function v2App(state: PlanningState): ApiApp {
  const app: ApiApp = new Hono<ApiEnv>();
  app.use('*', async (c, next) => {
    // FML bodies (import, FML design create/update, a project update as FML) are read by their route
    const xml = (c.req.header('content-type') ?? '').toLowerCase().includes('xml');
    const params = xml ? {} : await bodyParams(c);
    if (params === null)
      return c.json(
        {
          error: 'invalid parameters specified',
          details: ['body: could not be read as JSON or form fields'],
        },
        422,
      );
    const caller = authenticate(c, state, params);
    if (!caller)
      return statusForbidden(c.req.method, c.req.path) ? c.json({ status: 'forbidden' }, 403) : forbidden(c);
    c.set('caller', caller);
    c.set('params', params);
    await next();
  });
  // in the table's order, which is a contract (v2-routes.ts)
  for (const route of V2_ROUTES)
    app.on(route.methods as Method[], route.path, (c) => route.handler(c as Context<ApiEnv>, state));
  app.notFound((c) => c.json({ status: 404, error: 'Not Found' }, 404));
  app.all('*', (c) => c.json({ status: 404, error: 'Not Found' }, 404));
  return app;
}
