/**
 * Document 1, section 4.6: designs. The flat /designs paths read project_id and floor_id from the
 * query string or the JSON body (top level or inside `design`); the FML create and update live under
 * /projects/:project_id/floors/:floor_id/designs…fml. Someone else's design is readable when its
 * project is public and 403 when it is private (section 5 item 4); changes need the project's change
 * rights (owner, the accounts above it, a permission). Share emails the design (outbox).
 */
import type { Context } from 'hono';
import { randomHex } from '../../shared/random-hex.ts';
import { issueToken } from '../domain/issue-token.ts';
import type { PlanDesign, PlanFloor } from '../domain/plan-geometry.ts';
import { newDesignId } from '../domain/projects.ts';
import type { DesignShareRecord, ProjectRecord } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import { asInteger } from '../domain/values.ts';
import { designFromNode, readFml, textOf } from '../formats/fml-import.ts';
import { designFml } from '../formats/fml-xml.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { findProject } from './find-project.ts';
import { invalid, isEmail, now, queryOrBody, readText, resourceBody, rootOf } from './operation-helpers.ts';

const MAX_DESIGNS_PER_FLOOR = 100;
const MAX_SHARES = 1000;

export function designJson(project: ProjectRecord, floor: PlanFloor, design: PlanDesign) {
  return {
    id: design.id,
    project_id: project.id,
    floor_id: floor.id,
    name: design.name,
    design_type: 'save',
    // the document shows these only as null (their types are "not shown")
    user_id: null,
    design_hash: null,
    thumb_url: null,
    original_design_id: null,
    thumb_2d_generated_at: null,
    thumb_3d_generated_at: null,
    created_at: design.createdAt ?? floor.createdAt,
    updated_at: design.updatedAt ?? floor.updatedAt,
  };
}

type Place = { project: ProjectRecord; floor: PlanFloor } | { response: Response };

/** The project and floor named by ids (from the path or from query/body), checked for `action`. */
const place = (
  c: Context<ApiEnv>,
  rawProject: unknown,
  rawFloor: unknown,
  action: 'show' | 'change',
  state: PlanningState,
): Place => {
  if (c.get('caller').via === 'project_token' && action === 'change') return { response: forbidden(c) };
  const problems: string[] = [];
  const projectId = asInteger(rawProject);
  const floorId = asInteger(rawFloor);
  if (projectId === undefined) problems.push('project_id: is required (query string or body)');
  if (floorId === undefined) problems.push('floor_id: is required (query string or body)');
  if (problems.length) return { response: invalid(c, problems) };
  const found = findProject(c, state, projectId!, action);
  if ('response' in found) return found;
  const floor = found.project.floors.find((f) => f.id === floorId);
  if (!floor) return { response: notFound(c) };
  return { project: found.project, floor };
};
const flat = (c: Context<ApiEnv>, action: 'show' | 'change', state: PlanningState) =>
  place(c, queryOrBody(c, 'project_id'), queryOrBody(c, 'floor_id'), action, state);
const designIn = (floor: PlanFloor, raw: string | undefined, suffix: 'json' | 'fml') => {
  const match = new RegExp(`^(\\d{1,12})\\.${suffix}$`).exec(raw ?? '');
  return match ? floor.designs.find((d) => d.id === Number(match[1])) : undefined;
};

export const share: ApiHandler = (c, state) => {
  const where = flat(c, 'show', state);
  if ('response' in where) return where.response;
  const params = c.get('params');
  const input = resourceBody(params, 'share');
  const problems: string[] = [];
  const design =
    params.design && typeof params.design === 'object' ? (params.design as Record<string, unknown>) : {};
  const fml = typeof design.fml === 'string' ? design.fml : undefined;
  if (!fml) problems.push('design.fml: is required (the FML of the design)');
  if (!isEmail(input.email)) problems.push('email: is required and must be an email address');
  if (typeof input.message !== 'string' || !input.message.trim()) problems.push('message: is required');
  else if (input.message.length > 5000) problems.push('message: at most 5000 characters');
  const read = fml ? readFml(fml) : undefined;
  if (read && !read.ok) problems.push(`design.fml: ${read.problem.replace(/^body: /, '')}`);
  else if (read?.ok && read.root !== 'design') problems.push('design.fml: the root element must be design');
  if (problems.length || !read?.ok) return invalid(c, problems);
  if (state.designShares.length >= MAX_SHARES) state.designShares.shift();
  // the shared design: the floor's design with the document's id, else the document saved as a new one
  const docId = asInteger(textOf(read.node.id));
  let target = where.floor.designs.find((d) => d.id === docId);
  if (!target) {
    if (where.floor.designs.length >= MAX_DESIGNS_PER_FLOOR)
      return invalid(c, [`design: at most ${MAX_DESIGNS_PER_FLOOR} designs per floor`]);
    target = designFromNode(read.node, newDesignId(state), now());
    where.floor.designs.push(target);
  }
  const stamp = now();
  const { token } = issueToken(
    state.tokens,
    { kind: 'project', userId: where.project.userId, projectId: where.project.id, scope: 'share' },
    7 * 24 * 3600,
  );
  const url = `${rootOf(c)}/editor/${where.project.id}?token=${token}&design=${target.id}`;
  const record: DesignShareRecord = {
    id: state.nextId('design-share', 80000),
    user_id: c.get('caller').userId,
    design_id: target.id,
    project_id: where.project.id,
    message: input.message as string,
    email: input.email as string,
    url,
    edit_pass: randomHex(4),
    ip_address: c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1',
    created_at: stamp,
    updated_at: stamp,
  };
  state.designShares.push(record);
  state.sendEmail({
    kind: 'design_share',
    to: record.email,
    subject: `${c.get('caller').user.email} shared the design "${target.name}" with you`,
    text: `${record.message}\n\nSee the design:\n${url}\n`,
    project_id: where.project.id,
    design_id: target.id,
    url,
  });
  return c.json(record);
};

export const create: ApiHandler = (c, state) => {
  const where = flat(c, 'change', state);
  if ('response' in where) return where.response;
  const input = resourceBody(c.get('params'), 'design');
  const problems: string[] = [];
  const name = readText(input, 'name', problems, { nullable: false, label: 'design.name' });
  if (name === undefined && !problems.length) problems.push('design.name: is required');
  if (where.floor.designs.length >= MAX_DESIGNS_PER_FLOOR)
    problems.push(`design: at most ${MAX_DESIGNS_PER_FLOOR} designs per floor`);
  if (problems.length) return invalid(c, problems);
  // a new saved version of the floor's plan: it starts as a copy of the floor's latest design
  const latest = where.floor.designs.at(-1);
  const stamp = now();
  const design: PlanDesign = {
    id: newDesignId(state),
    name: name!,
    walls: structuredClone(latest?.walls ?? []),
    areas: structuredClone(latest?.areas ?? []),
    cameras: [],
    createdAt: stamp,
    updatedAt: stamp,
  };
  where.floor.designs.push(design);
  where.project.updatedAt = stamp;
  return c.json(designJson(where.project, where.floor, design));
};

export const show: ApiHandler = (c, state) => {
  const where = flat(c, 'show', state);
  if ('response' in where) return where.response;
  const design = designIn(where.floor, c.req.param('file'), 'json');
  return design ? c.json(designJson(where.project, where.floor, design)) : notFound(c);
};

export const update: ApiHandler = (c, state) => {
  const where = flat(c, 'change', state);
  if ('response' in where) return where.response;
  const design = designIn(where.floor, c.req.param('file'), 'json');
  if (!design) return notFound(c);
  const input = resourceBody(c.get('params'), 'design');
  const problems: string[] = [];
  const name = readText(input, 'name', problems, { nullable: false, label: 'design.name' });
  if (name === undefined && !problems.length) problems.push('design.name: is required');
  if (problems.length) return invalid(c, problems);
  design.name = name!;
  design.updatedAt = now();
  return c.json(designJson(where.project, where.floor, design));
};

export const destroy: ApiHandler = (c, state) => {
  const where = flat(c, 'change', state);
  if ('response' in where) return where.response;
  const design = designIn(where.floor, c.req.param('file'), 'json');
  if (!design) return notFound(c);
  where.floor.designs = where.floor.designs.filter((d) => d !== design);
  return c.json({});
};

const nested = (c: Context<ApiEnv>, action: 'show' | 'change', state: PlanningState) =>
  place(c, c.req.param('project_id'), c.req.param('floor_id'), action, state);
const fmlAnswer = (c: Context<ApiEnv>, project: ProjectRecord, floor: PlanFloor, design: PlanDesign) =>
  c.body(designFml(project, floor, design), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
const readDesignFml = async (
  c: Context<ApiEnv>,
): Promise<{ response: Response } | { node: Record<string, unknown> }> => {
  const read = readFml(await c.req.text());
  if (!read.ok) return { response: invalid(c, [read.problem]) };
  if (read.root !== 'design') return { response: invalid(c, ['body: the root element must be design']) };
  return { node: read.node };
};

export const createFml: ApiHandler = async (c, state) => {
  const where = nested(c, 'change', state);
  if ('response' in where) return where.response;
  const read = await readDesignFml(c);
  if ('response' in read) return read.response;
  if (where.floor.designs.length >= MAX_DESIGNS_PER_FLOOR)
    return invalid(c, [`design: at most ${MAX_DESIGNS_PER_FLOOR} designs per floor`]);
  const design = designFromNode(read.node, newDesignId(state), now());
  where.floor.designs.push(design);
  return fmlAnswer(c, where.project, where.floor, design);
};

export const updateFml: ApiHandler = async (c, state) => {
  const where = nested(c, 'change', state);
  if ('response' in where) return where.response;
  const design = designIn(where.floor, c.req.param('file'), 'fml');
  if (!design) return notFound(c);
  const read = await readDesignFml(c);
  if ('response' in read) return read.response;
  const next = designFromNode(read.node, design.id, now());
  Object.assign(design, {
    name: next.name,
    walls: next.walls,
    areas: next.areas,
    updatedAt: next.updatedAt,
  });
  return fmlAnswer(c, where.project, where.floor, design);
};

export const destroyCamera: ApiHandler = (c, state) => {
  const where = nested(c, 'change', state);
  if ('response' in where) return where.response;
  const id = Number(/^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '')?.[1] ?? NaN);
  const holders = [where.floor, ...where.floor.designs];
  const holder = holders.find((h) => h.cameras.some((cam) => cam.id === id));
  if (!holder) return notFound(c);
  holder.cameras = holder.cameras.filter((cam) => cam.id !== id);
  return c.json({});
};
