/**
 * Document 1 in the emulator, mounted at /planning:
 *   /planning/api/v2/...          the JSON API v2 (projects, export, exports)
 *   /planning/oauth/...           OAuth 2.0 authorize, token, revoke
 *   /planning/files/:token/:name  the files exports produce (unguessable URLs, no authentication)
 *   /planning/editor/:id          what a project token's editor_url opens (a small stand-in page)
 *   /planning/media/:token/:name  the media images uploaded to projects
 *   /planning/emulator/...        test hooks: expire tokens, the email outbox, reset
 * Configuration: server/emulator/planning/domain/config.ts (environment). Choices: docs/emulator-planning.md.
 */
import { Hono } from 'hono';
import type { ResolvedEmulatorOptions } from '../options.ts';
import { type PlanningConfig, planningConfigFromEnv } from './domain/config.ts';
import { PlanningState } from './domain/state.ts';
import { editorRoutes, fileRoutes } from './routes/file-routes.ts';
import { hookRoutes } from './routes/hooks.ts';
import { mediaFileRoutes } from './routes/media.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { v2App } from './routes/v2-app.ts';

export interface PlanningApp extends Hono {
  /** The emulator's memory, for in-process tests and tools. */
  planning?: PlanningState;
}

export function createPlanning(
  options: ResolvedEmulatorOptions,
  config: PlanningConfig = planningConfigFromEnv(),
): PlanningApp {
  const state = new PlanningState(config, options.seed, options.realdataDir);
  const app: PlanningApp = new Hono();
  app.planning = state;
  app.route('/oauth', oauthRoutes(state));
  app.route('/api/v2', v2App(state));
  app.route('/files', fileRoutes(state));
  app.route('/editor', editorRoutes(state));
  app.route('/media', mediaFileRoutes(state));
  app.route('/emulator', hookRoutes(state));
  // unknown paths under /planning answer JSON, as the service's errors do (a mounted app's notFound
  // is not consulted by the parent, so a last catch-all route does it)
  app.all('*', (c) => c.json({ status: 404, error: 'Not Found' }, 404));
  return app;
}
