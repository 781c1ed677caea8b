/**
 * Document 2 (the planning service's legacy XML API) in the emulator, mounted at /planning-xml over
 * the same PlanningState as the v2 API (/planning): one service, two interfaces.
 *
 *   /planning-xml/users.xml ...           the operations of section 4 (see the table below)
 *   /planning-xml/published/:path         the page a published plan opens (no authentication)
 *   /planning-xml/drawings/:token/:name   drawings uploaded as file elements (no authentication)
 *
 * Every request: the format from the suffix (.xml, .embed; none for token, render and the exports),
 * a Content-Type header (415 without), HTTP Basic with a partner account's API key (401 / 403), the
 * route (404 / 405), the XML body (400). Choices: docs/emulator-planning-xml.md.
 */
import { Hono, type Context } from 'hono';
import type { PlanningState } from '../planning/domain/state.ts';
import { type PlanningXmlConfig, planningXmlConfigFromEnv } from './config.ts';
import { exportDesign, render3d, renderProject } from './exports.ts';
import type { Handler, Op } from './operation.ts';
import {
  copy,
  createProject,
  destroyProject,
  exportFml,
  listProjects,
  showProject,
  updateProject,
} from './projects.ts';
import { fail, failureResponse, type Format, XmlFailure } from './respond.ts';
import { collaborate, deliver, publish, publishedPages, unpublish } from './sharing.ts';
import { XmlSideTables } from './side-tables.ts';
import { createUser, destroyUser, listUsers, resetToken, showUser, updateUser } from './users.ts';
import { parseXmlBody } from './xml-read.ts';

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: string[];
  handler: Handler;
  /** The document writes these paths without a format: a suffix is optional. */
  formatOptional?: boolean;
}

const route = (method: Route['method'], path: string, handler: Handler, formatOptional = false): Route => ({
  method,
  pattern: path.split('/').filter(Boolean),
  handler,
  formatOptional,
});

const PROJECT_ROUTES: Route[] = [
  route('POST', 'projects', createProject),
  route('GET', 'projects', listProjects),
  route('GET', 'projects/:id', showProject),
  route('PUT', 'projects/:id', updateProject),
  route('POST', 'projects/:id/update', updateProject),
  route('DELETE', 'projects/:id', destroyProject),
  route('POST', 'projects/:id/destroy', destroyProject),
  route('GET', 'projects/:id/export', exportFml),
  route('POST', 'projects/:id/copy', copy),
  route('POST', 'projects/:id/deliver', deliver),
  route('POST', 'projects/:id/collaborate', collaborate),
  route('POST', 'projects/:id/configuration', publish),
  route('DELETE', 'projects/:id/configuration', unpublish),
  route('POST', 'projects/:id/render', renderProject, true),
  route('POST', 'projects/:pid/floors/:fid/designs/:id/export_render', render3d, true),
];

export const ROUTES: Route[] = [
  route('POST', 'users', createUser),
  route('GET', 'users', listUsers),
  route('GET', 'users/:id', showUser),
  route('PUT', 'users/:id', updateUser),
  route('POST', 'users/:id/update', updateUser),
  route('DELETE', 'users/:id', destroyUser),
  route('POST', 'users/:id/destroy', destroyUser),
  route('DELETE', 'users/:id/token', resetToken, true),
  ...PROJECT_ROUTES,
  // section 1.5: project calls scoped by user
  ...PROJECT_ROUTES.map((r) => ({ ...r, pattern: ['users', ':uid', ...r.pattern] })),
  route('POST', 'designs/:id/export', exportDesign, true),
];

function match(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const s = segments[i]!;
    if (p.startsWith(':')) {
      if (!s) return null;
      params[p.slice(1)] = s;
    } else if (p !== s) return null;
  }
  return params;
}

/** Splits the format suffix off the last segment: `12.xml` → xml; `.json` is refused later. */
function splitFormat(path: string): { segments: string[]; format: Format | 'json' } {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const last = segments.at(-1) ?? '';
  const m = /^(.+)\.(xml|embed|json)$/i.exec(last);
  if (!m) return { segments, format: 'none' };
  segments[segments.length - 1] = m[1]!;
  return { segments, format: m[2]!.toLowerCase() as Format | 'json' };
}

function basicAccount(c: Context, state: PlanningState) {
  const header = c.req.header('authorization') ?? '';
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (!basic) return undefined;
  let decoded = '';
  try {
    decoded = atob(basic[1]!);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(colon + 1) !== 'x') return undefined;
  return state.accountForApiKey(decoded.slice(0, colon));
}

const XML_CONTENT = /^\s*(text\/xml|application\/xml|application\/[\w.+-]+\+xml)\s*(;|$)/i;

export interface PlanningXmlApp extends Hono {
  side?: XmlSideTables;
}

export function createPlanningXml(
  state: PlanningState,
  config: PlanningXmlConfig = planningXmlConfigFromEnv(),
): PlanningXmlApp {
  const side = new XmlSideTables(state);
  // The side tables describe the shared records: when the shared state goes back to its seeded start
  // (POST /planning/emulator/reset, a test's reset()), they are emptied with it.
  const resetShared = state.reset.bind(state);
  state.reset = () => {
    resetShared();
    side.clear();
  };
  const app: PlanningXmlApp = new Hono();
  app.side = side;
  app.route('/published', publishedPages(state, side));
  app.get('/drawings/:token/:name', (c) => {
    const file = side.drawingFiles.get(`${c.req.param('token')}/${c.req.param('name')}`);
    if (!file) return c.body('Not found', 404);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.contentType,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    });
  });

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const mount = url.pathname.indexOf('/planning-xml');
    const base = mount >= 0 ? url.pathname.slice(0, mount + '/planning-xml'.length) : '';
    const relative = mount >= 0 ? url.pathname.slice(base.length) : url.pathname;
    const { segments, format: suffix } = splitFormat(relative);
    const format: Format = suffix === 'embed' ? 'embed' : suffix === 'xml' ? 'xml' : 'none';
    try {
      if (suffix === 'json')
        throw fail(406, 'Only the xml format is supported (and embed for the browser plugin)');
      const candidates = ROUTES.map((r) => ({ r, params: match(r.pattern, segments) })).filter(
        (m) => m.params,
      );
      const tokenWithoutFormat =
        format === 'none' && candidates.some((m) => m.r.handler === resetToken) && c.req.method === 'DELETE';
      if (!tokenWithoutFormat && !XML_CONTENT.test(c.req.header('content-type') ?? ''))
        throw fail(415, 'A Content-Type header is required: text/xml');
      const account = basicAccount(c, state);
      if (!account)
        throw new XmlFailure(
          401,
          [{ message: 'Access denied: HTTP Basic with your API key and x as password' }],
          {
            'WWW-Authenticate': 'Basic realm="planning"',
          },
        );
      if (!account.partner) throw fail(403, 'Only partner accounts can use this API');
      if (!candidates.length) throw fail(404, 'Not found');
      const chosen = candidates.find((m) => m.r.method === c.req.method);
      if (!chosen) {
        const allowed = [...new Set(candidates.map((m) => m.r.method))].join(', ');
        throw new XmlFailure(405, [{ message: `Method not allowed; use ${allowed}` }], { Allow: allowed });
      }
      if (format === 'none' && !chosen.r.formatOptional)
        throw fail(406, 'A format is required: .xml or .embed');
      let body = null;
      if (c.req.method === 'POST' || c.req.method === 'PUT') {
        const parsed = parseXmlBody(await c.req.text());
        if (!parsed.ok) throw fail(400, parsed.message);
        body = parsed.body;
      }
      const op: Op = {
        c,
        state,
        side,
        config,
        format,
        account,
        params: chosen.params!,
        body,
        root: url.origin + base,
      };
      return await chosen.r.handler(op);
    } catch (error) {
      if (error instanceof XmlFailure) return failureResponse(c, format, error);
      throw error;
    }
  });
  return app;
}
