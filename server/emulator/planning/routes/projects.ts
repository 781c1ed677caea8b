/**
 * Document 1, section 4.2 (the project operations this emulator serves): create, show (json / fml),
 * index, update, destroy, undestroy and the project token: handlers of the route table (v2-routes.ts),
 * behind the authentication middleware of v2-app.ts.
 */
import type { Context } from 'hono';
import { issueToken } from '../domain/issue-token.ts';
import { isWithin } from '../domain/accounts.ts';
import { MAX_PROJECTS_PER_USER, mayChange, tooMany } from '../domain/projects.ts';
import { PUBLISHED_NO_DELETE, PUBLISHED_NO_PRIVATE } from '../domain/publication.ts';
import type { ProjectRecord } from '../domain/records.ts';
import { generatedProject, iso } from '../domain/seed.ts';
import { asBoolean, asInteger } from '../domain/values.ts';
import { readFml, textOf } from '../formats/fml-import.ts';
import { projectFmlJson } from '../formats/fml-json.ts';
import { projectFml } from '../formats/fml-xml.ts';
import { projectJson } from '../formats/project-json.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { findProject } from './find-project.ts';
import { isHttpUrl, resourceBody } from './operation-helpers.ts';

const INVALID = 'invalid parameters specified';
const MAX_PER_PAGE = 100;
const MAX_PROJECT_TOKEN_TTL = 30 * 24 * 3600;

/** `186997360.json` → [186997360, 'json']; null for anything else. */
export function idAndFormat(file: string): [number, 'json' | 'fml'] | null {
  const match = /^(\d{1,12})\.(json|fml)$/.exec(file);
  return match ? [Number(match[1]), match[2] as 'json' | 'fml'] : null;
}

function respond(c: Context<ApiEnv>, project: ProjectRecord, format: 'json' | 'fml', detail = true) {
  if (format === 'fml')
    return c.body(projectFml(project), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  return c.json(projectJson(project, detail));
}

/** Validates the changeable fields (create and update); problems go to `details`. */
function readFields(input: Record<string, unknown>, problems: string[]): Partial<ProjectRecord> {
  const out: Partial<ProjectRecord> = {};
  const text = (key: 'name' | 'description' | 'external_identifier', max: number, nullable: boolean) => {
    const v = input[key];
    if (v === undefined) return undefined;
    if (v === null && nullable) return null;
    if (typeof v !== 'string' || v.length > max || (key === 'name' && !v.trim())) {
      problems.push(
        `${key}: must be ${key === 'name' ? 'a non-empty' : 'a'} string of at most ${max} characters`,
      );
      return undefined;
    }
    return v;
  };
  const name = text('name', 255, false);
  if (typeof name === 'string') out.name = name;
  const description = text('description', 5000, true);
  if (description !== undefined) out.description = description;
  const external = text('external_identifier', 255, true);
  if (external !== undefined) {
    if (typeof external === 'string' && /^\d+$/.test(external))
      problems.push('external_identifier: must not be numerical');
    else out.externalIdentifier = external;
  }
  if (input.public !== undefined) {
    const b = asBoolean(input.public);
    if (b === undefined) problems.push('public: must be a boolean');
    else out.public = b;
  }
  return out;
}

export const list: ApiHandler = (c, state) => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return forbidden(c);
  const page = Math.max(1, asInteger(c.req.query('page')) ?? 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, asInteger(c.req.query('per_page')) ?? 50));
  const mine = [...state.projects.values()]
    .filter((p) => p.userId === caller.userId && !p.deleted)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  c.header('X-Total-Count', String(mine.length));
  return c.json(mine.slice((page - 1) * perPage, page * perPage).map((p) => projectJson(p)));
};

export const create: ApiHandler = (c, state) => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return forbidden(c);
  const params = c.get('params');
  // wrapped in `project` as the document says, or bare: read the same
  const input = resourceBody(params, 'project');
  const problems: string[] = [];
  const fields = readFields(input, problems);
  const templateAttrs = input.project_template_attributes;
  let templateId: number | null = null;
  if (templateAttrs !== undefined && templateAttrs !== null) {
    const raw =
      typeof templateAttrs === 'object' ? (templateAttrs as Record<string, unknown>).template_id : undefined;
    const tid = asInteger(raw);
    const template = tid === undefined ? undefined : state.templates.get(tid);
    if (!template || template.user_id !== caller.userId)
      problems.push('project_template_attributes.template_id: not one of your templates');
    else templateId = template.id;
  }
  let owner = caller.userId;
  if (input.user_id !== undefined && input.user_id !== null) {
    // "user_id (owner; partners only)": a partner account places projects in its own sub-users' accounts
    const id = asInteger(input.user_id);
    if (!caller.user.partner) return forbidden(c, 'user_id is for partner accounts only');
    const user = id === undefined ? undefined : state.userById(id);
    if (!user) problems.push('user_id: no such user');
    else if (!isWithin(user, caller.userId, (u) => state.userById(u)))
      return forbidden(c, 'user_id: not this account or one of its sub-users');
    else owner = user.id;
  }
  const floorsInput = Array.isArray(input.floors_attributes) ? input.floors_attributes : [];
  const floorNames = floorsInput.map((f, i) =>
    f && typeof f === 'object' && typeof (f as Record<string, unknown>).name === 'string'
      ? ((f as Record<string, unknown>).name as string)
      : `Floor ${i}`,
  );
  if (tooMany(state, owner)) problems.push(`project: at most ${MAX_PROJECTS_PER_USER} projects per user`);
  if (problems.length) return c.json({ error: INVALID, details: problems }, 422);
  const id = state.newProjectId();
  const project = generatedProject(
    id,
    owner,
    fields.name ?? 'New floorplan',
    state.seed,
    floorNames.length ? floorNames.slice(0, 20) : ['Ground floor'],
    Date.now(),
  );
  Object.assign(project, fields, { templateId });
  state.projects.set(id, project);
  return c.json(projectJson(project, true));
};

// the FML JSON form (v3, centimetres): the real document for projects seeded from realdata
export const showFmlJson: ApiHandler = (c, state) => {
  const found = findProject(c, state, Number(c.req.param('id')), 'show');
  if ('response' in found) return found.response;
  return c.body(projectFmlJson(found.project, state.realdataDir), 200, {
    'Content-Type': 'application/json; charset=utf-8',
  });
};

export const show: ApiHandler = (c, state) => {
  const parsed = idAndFormat(c.req.param('file') ?? '');
  if (!parsed) return notFound(c);
  const found = findProject(c, state, parsed[0], 'show');
  if ('response' in found) return found.response;
  return respond(c, found.project, parsed[1]);
};

export const update: ApiHandler = async (c, state) => {
  const parsed = idAndFormat(c.req.param('file') ?? '');
  if (!parsed) return notFound(c);
  const found = findProject(c, state, parsed[0], 'change');
  if ('response' in found) return found.response;
  let params = c.get('params');
  if ((c.req.header('content-type') ?? '').toLowerCase().includes('xml')) {
    // an FML project document: its name, description, external-identifier and public are taken
    const read = readFml(await c.req.text());
    if (!read.ok || read.root !== 'project')
      return c.json(
        { error: INVALID, details: [read.ok ? 'body: the root element must be project' : read.problem] },
        422,
      );
    params = {};
    for (const [from, to] of [
      ['name', 'name'],
      ['description', 'description'],
      ['external-identifier', 'external_identifier'],
      ['public', 'public'],
    ] as const)
      if (read.node[from] !== undefined) params[to] = textOf(read.node[from]);
  }
  // nested under `project` as the document says; the public sample client sends the fields at the top level
  const input = resourceBody(params, 'project');
  const problems: string[] = [];
  const fields = readFields(input, problems);
  // Document 2's publish rule holds here too (publication.ts): unpublish before making it private
  if (fields.public === false && state.publications.has(found.project.id))
    problems.push(`public: ${PUBLISHED_NO_PRIVATE}`);
  if (problems.length) return c.json({ error: INVALID, details: problems }, 422);
  Object.assign(found.project, fields, { updatedAt: iso(Date.now()) });
  return respond(c, found.project, parsed[1]);
};

export const destroy: ApiHandler = (c, state) => {
  const parsed = idAndFormat(c.req.param('file') ?? '');
  if (!parsed || parsed[1] !== 'json') return notFound(c);
  const found = findProject(c, state, parsed[0], 'change');
  if ('response' in found) return found.response;
  // Document 2's publish rule holds here too (publication.ts): unpublish before deleting
  if (state.publications.has(found.project.id))
    return c.json({ error: INVALID, details: [`public: ${PUBLISHED_NO_DELETE}`] }, 422);
  found.project.deleted = true;
  return c.json({});
};

export const undestroy: ApiHandler = (c, state) => {
  const caller = c.get('caller');
  const project = state.projects.get(Number(c.req.param('id')));
  if (!project) return notFound(c);
  if (caller.via === 'project_token' || !mayChange(state, caller.userId, project)) return forbidden(c);
  project.deleted = false;
  return c.json(projectJson(project, true));
};

export const token: ApiHandler = (c, state) => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return forbidden(c);
  const found = findProject(c, state, Number(c.req.param('id')), 'change');
  if ('response' in found) return found.response;
  const rawTtl = c.req.query('expires_in');
  const ttl = rawTtl === undefined ? 3600 : asInteger(rawTtl);
  if (ttl === undefined || ttl < 1 || ttl > MAX_PROJECT_TOKEN_TTL)
    return c.json(
      {
        error: INVALID,
        details: [`expires_in: must be an integer number of seconds, 1 to ${MAX_PROJECT_TOKEN_TTL}`],
      },
      422,
    );
  const { token } = issueToken(
    state.tokens,
    { kind: 'project', userId: found.project.userId, projectId: found.project.id, scope: 'project' },
    ttl,
  );
  const body: { token: string; expires_in: number; editor_url?: string } = { token, expires_in: ttl };
  // editor_url is "a string": true asks for the emulator's stand-in editor; an http(s) URL (the
  // caller's own editor page) comes back with project_id and token added to its query
  const editor = c.req.query('editor_url');
  if (editor !== undefined && isHttpUrl(editor)) {
    const url = new URL(editor);
    url.searchParams.set('project_id', String(found.project.id));
    url.searchParams.set('token', token);
    body.editor_url = url.href;
  } else if (asBoolean(editor) === true) {
    const root = c.req.url.slice(0, c.req.url.indexOf('/api/v2/'));
    body.editor_url = `${root}/editor/${found.project.id}?token=${token}`;
  } else if (editor !== undefined && asBoolean(editor) === undefined) {
    return c.json({ error: INVALID, details: ['editor_url: must be true or an http(s) URL'] }, 422);
  }
  return c.json(body);
};
