/**
 * The JSON API v2 root (/planning/api/v2): every request is authenticated first (section 5); the
 * parsed parameters and the caller travel in the context to the operations.
 */
import { Hono } from 'hono';
import { authenticate, forbidden, type Caller } from './auth.ts';
import { exportRoutes } from './exports.ts';
import { projectRoutes } from './projects.ts';
import { bodyParams } from './request-params.ts';
import { designRoutes } from './designs.ts';
import { mediaRoutes } from './media.ts';
import { permissionRoutes } from './permissions.ts';
import { projectOpRoutes } from './project-ops.ts';
import { roomTypeSetRoutes } from './room-type-sets.ts';
import { templateRoutes } from './templates.ts';
import { userRoutes } from './users.ts';
import type { PlanningState } from './state.ts';

export type ApiEnv = { Variables: { caller: Caller; params: Record<string, unknown> } };
export type ApiApp = Hono<ApiEnv>;

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

export function apiRoutes(state: PlanningState): ApiApp {
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
  // the specific paths first: projects.ts's /projects/:file would take search.json and import.json
  userRoutes(app, state);
  projectOpRoutes(app, state);
  permissionRoutes(app, state);
  mediaRoutes(app, state);
  designRoutes(app, state);
  roomTypeSetRoutes(app, state);
  templateRoutes(app, state);
  projectRoutes(app, state);
  exportRoutes(app, state);
  app.notFound((c) => c.json({ status: 404, error: 'Not Found' }, 404));
  app.all('*', (c) => c.json({ status: 404, error: 'Not Found' }, 404));
  return app;
}
