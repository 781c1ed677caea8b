/**
 * The project a v2 operation names, if the caller may do what it asks with it (Document 1, rule 2):
 * shared by every operation under /projects/:id.
 */
import type { Context } from 'hono';
import { mayChange } from '../domain/projects.ts';
import type { ProjectRecord } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import type { ApiEnv } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';

export type Lookup = { project: ProjectRecord } | { response: Response };

/**
 * The project, if the caller may do `action` with it: 404 when it does not exist, 403 when it is not
 * theirs (a public project of someone else may be shown, not changed).
 */
export function findProject(
  c: Context<ApiEnv>,
  state: PlanningState,
  id: number,
  action: 'show' | 'change',
): Lookup {
  const caller = c.get('caller');
  const project = state.projects.get(id);
  if (!project || project.deleted) return { response: notFound(c) };
  if (caller.via === 'project_token') {
    if (action !== 'show' || caller.projectId !== id) return { response: forbidden(c) };
    return { project };
  }
  if (mayChange(state, caller.userId, project)) return { project };
  if (action === 'show' && project.public) return { project };
  return { response: forbidden(c) };
}
