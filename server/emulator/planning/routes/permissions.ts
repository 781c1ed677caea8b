/**
 * Document 1, section 4.4: project permissions. A permission lets its user show, edit and delete the
 * project (projects.ts `mayChange`). They are managed by whoever may change the project, except that
 * a permission holder cannot hand out or take away permissions of others: only the owner (and the
 * accounts above the owner) can. Show answers the permission itself, not wrapped in an array
 * (docs/emulator-planning.md).
 */
import type { Context } from 'hono';
import { isWithin } from '../domain/accounts.ts';
import type { PermissionRecord, ProjectRecord } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import { asInteger } from '../domain/values.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { findProject } from './find-project.ts';
import { invalid, now, pathId, readText, resourceBody } from './operation-helpers.ts';

/** Permissions one project may hold (bounded memory). */
const MAX_PER_PROJECT = 200;

type Found = { project: ProjectRecord } | { response: Response };

/** The project, when the caller owns it (or is above its owner): only they manage its permissions. */
const owned = (c: Context<ApiEnv>, state: PlanningState): Found => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return { response: forbidden(c) };
  const id = pathId(c, 'project_id');
  if (id === undefined) return { response: notFound(c) };
  const found = findProject(c, state, id, 'change');
  if ('response' in found) return found;
  const owner = state.userById(found.project.userId);
  if (!owner || !isWithin(owner, caller.userId, (u) => state.userById(u)))
    return { response: forbidden(c, 'only the owner manages permissions') };
  return found;
};

const read = (c: Context<ApiEnv>, problems: string[], state: PlanningState) => {
  const input = resourceBody(c.get('params'), 'permission');
  const userId = asInteger(input.user_id);
  if (input.user_id === undefined || input.user_id === null) problems.push('user_id: is required');
  else if (userId === undefined || !state.userById(userId)) problems.push('user_id: no such user');
  const comment = readText(input, 'comment', problems, { max: 1000 });
  return { userId, comment };
};

const record = (
  c: Context<ApiEnv>,
  project: ProjectRecord,
  state: PlanningState,
): PermissionRecord | Response => {
  const raw = /^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '');
  const permission = raw
    ? state.permissions.find((p) => p.id === Number(raw[1]) && p.project_id === project.id)
    : undefined;
  return permission ?? notFound(c);
};

export const create: ApiHandler = (c, state) => {
  const found = owned(c, state);
  if ('response' in found) return found.response;
  const problems: string[] = [];
  const { userId, comment } = read(c, problems, state);
  if (userId === found.project.userId) problems.push('user_id: the owner needs no permission');
  if (userId !== undefined && state.permissionFor(found.project.id, userId))
    problems.push('user_id: already has a permission on this project');
  if (state.permissions.filter((p) => p.project_id === found.project.id).length >= MAX_PER_PROJECT)
    problems.push(`permission: at most ${MAX_PER_PROJECT} per project`);
  if (problems.length) return invalid(c, problems);
  const stamp = now();
  const permission: PermissionRecord = {
    id: state.nextId('permission', 170000),
    user_id: userId!,
    project_id: found.project.id,
    comment: comment ?? null,
    created_at: stamp,
    updated_at: stamp,
  };
  state.permissions.push(permission);
  return c.json(permission);
};

export const list: ApiHandler = (c, state) => {
  const found = owned(c, state);
  if ('response' in found) return found.response;
  return c.json(state.permissions.filter((p) => p.project_id === found.project.id));
};

export const show: ApiHandler = (c, state) => {
  const found = owned(c, state);
  if ('response' in found) return found.response;
  const permission = record(c, found.project, state);
  return permission instanceof Response ? permission : c.json(permission);
};

export const update: ApiHandler = (c, state) => {
  const found = owned(c, state);
  if ('response' in found) return found.response;
  const permission = record(c, found.project, state);
  if (permission instanceof Response) return permission;
  const problems: string[] = [];
  const { userId, comment } = read(c, problems, state);
  if (userId === found.project.userId) problems.push('user_id: the owner needs no permission');
  const other = userId === undefined ? undefined : state.permissionFor(found.project.id, userId);
  if (other && other.id !== permission.id) problems.push('user_id: already has a permission on this project');
  if (problems.length) return invalid(c, problems);
  Object.assign(permission, {
    user_id: userId!,
    ...(comment !== undefined ? { comment } : {}),
    updated_at: now(),
  });
  return c.json(permission);
};

export const destroy: ApiHandler = (c, state) => {
  const found = owned(c, state);
  if ('response' in found) return found.response;
  const permission = record(c, found.project, state);
  if (permission instanceof Response) return permission;
  state.permissions = state.permissions.filter((p) => p !== permission);
  return c.json({});
};
