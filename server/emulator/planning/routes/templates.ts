/**
 * Document 1, section 4.9: templates. editor_settings is checked against the document's table (every
 * member optional, unknown members refused); per_page above 50 is 50. Someone else's template is 404
 * to show and 403 `{"status":"forbidden"}` to update or destroy; create, update and destroy refuse
 * with that body too (section 7).
 */
import type { Context } from 'hono';
import type { TemplateRecord } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import { asBoolean, asInteger } from '../domain/values.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { invalid, isEmail, isHttpUrl, now, paging, readText, resourceBody } from './operation-helpers.ts';
import { refusedStatus, visibleSets } from './room-type-sets.ts';

export const TEMPLATES_MAX_PER_PAGE = 50;
const MAX_TEMPLATES_PER_USER = 500;

const ZERO_ONE = (v: unknown) => v === 0 || v === 1 || v === '0' || v === '1' || v === true || v === false;
const HEX = /^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const oneOf = (values: (string | number)[]) => (v: unknown) => values.some((x) => String(x) === String(v));

/** The editor_settings table: member → [check, what is allowed]. */
const RULES: Record<string, [(v: unknown, state: PlanningState, userId: number) => boolean, string]> = {
  cutSection: [ZERO_ONE, '0 or 1'],
  cutSection3D: [(v) => (asInteger(v) ?? -1) >= 0, 'an integer number of centimetres'],
  wallTopColor2D: [(v) => typeof v === 'string' && HEX.test(v), 'a hex colour of 3 or 6 digits without #'],
  wallTopColor3D: [(v) => typeof v === 'string' && HEX.test(v), 'a hex colour of 3 or 6 digits without #'],
  measurementSystem: [oneOf(['meter', 'feet']), 'meter or feet'],
  collections: [
    (v) =>
      (typeof v === 'string' && /^\d{1,12}(?:\s*,\s*\d{1,12})*$/.test(v.trim())) ||
      (Array.isArray(v) && v.length <= 500 && v.every((x) => asInteger(x) !== undefined)),
    'comma separated collection ids',
  ],
  room_type_sets: [
    (v, state, userId) => {
      const id = asInteger(v);
      return id !== undefined && visibleSets(state, userId).some((s) => s.id === id);
    },
    'the id of a room type set you can see',
  ],
  exportFormat: [oneOf(['jpg', 'png', 'pdf']), 'jpg, png or pdf'],
  exportRatio: [
    (v) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
      const r = v as Record<string, unknown>;
      return Object.entries(r).every(([k, x]) =>
        k === 'pdf'
          ? oneOf(['A4', 'A3', 'A2', 'LETTER'])(x)
          : (k === 'png' || k === 'jpg') && oneOf(['16:9', '4:3', 'A4'])(x),
      );
    },
    'an object: png and jpg 16:9, 4:3 or A4; pdf A4, A3, A2 or LETTER',
  ],
  exportOrientation: [oneOf(['landscape', 'portrait']), 'landscape or portrait'],
  combine: [ZERO_ONE, '0 or 1'],
  exportEnabled2D: [ZERO_ONE, '0 or 1'],
  exportEnabled3D: [ZERO_ONE, '0 or 1'],
  exportScale2D: [oneOf(['auto', 50, 100, 200, 500]), 'auto, 50, 100, 200 or 500'],
  exportView3D: [oneOf(['top', 'sw', 'se', 'nw', 'ne']), 'top, sw, se, nw or ne'],
  exportLabels3D: [(v) => asBoolean(v) !== undefined, 'true or false (0 or 1)'],
  exportOrtho3D: [(v) => asBoolean(v) !== undefined, 'true or false (0 or 1)'],
  exportEmail: [isEmail, 'an email address'],
  // a form-data file upload in the service; in JSON the logo's http(s) URL
  exportLogoUrl: [isHttpUrl, 'an http or https URL of the logo'],
  _logoID: [(v) => (asInteger(v) ?? 0) > 0, 'an integer id'],
};

/** editor_settings checked member by member; problems as `editor_settings.<member>: must be …`. */
export function checkEditorSettings(
  value: unknown,
  state: PlanningState,
  userId: number,
  problems: string[],
): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push('editor_settings: must be an object');
    return undefined;
  }
  const settings = value as Record<string, unknown>;
  for (const [key, v] of Object.entries(settings)) {
    const rule = RULES[key];
    if (!rule) problems.push(`editor_settings.${key}: not a template setting`);
    else if (v !== null && !rule[0](v, state, userId))
      problems.push(`editor_settings.${key}: must be ${rule[1]}`);
  }
  return settings;
}

const fileId = (c: Context) => /^(\d{1,12})(?:\.json)?$/.exec(c.req.param('file') ?? '')?.[1];
/** Create, update and destroy refuse with `{status: "forbidden"}` (section 7). */
const refusedWrite = (c: Context<ApiEnv>) =>
  c.get('caller').via === 'project_token' ? refusedStatus(c) : null;

const read = (c: Context<ApiEnv>, problems: string[], state: PlanningState) => {
  const input = resourceBody(c.get('params'), 'template');
  const name = readText(input, 'name', problems, { nullable: false });
  if (name === undefined && !problems.length) problems.push('name: is required');
  const editor = checkEditorSettings(input.editor_settings, state, c.get('caller').userId, problems);
  return { name, editor };
};

export const create: ApiHandler = (c, state) => {
  const refused = refusedWrite(c);
  if (refused) return refused;
  const problems: string[] = [];
  const { name, editor } = read(c, problems, state);
  const userId = c.get('caller').userId;
  if ([...state.templates.values()].filter((t) => t.user_id === userId).length >= MAX_TEMPLATES_PER_USER)
    problems.push(`template: at most ${MAX_TEMPLATES_PER_USER} per user`);
  if (problems.length) return invalid(c, problems);
  const stamp = now();
  const template: TemplateRecord = {
    id: state.nextId('template', 4000),
    user_id: userId,
    name: name!,
    settings: null,
    viewer_settings: {},
    editor_settings: editor ?? {},
    export_settings: {},
    created_at: stamp,
    updated_at: stamp,
  };
  state.templates.set(template.id, template);
  return c.json(template);
};

export const list: ApiHandler = (c, state) => {
  if (c.get('caller').via === 'project_token') return forbidden(c);
  const problems: string[] = [];
  // "a larger value is ignored and 50 is used"
  const { from, to } = paging(c, TEMPLATES_MAX_PER_PAGE, problems);
  if (problems.length) return invalid(c, problems);
  const mine = [...state.templates.values()]
    .filter((t) => t.user_id === c.get('caller').userId)
    .sort((a, b) => a.id - b.id);
  c.header('X-Total-Count', String(mine.length));
  return c.json(mine.slice(from, to));
};

export const show: ApiHandler = (c, state) => {
  if (c.get('caller').via === 'project_token') return forbidden(c);
  const id = fileId(c);
  const template = id ? state.templates.get(Number(id)) : undefined;
  // "a template that does not exist or does not belong to the caller": 404
  if (!template || template.user_id !== c.get('caller').userId) return notFound(c);
  return c.json(template);
};

const own = (
  c: Context<ApiEnv>,
  state: PlanningState,
): { response: Response } | { template: TemplateRecord } => {
  const refused = refusedWrite(c);
  if (refused) return { response: refused };
  const id = fileId(c);
  const template = id ? state.templates.get(Number(id)) : undefined;
  if (!template) return { response: notFound(c) };
  if (template.user_id !== c.get('caller').userId) return { response: refusedStatus(c) };
  return { template };
};

export const update: ApiHandler = (c, state): Response => {
  const found = own(c, state);
  if ('response' in found) return found.response;
  const problems: string[] = [];
  const { name, editor } = read(c, problems, state);
  if (problems.length) return invalid(c, problems);
  Object.assign(found.template, {
    name: name!,
    ...(editor !== undefined ? { editor_settings: editor } : {}),
    updated_at: now(),
  });
  return c.json(found.template);
};

export const destroy: ApiHandler = (c, state): Response => {
  const found = own(c, state);
  if ('response' in found) return found.response;
  state.templates.delete(found.template.id);
  return c.json({ status: 'ok' });
};
