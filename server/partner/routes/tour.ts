/**
 * What `<room-tour>` takes as its `project`, for a signed-in page that holds no secret (issue 38):
 *   POST /projects/:id/tour.json   {fml, panoramas, problems, export_id}
 * The project's FML JSON and its panoramas as the planner exports them (a 3d export with one
 * `panorama` view per walkthrough camera, made with the session's token and the partner's own
 * callback), read by the package's planning client. The face files are the planner's unguessable
 * export URLs; the token stays here. Body (optional, JSON): `{"size": 16..512}`, the face side.
 */
import type { Hono } from 'hono';
import type { ApiError } from '../../../src/api/http.ts';
import { showProjectFml } from '../../../src/api/planning/fml-json.ts';
import { exportPanoramas } from '../../../src/api/planning/panoramas.ts';
import { clientGone, own, type PartnerEnv } from '../context.ts';
import { rejectCrossSite } from '../guards.ts';
import { isPrivateHost } from '../options.ts';
import { MAX_SESSION_EXPORTS, type PartnerParts } from '../parts.ts';
import { NotConfigured, plannerBases, plannerContext, plannerStatus } from '../planner.ts';
import { after403, authorised, mine, plannerUnavailable } from './replies.ts';

/** The largest face a page may ask for (the emulator's own cap). */
export const MAX_TOUR_FACE = 512;

export function tourRoutes(app: Hono<PartnerEnv>, parts: PartnerParts): void {
  const { options, sessions, gate } = parts;

  app.post('/projects/:id{[0-9]+}/tour.json', async (c) => {
    const rejected = rejectCrossSite(c, options, true);
    if (rejected) return rejected;
    c.header('Cache-Control', 'no-store');
    const id = Number(c.req.param('id'));
    const input = (await c.req.json().catch(() => ({}))) as { size?: unknown } | null;
    const size = input && typeof input === 'object' ? input.size : undefined;
    if (
      !Number.isSafeInteger(id) ||
      id < 1 ||
      (size !== undefined &&
        !(Number.isInteger(size) && (size as number) >= 16 && (size as number) <= MAX_TOUR_FACE))
    )
      return c.json(
        { error: 'invalid_request', message: `send {} or {"size": 16..${MAX_TOUR_FACE}} for a project id` },
        400,
      );
    const auth = await authorised(parts, c);
    if ('response' in auth) return auth.response;
    if (!options.callbackUrl && !options.localPlanner && isPrivateHost(new URL(c.req.url).hostname))
      throw new NotConfigured('set PARTNER_CALLBACK_URL');
    const callback = options.callbackUrl ?? `${c.get('origin')}${own(c, '/export-callback')}`;
    const ctx = plannerContext(options, plannerBases(c, options), auth.token, clientGone(c));
    try {
      const fml = await gate.run(() => showProjectFml(ctx, id), mine(c, auth.session));
      const exported = await gate.run(
        () => exportPanoramas(ctx, id, { callback, size: (size as number | undefined) ?? MAX_TOUR_FACE }),
        mine(c, auth.session),
      );
      if (exported.exportId !== undefined) {
        auth.session.exports = [...auth.session.exports.slice(1 - MAX_SESSION_EXPORTS), exported.exportId];
        await sessions.save(auth.session);
      }
      return c.json({
        fml,
        panoramas: exported.panoramas,
        problems: exported.problems,
        ...(exported.exportId === undefined ? {} : { export_id: exported.exportId }),
      });
    } catch (error) {
      const status = plannerStatus(error);
      if (status === 403 || status === 401) return after403(parts, c, auth.session, auth.token);
      if (status === 404) return c.json({ error: 'project_not_found', message: 'no such project' }, 404);
      const body = (error as ApiError).body;
      if (status >= 400 && status < 500 && body && typeof body === 'object')
        return c.json(body as Record<string, unknown>, status as 422);
      return plannerUnavailable(c, status);
    }
  });
}
