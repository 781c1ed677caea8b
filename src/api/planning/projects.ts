/**
 * Projects (Document 1, section 4.2): create, show (json and fml), index, search, update (json and
 * fml), import, download, share planner, duplicate, copy, destroy, undestroy, export fml1 and the
 * project token. The export itself is in exports.ts.
 */
import * as v from 'valibot';
import { lenientInteger, validate } from '../validate.js';
import { call, callValid, defined, idSegment, urlOf, type PlanningContext } from './context.js';
import { callFml, type FmlDocument } from './fml.js';
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

/**
 * A token with which the project can be fetched; `expires_in` in seconds. `editor_url`: a string (the
 * emulator: `true` adds its stand-in editor's link, an http(s) URL gets the token appended).
 */
export async function projectToken(
  ctx: PlanningContext,
  id: number,
  query: { expires_in?: number; editor_url?: string } = {},
): Promise<ProjectToken> {
  const path = `/projects/${idSegment(id)}/token.json`;
  return validate(projectTokenSchema, await call(ctx, path, { query }), urlOf(ctx, path)) as ProjectToken;
}

/**
 * An answer the document leaves "not shown" (—): an object, kept as it is. The emulator's are listed
 * in docs/emulator-planning.md (duplicate and copy answer the new project).
 */
export const openAnswerSchema = v.pipe(
  v.union([v.looseObject({}), v.null_(), v.undefined_()]),
  v.transform((x) => (x ?? {}) as Record<string, unknown>),
);
export type OpenAnswer = Record<string, unknown>;

/** The search answer ("not shown"): `{search_after, total, results}` as users search, or a bare array. */
export const projectSearchSchema = v.union([
  v.looseObject({
    search_after: v.optional(v.array(v.unknown()), []),
    total: v.optional(lenientInteger),
    results: v.array(projectSchema),
  }),
  v.pipe(
    v.array(projectSchema),
    v.transform((results) => ({ search_after: [] as unknown[], total: results.length, results })),
  ),
]);
export type ProjectSearchResult = v.InferOutput<typeof projectSearchSchema>;

/** Search parameters of section 4.2, spelled as the document spells them. */
export interface ProjectSearchQuery {
  id?: number;
  /** Partners only. */
  user_id?: number;
  /** true, false (or, in the emulator, `all`: every public project). */
  public?: boolean | 'all';
  name?: string;
  description?: string;
  project_url?: string;
  created_at?: string;
  updated_at?: string;
  enable_autosave?: boolean;
  external_identifier?: string;
  exported_at?: string;
  level_id?: number;
  status?: 'public' | 'private';
  sort_field?: 'created_at' | 'update_at' | 'name';
  sort_order?: 'asc' | 'desc';
  page?: number;
  per_page?: number;
  city?: string;
}

export function searchProjects(
  ctx: PlanningContext,
  query: ProjectSearchQuery = {},
): Promise<ProjectSearchResult> {
  return callValid(ctx, '/projects/search.json', projectSearchSchema, { query: { ...query } });
}

/** The project as an FML document (`GET /projects/:id.fml`). */
export function showProjectFml(ctx: PlanningContext, id: number): Promise<FmlDocument> {
  return callFml(ctx, `/projects/${idSegment(id)}.fml`);
}

/** Update answering FML (`/projects/:id.fml`): the same fields, the answer is the FML document. */
export function updateProjectFml(
  ctx: PlanningContext,
  id: number,
  project: Pick<ProjectInput, 'name' | 'description' | 'external_identifier' | 'public'>,
): Promise<FmlDocument> {
  return callFml(ctx, `/projects/${idSegment(id)}.fml`, { method: 'PATCH', body: { project } });
}

/** Imports an FML project document (sent as text/xml); answers the new project. */
export function importProject(ctx: PlanningContext, fml: string): Promise<Project> {
  return callValid(ctx, '/projects/import.json', projectSchema, {
    method: 'POST',
    body: fml,
    contentType: 'text/xml',
  }) as Promise<Project>;
}

/** Download ("—"; the emulator answers `{project_id, url, content_type, filename}`, the URL serves the FML). */
export function downloadProject(ctx: PlanningContext, id: number): Promise<OpenAnswer> {
  return callValid(ctx, `/projects/${idSegment(id)}/download.json`, openAnswerSchema);
}

/** Emails the recipient a link to an editor in which they can only decorate the project. */
export function sharePlanner(
  ctx: PlanningContext,
  id: number,
  share: { email: string; message?: string },
): Promise<OpenAnswer> {
  return callValid(ctx, `/projects/${idSegment(id)}/share_planner.json`, openAnswerSchema, {
    method: 'POST',
    body: defined(share),
  });
}

/** A copy in the caller's own account (the emulator answers the new project). */
export function duplicateProject(ctx: PlanningContext, id: number): Promise<OpenAnswer> {
  return callValid(ctx, `/projects/${idSegment(id)}/duplicate.json`, openAnswerSchema, { method: 'POST' });
}

/** Emails a copy of the project to another user, named by email (the emulator answers the copy). */
export function copyProject(ctx: PlanningContext, id: number, to: { email: string }): Promise<OpenAnswer> {
  return callValid(ctx, `/projects/${idSegment(id)}/copy.json`, openAnswerSchema, {
    method: 'POST',
    body: to,
  });
}

/** Brings back a destroyed project (the emulator answers the project). */
export function undestroyProject(ctx: PlanningContext, id: number): Promise<OpenAnswer> {
  return callValid(ctx, `/projects/${idSegment(id)}/undestroy.json`, openAnswerSchema, { method: 'POST' });
}

/** Export to FML 1 ("—"; the emulator answers `{project_id, url, …}`). */
export function exportFml1(ctx: PlanningContext, id: number): Promise<OpenAnswer> {
  return callValid(ctx, `/projects/${idSegment(id)}/export_fml1.json`, openAnswerSchema, { method: 'POST' });
}
