/**
 * A planning project's FML for the model source (src/api/model-source.ts, `project-id`): the token
 * rules and the two forms the planner serves. A chunk of its own, loaded only for a `project-id`, so a
 * room's first frame does without it (issue 33).
 */
import { ElementError } from '../element-error-class.js';
import { request } from '../http.js';
import { safeHttpUrl } from '../safe-url.js';
import type { ModelSource } from '../model-source.js';

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value).trim());

/**
 * A planning project's FML: the FML JSON form (GET {planner-base}/projects/:id/fml, FML JSON v3) when
 * the service has it, else the project show `.fml` (showProjectFml, legacy XML). The token is the
 * `project-token` given, or one the partner's `token-endpoint` hands out for this project.
 */
export async function loadProjectFml(
  source: ModelSource,
  id: string,
  signal?: AbortSignal,
): Promise<unknown> {
  if (!/^[1-9]\d{0,15}$/.test(id))
    throw new ElementError(`not a project id: ${id}`, { kind: 'invalid', reason: 'bad-id' });
  let token = text(source.projectToken);
  const endpoint = text(source.tokenEndpoint);
  let base = safeHttpUrl(text(source.plannerBase));
  if (!token && endpoint) {
    // the partner's token is the user's: it goes only to the planner the partner vouches for, or one
    // the page trusts from script, never to whatever host markup names (issue 22, finding 1)
    const [{ fetchPartnerToken }, { plannerChoice, plannerFor }] = await Promise.all([
      import('./partner-token.js'),
      import('./planner-trust.js'),
    ]);
    const answer = await fetchPartnerToken(endpoint, Number(id), { signal });
    base = safeHttpUrl(
      plannerFor(plannerChoice(source.plannerBase, source.trustedPlannerBases), answer.planner_base),
    );
    token = answer.access_token;
  }
  if (!base)
    throw new ElementError('project-id needs a planner-base http(s) URL', {
      kind: 'invalid',
      reason: 'bad-src',
    });
  const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
  const root = base.replace(/\/+$/, '');
  try {
    return await request(`${root}/projects/${id}/fml`, { signal, headers, retries: 0 });
  } catch (error) {
    // only a service without the JSON form falls back; a 403 or a network failure is the answer
    if ((error as { status?: number })?.status !== 404) throw error;
  }
  const { showProjectFml } = await import('./projects.js');
  const ctx = { base: root, signal, ...(token ? { auth: { authorization: `Bearer ${token}` } } : {}) };
  return (await showProjectFml(ctx, Number(id))).text;
}
