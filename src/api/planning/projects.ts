/** Projects (Document 1, section 4.2): create, show, index, update, destroy and the project token. */
import { validate } from '../validate.js';
import { call, idSegment, urlOf, type PlanningContext } from './context.js';
import { projectListSchema, projectSchema, projectTokenSchema } from './schemas.js';
import type { Project, ProjectInput, ProjectToken } from './types.js';

export async function createProject(ctx: PlanningContext, project: ProjectInput = {}): Promise<Project> {
  const body = await call(ctx, '/projects.json', { method: 'POST', body: { project } });
  return validate(projectSchema, body, urlOf(ctx, 'projects.json')) as Project;
}

export async function showProject(ctx: PlanningContext, id: number): Promise<Project> {
  const path = `/projects/${idSegment(id)}.json`;
  return validate(projectSchema, await call(ctx, path), urlOf(ctx, path)) as Project;
}

export async function listProjects(
  ctx: PlanningContext,
  query: { page?: number; per_page?: number } = {},
): Promise<Project[]> {
  const body = await call(ctx, '/projects.json', { query });
  return validate(projectListSchema, body, urlOf(ctx, 'projects.json')) as Project[];
}

/** Update takes name, description, external_identifier and public, nested under `project`. */
export async function updateProject(
  ctx: PlanningContext,
  id: number,
  project: Pick<ProjectInput, 'name' | 'description' | 'external_identifier' | 'public'>,
): Promise<Project> {
  const path = `/projects/${idSegment(id)}.json`;
  const body = await call(ctx, path, { method: 'PATCH', body: { project } });
  return validate(projectSchema, body, urlOf(ctx, path)) as Project;
}

/** Destroy: the answer's body is "not shown", so only success or an ApiError is reported. */
export async function destroyProject(ctx: PlanningContext, id: number): Promise<void> {
  await call(ctx, `/projects/${idSegment(id)}.json`, { method: 'DELETE' });
}

/** A token with which the project can be fetched; `expires_in` in seconds. */
export async function projectToken(
  ctx: PlanningContext,
  id: number,
  query: { expires_in?: number; editor_url?: string } = {},
): Promise<ProjectToken> {
  const path = `/projects/${idSegment(id)}/token.json`;
  return validate(projectTokenSchema, await call(ctx, path, { query }), urlOf(ctx, path)) as ProjectToken;
}
