/**
 * Document 1, section 4.7: room type sets. The service's default sets (user_id null, is_default true)
 * are visible to everyone and changed by no one; each user's own sets are theirs alone. set_name is a
 * top-level JSON member (also read inside `room_type_set`). Destroy (DELETE or the POST alias) answers
 * `{"status":"ok"}`; refusing it answers 403 `{"status":"forbidden"}` (section 7).
 */
import type { Context } from 'hono';
import { forbidden, notFound } from './auth.ts';
import { asInteger } from './export-rules.ts';
import { invalid, now, readText, resourceBody } from './operation-helpers.ts';
import type { PlanningState, RoomTypeSetRecord } from './state.ts';
import type { ApiApp, ApiEnv } from './api.ts';

const MAX_SETS_PER_USER = 200;
const MAX_BY_IDS = 100;

export const refusedStatus = (c: Context) => c.json({ status: 'forbidden' }, 403);

/** Sets `userId` may see: the defaults and its own, not deleted. */
export function visibleSets(state: PlanningState, userId: number): RoomTypeSetRecord[] {
  return [...state.roomTypeSets.values()]
    .filter((s) => !s.deleted_at && (s.is_default || s.user_id === userId))
    .sort((a, b) => a.id - b.id);
}

export function roomTypeSetRoutes(app: ApiApp, state: PlanningState): void {
  const refuseProjectToken = (c: Context<ApiEnv>) =>
    c.get('caller').via === 'project_token' ? forbidden(c) : null;

  /** `:id` as a set: 404 unknown or deleted; `own` also refuses defaults and others' sets (403). */
  const find = (
    c: Context<ApiEnv>,
    raw: string | undefined,
    own: boolean,
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

  app.post('/room_type_sets.json', (c) => {
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
  });

  app.get('/room_type_sets.json', (c) => {
    const refused = refuseProjectToken(c);
    if (refused) return refused;
    const raw = c.req.query('offset');
    const offset = raw === undefined ? 0 : asInteger(raw);
    if (offset === undefined || offset < 0) return invalid(c, ['offset: must be an integer of at least 0']);
    const own = visibleSets(state, c.get('caller').userId).filter((s) => !s.is_default);
    return c.json(own.slice(offset));
  });

  app.get('/room_type_sets/defaults.json', (c) => {
    const refused = refuseProjectToken(c);
    if (refused) return refused;
    // "the caller's own sets are added to the defaults"
    return c.json(visibleSets(state, c.get('caller').userId));
  });

  app.get('/room_type_sets/by_ids/:file', (c) => {
    const refused = refuseProjectToken(c);
    if (refused) return refused;
    const match = /^(\d{1,12}(?:,\d{1,12})*)\.json$/.exec(c.req.param('file'));
    if (!match) return invalid(c, [':ids: must be comma separated ids']);
    const ids = [...new Set(match[1]!.split(',').map(Number))];
    if (ids.length > MAX_BY_IDS) return invalid(c, [`:ids: at most ${MAX_BY_IDS} ids`]);
    const visible = new Map(visibleSets(state, c.get('caller').userId).map((s) => [s.id, s]));
    const sets = ids.map((id) => visible.get(id));
    // every id must name a set the caller may see
    if (sets.some((s) => !s)) return notFound(c);
    return c.json(sets);
  });

  app.get('/room_type_sets/:file', (c): Response => {
    const found = find(c, fileId(c), false);
    return 'response' in found ? found.response : c.json(found.set);
  });

  const update = (c: Context<ApiEnv>, raw: string | undefined): Response => {
    const found = find(c, raw, true);
    if ('response' in found) return found.response;
    const problems: string[] = [];
    const name = readName(c, problems);
    if (problems.length) return invalid(c, problems);
    Object.assign(found.set, { set_name: name!, updated_at: now() });
    return c.json(found.set);
  };
  app.post('/room_type_sets/:id{[0-9]+}/update.json', (c) => update(c, c.req.param('id')));
  app.put('/room_type_sets/:file', (c) => update(c, fileId(c)));
  app.patch('/room_type_sets/:file', (c) => update(c, fileId(c)));

  const destroy = (c: Context<ApiEnv>, raw: string | undefined): Response => {
    const found = find(c, raw, true);
    if ('response' in found) return found.response;
    found.set.deleted_at = now();
    return c.json({ status: 'ok' });
  };
  app.post('/room_type_sets/:id{[0-9]+}/destroy.json', (c) => destroy(c, c.req.param('id')));
  app.delete('/room_type_sets/:file', (c) => destroy(c, fileId(c)));
}
