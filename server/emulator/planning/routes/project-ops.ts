/**
 * Document 1, section 4.2, the project operations beyond create/show/update/destroy (projects.ts):
 * search, import (FML), download, share_planner, duplicate, copy and export_fml1. In the route table
 * (v2-routes.ts) search.json and import.json come before `/projects/:file`, which would take them.
 */
import type { Context } from 'hono';
import { randomHex } from '../../shared/random-hex.ts';
import { issueToken } from '../domain/issue-token.ts';
import { isWithin } from '../domain/accounts.ts';
import {
  cloneProject,
  MAX_PROJECTS_PER_USER,
  mayChange,
  newDesignId,
  newFloorId,
  tooMany,
} from '../domain/projects.ts';
import type { ProjectRecord } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import { asBoolean, asInteger } from '../domain/values.ts';
import { projectFromFml, readFml } from '../formats/fml-import.ts';
import { projectFml } from '../formats/fml-xml.ts';
import { projectJson } from '../formats/project-json.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden } from './auth.ts';
import { findProject } from './find-project.ts';
import { invalid, isEmail, now, paging, pathId, resourceBody, rootOf } from './operation-helpers.ts';

const MAX_PER_PAGE = 100;
/** How long a share-planner link works: "not shown", seven days here. */
const SHARE_LINK_TTL_S = 7 * 24 * 3600;
const SORT_FIELDS = ['created_at', 'update_at', 'name'];

/** A text filter: case-insensitive substring. */
const contains = (value: string | null, wanted: string) =>
  (value ?? '').toLowerCase().includes(wanted.toLowerCase());

const refuseProjectToken = (c: Context<ApiEnv>) =>
  c.get('caller').via === 'project_token' ? forbidden(c) : null;

export const search: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const caller = c.get('caller');
  const q = c.req.query();
  const problems: string[] = [];
  const { from, to } = paging(c, MAX_PER_PAGE, problems);
  let pool: ProjectRecord[];
  const alive = [...state.projects.values()].filter((p) => !p.deleted);
  if (q.public === 'all') {
    // "Which parameter accepts the value all, listing all public projects: not shown": public=all
    pool = alive.filter((p) => p.public);
  } else if (q.user_id !== undefined) {
    if (!caller.user.partner) return forbidden(c, 'user_id is for partner accounts only');
    const uid = asInteger(q.user_id);
    const user = uid === undefined ? undefined : state.userById(uid);
    if (!user) return invalid(c, ['user_id: no such user']);
    if (!isWithin(user, caller.userId, (id) => state.userById(id)))
      return forbidden(c, 'user_id: not this account or one of its sub-users');
    pool = alive.filter((p) => p.userId === user.id);
  } else {
    // the caller's own projects, those of its sub-users and those it holds a permission on
    pool = alive.filter((p) => mayChange(state, caller.userId, p));
  }
  const filters: ((p: ProjectRecord) => boolean)[] = [];
  if (q.id !== undefined) {
    const id = asInteger(q.id);
    if (id === undefined) problems.push('id: must be an integer');
    else filters.push((p) => p.id === id);
  }
  for (const key of ['public', 'enable_autosave'] as const) {
    if (q[key] === undefined || (key === 'public' && q[key] === 'all')) continue;
    const b = asBoolean(q[key]);
    if (b === undefined) problems.push(`${key}: must be true or false`);
    else filters.push((p) => (key === 'public' ? p.public : p.enableAutosave) === b);
  }
  if (q.status !== undefined) {
    if (q.status !== 'public' && q.status !== 'private') problems.push('status: must be public or private');
    else filters.push((p) => p.public === (q.status === 'public'));
  }
  if (q.level_id !== undefined) {
    const level = asInteger(q.level_id);
    if (level === undefined) problems.push('level_id: must be an integer');
    else filters.push(() => level === 2); // every project here has level_id 2 (see project-json.ts)
  }
  const text: [string, (p: ProjectRecord) => string | null][] = [
    ['name', (p) => p.name],
    ['description', (p) => p.description],
    ['project_url', (p) => p.projectUrl],
    ['external_identifier', (p) => p.externalIdentifier],
    // projects carry no address: city matches the name or description (the seeds are named by address)
    ['city', (p) => `${p.name} ${p.description ?? ''}`],
    // timestamps match by prefix: 2026-06 finds June 2026
    ['created_at', (p) => p.createdAt],
    ['updated_at', (p) => p.updatedAt],
    ['exported_at', (p) => p.exportedAt],
  ];
  for (const [key, get] of text) {
    const wanted = q[key];
    if (wanted === undefined || wanted === '') continue;
    if (wanted.length > 255) problems.push(`${key}: at most 255 characters`);
    else if (key.endsWith('_at')) filters.push((p) => (get(p) ?? '').startsWith(wanted));
    else filters.push((p) => contains(get(p), wanted));
  }
  const sortField = q.sort_field ?? 'created_at';
  const sortOrder = q.sort_order ?? 'desc';
  if (!SORT_FIELDS.includes(sortField)) problems.push('sort_field: must be created_at, update_at or name');
  if (sortOrder !== 'asc' && sortOrder !== 'desc') problems.push('sort_order: must be asc or desc');
  if (problems.length) return invalid(c, problems);
  const key = (p: ProjectRecord) =>
    sortField === 'name' ? p.name.toLowerCase() : sortField === 'update_at' ? p.updatedAt : p.createdAt;
  const found = pool
    .filter((p) => filters.every((f) => f(p)))
    .sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id);
  if (sortOrder === 'desc') found.reverse();
  const page = found.slice(from, to);
  return c.json({
    search_after: page.map((p) => [key(p), p.id]),
    total: String(found.length),
    results: page.map((p) => projectJson(p)),
  });
};

export const importFml: ApiHandler = async (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const caller = c.get('caller');
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.includes('xml'))
    return invalid(c, ['Content-Type: must be text/xml (the body is an FML project document)']);
  const read = readFml(await c.req.text());
  if (!read.ok) return invalid(c, [read.problem]);
  if (tooMany(state, caller.userId))
    return invalid(c, [`project: at most ${MAX_PROJECTS_PER_USER} projects`]);
  const stamp = now();
  const imported = projectFromFml(
    read,
    { floor: () => newFloorId(state), design: () => newDesignId(state) },
    stamp,
  );
  const id = state.newProjectId();
  const project: ProjectRecord = {
    id,
    userId: caller.userId,
    public: imported.public,
    name: imported.name,
    description: imported.description,
    projectUrl: randomHex(3),
    externalIdentifier: imported.externalIdentifier,
    enableAutosave: false,
    exportedAt: null,
    createdAt: stamp,
    updatedAt: stamp,
    floors: imported.floors,
    source: 'import',
    deleted: false,
  };
  state.projects.set(id, project);
  return c.json(projectJson(project, true));
};

/** A file of the project's FML, served like export files (download and export_fml1 answer its URL). */
const fmlFile = (c: Context<ApiEnv>, project: ProjectRecord, suffix: string, state: PlanningState) => {
  const token = randomHex(12);
  const name = `project-${project.id}${suffix}.fml.xml`;
  state.addLooseFile(`${token}/${name}`, {
    bytes: new TextEncoder().encode(projectFml(project)),
    contentType: 'application/xml; charset=utf-8',
    name,
  });
  return {
    project_id: project.id,
    url: `${rootOf(c)}/files/${token}/${name}`,
    content_type: 'application/xml',
    filename: name,
  };
};

export const download: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const found = findProject(c, state, pathId(c)!, 'show');
  if ('response' in found) return found.response;
  return c.json(fmlFile(c, found.project, '', state));
};

export const exportFml1: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const found = findProject(c, state, pathId(c)!, 'change');
  if ('response' in found) return found.response;
  found.project.exportedAt = now();
  return c.json({ ...fmlFile(c, found.project, '-fml1', state), format: 'fml1' });
};

export const sharePlanner: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const found = findProject(c, state, pathId(c)!, 'change');
  if ('response' in found) return found.response;
  const input = resourceBody(c.get('params'), 'share');
  const problems: string[] = [];
  if (!isEmail(input.email)) problems.push('email: is required and must be an email address');
  if (
    input.message !== undefined &&
    input.message !== null &&
    (typeof input.message !== 'string' || input.message.length > 5000)
  )
    problems.push('message: must be a string of at most 5000 characters');
  if (problems.length) return invalid(c, problems);
  const { project } = found;
  const { token } = issueToken(
    state.tokens,
    { kind: 'project', userId: project.userId, projectId: project.id, scope: 'decorate' },
    SHARE_LINK_TTL_S,
  );
  const url = `${rootOf(c)}/editor/${project.id}?token=${token}&mode=decorate`;
  const message = typeof input.message === 'string' ? input.message : '';
  state.sendEmail({
    kind: 'share_planner',
    to: input.email as string,
    subject: `${c.get('caller').user.email} shared the plan "${project.name}" with you`,
    text: `${message ? message + '\n\n' : ''}Decorate the plan in the editor:\n${url}\n`,
    project_id: project.id,
    url,
  });
  return c.json({ status: 'ok' });
};

export const duplicate: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const caller = c.get('caller');
  // anything the caller may show (a public project too) can be duplicated into its own account
  const found = findProject(c, state, pathId(c)!, 'show');
  if ('response' in found) return found.response;
  if (tooMany(state, caller.userId))
    return invalid(c, [`project: at most ${MAX_PROJECTS_PER_USER} projects`]);
  const copy = cloneProject(state, found.project, caller.userId);
  copy.name = `${found.project.name} (copy)`.slice(0, 255);
  state.projects.set(copy.id, copy);
  return c.json(projectJson(copy, true));
};

export const copy: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const found = findProject(c, state, pathId(c)!, 'change');
  if ('response' in found) return found.response;
  const input = resourceBody(c.get('params'), 'copy');
  if (!isEmail(input.email)) return invalid(c, ['email: is required and must be an email address']);
  const recipient = state.userByEmail(input.email);
  if (!recipient) return invalid(c, ['email: no user has this address']);
  if (tooMany(state, recipient.id)) return invalid(c, [`project: at most ${MAX_PROJECTS_PER_USER} projects`]);
  const copy = cloneProject(state, found.project, recipient.id);
  state.projects.set(copy.id, copy);
  state.sendEmail({
    kind: 'project_copy',
    to: recipient.email,
    subject: `${c.get('caller').user.email} sent you a copy of "${found.project.name}"`,
    text: `A copy of the plan is now in your account as project ${copy.id}.\n`,
    project_id: copy.id,
  });
  return c.json(projectJson(copy, true));
};
