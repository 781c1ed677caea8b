/**
 * Answers and checks more than one route module gives: "log in first" (with where to), "the planner
 * failed", and the session with a live token a route needs before it calls the planner.
 */
import type { Context } from 'hono';
import { listProjects } from '../../../src/api/planning/projects.ts';
import { clientGone, own, type PartnerEnv } from '../context.ts';
import type { PartnerParts } from '../parts.ts';
import { plannerBases, plannerContext, plannerStatus } from '../planner.ts';
import type { Session } from '../session.ts';

/** /oauth/start, returning to the page the request came from when it is on this origin. */
export function loginUrl(c: Context<PartnerEnv>): string {
  const referer = c.req.header('referer');
  let back = own(c, '/login');
  if (referer) {
    try {
      const url = new URL(referer);
      if (url.origin === c.get('origin')) back = url.pathname + url.search;
    } catch {
      // not a URL: keep the login page
    }
  }
  return `${own(c, '/oauth/start')}?return_to=${encodeURIComponent(back)}`;
}

export const loginRequired = (c: Context<PartnerEnv>) =>
  c.json(
    { error: 'login_required', message: 'connect your planner account first', login_url: loginUrl(c) },
    401,
  );

export const plannerUnavailable = (c: Context<PartnerEnv>, status: number) =>
  c.json(
    {
      error: 'planner_unavailable',
      message: status ? `the planner answered ${status}` : 'the planning service could not be reached',
    },
    502,
  );

/** A planner call made for `session`: counted against its share, and no longer waited for once the browser left. */
export const mine = (c: Context<PartnerEnv>, session: Session) => ({
  owner: session.id,
  signal: clientGone(c),
});

/** The session with a live token, or the response to send instead. */
export async function authorised(
  parts: PartnerParts,
  c: Context<PartnerEnv>,
): Promise<{ session: Session; token: string } | { response: Response }> {
  const session = await parts.sessions.current(c);
  const token = await parts.sessions.liveToken(session);
  if (!session || !token) return { response: loginRequired(c) };
  return { session, token: token.accessToken };
}

/**
 * A 403 from the planner: a dead token (forget the session, ask for login) or a project that is
 * not the user's. The project list answers 403 only for bad credentials.
 */
export async function after403(
  parts: PartnerParts,
  c: Context<PartnerEnv>,
  session: Session,
  token: string,
): Promise<Response> {
  const { options, gate, access, sessions } = parts;
  // whatever the reason, no remembered "yes" for this token stands any more
  access.forgetToken(token);
  const ctx = plannerContext(options, plannerBases(c, options), token, clientGone(c));
  const dead = await gate
    .run(() => listProjects(ctx, { per_page: 1 }), mine(c, session))
    .then(
      () => false,
      (error: unknown) => [401, 403].includes(plannerStatus(error)),
    );
  if (dead) {
    await sessions.end(c, session);
    return loginRequired(c);
  }
  return c.json(
    { error: 'project_forbidden', message: 'this project is not available to your planner account' },
    403,
  );
}
