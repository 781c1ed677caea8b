/**
 * Document 1, section 4.7: room type sets. The service's default sets (user_id null, is_default true)
 * are visible to everyone and changed by no one; each user's own sets are theirs alone. set_name is a
 * top-level JSON member (also read inside `room_type_set`). Destroy (DELETE or the POST alias) answers
 * `{"status":"ok"}`; refusing it answers 403 `{"status":"forbidden"}` (section 7).
 */
import type { Context } from 'hono';
import type { RoomTypeSetRecord } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';
import { asInteger } from '../domain/values.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { invalid, now, readText, resourceBody } from './operation-helpers.ts';

const MAX_SETS_PER_USER = 200;
const MAX_BY_IDS = 100;

export const refusedStatus = (c: Context) => c.json({ status: 'forbidden' }, 403);

/** Sets `userId` may see: the defaults and its own, not deleted. */
export function visibleSets(state: PlanningState, userId: number): RoomTypeSetRecord[] {
  return [...state.roomTypeSets.values()]
    .filter((s) => !s.deleted_at && (s.is_default || s.user_id === userId))
    .sort((a, b) => a.id - b.id);
}

const refuseProjectToken = (c: Context<ApiEnv>) =>
  c.get('caller').via === 'project_token' ? forbidden(c) : null;

/** `:id` as a set: 404 unknown or deleted; `own` also refuses defaults and others' sets (403). */
const find = (
  c: Context<ApiEnv>,
  raw: string | undefined,
  own: boolean,
  state: PlanningState,
): { response: Response } | { set: RoomTypeSetRecord } => {
  const refused = refuseProjectToken(c);
  if (refused) return { response: own ? refusedStatus(c) : refused };
  const id = /^\d{1,12}$/.test(raw ?? '') ? Number(raw) : undefined;
  const set = id === undefined ? undefined : state.roomTypeSets.get(id);
  if (!set || set.deleted_at) return { response: notFound(c) };
  const caller = c.get('caller');
  if (own ? set.user_id !== caller.userId : !set.is_default && set.user_id !== caller.userId)
    return { response: own ? refusedStatus(c) : forbidden(c) };
  return { set };
};
const fileId = (c: Context) => /^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '')?.[1];

const readName = (c: Context<ApiEnv>, problems: string[]) => {
  const input = resourceBody(c.get('params'), 'room_type_set');
  const name = readText(input, 'set_name', problems, { nullable: false, max: 100 });
  if (name === undefined && !problems.length) problems.push('set_name: is required');
  return name ?? undefined;
};

export const create: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const problems: string[] = [];
  const name = readName(c, problems);
  const caller = c.get('caller');
  if (
    visibleSets(state, caller.userId).filter((s) => s.user_id === caller.userId).length >= MAX_SETS_PER_USER
  )
    problems.push(`room_type_set: at most ${MAX_SETS_PER_USER} per user`);
  if (problems.length) return invalid(c, problems);
  const stamp = now();
  const set: RoomTypeSetRecord = {
    id: state.nextId('room-type-set', 100),
    set_name: name!,
    user_id: caller.userId,
    is_default: false,
    deleted_at: null,
    created_at: stamp,
    updated_at: stamp,
  };
  state.roomTypeSets.set(set.id, set);
  return c.json(set);
};

export const list: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const raw = c.req.query('offset');
  const offset = raw === undefined ? 0 : asInteger(raw);
  if (offset === undefined || offset < 0) return invalid(c, ['offset: must be an integer of at least 0']);
  const own = visibleSets(state, c.get('caller').userId).filter((s) => !s.is_default);
  return c.json(own.slice(offset));
};

export const defaults: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  // "the caller's own sets are added to the defaults"
  return c.json(visibleSets(state, c.get('caller').userId));
};

export const byIds: ApiHandler = (c, state) => {
  const refused = refuseProjectToken(c);
  if (refused) return refused;
  const match = /^(\d{1,12}(?:,\d{1,12})*)\.json$/.exec(c.req.param('file') ?? '');
  if (!match) return invalid(c, [':ids: must be comma separated ids']);
  const ids = [...new Set(match[1]!.split(',').map(Number))];
  if (ids.length > MAX_BY_IDS) return invalid(c, [`:ids: at most ${MAX_BY_IDS} ids`]);
  const visible = new Map(visibleSets(state, c.get('caller').userId).map((s) => [s.id, s]));
  const sets = ids.map((id) => visible.get(id));
  // every id must name a set the caller may see
  if (sets.some((s) => !s)) return notFound(c);
  return c.json(sets);
};

export const show: ApiHandler = (c, state): Response => {
  const found = find(c, fileId(c), false, state);
  return 'response' in found ? found.response : c.json(found.set);
};

const updateSet = (c: Context<ApiEnv>, raw: string | undefined, state: PlanningState): Response => {
  const found = find(c, raw, true, state);
  if ('response' in found) return found.response;
  const problems: string[] = [];
  const name = readName(c, problems);
  if (problems.length) return invalid(c, problems);
  Object.assign(found.set, { set_name: name!, updated_at: now() });
  return c.json(found.set);
};
export const updateById: ApiHandler = (c, state) => updateSet(c, c.req.param('id'), state);
export const update: ApiHandler = (c, state) => updateSet(c, fileId(c), state);

const destroySet = (c: Context<ApiEnv>, raw: string | undefined, state: PlanningState): Response => {
  const found = find(c, raw, true, state);
  if ('response' in found) return found.response;
  found.set.deleted_at = now();
  return c.json({ status: 'ok' });
};
export const destroyById: ApiHandler = (c, state) => destroySet(c, c.req.param('id'), state);
export const destroy: ApiHandler = (c, state) => destroySet(c, fileId(c), state);
