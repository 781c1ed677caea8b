/**
 * Room type sets (Document 1, section 4.7). Parameters are top-level JSON members (set_name).
 * Destroy answers `{status: "ok"}`.
 */
import * as v from 'valibot';
import { lenientBoolean, lenientInteger } from '../validate.js';
import { callValid, idSegment, type PlanningContext } from './context.js';

export const roomTypeSetSchema = v.looseObject({
  id: lenientInteger,
  set_name: v.string(),
  user_id: v.nullish(lenientInteger, null),
  is_default: v.nullish(lenientBoolean, null),
  deleted_at: v.nullish(v.string(), null),
  created_at: v.nullish(v.string(), null),
  updated_at: v.nullish(v.string(), null),
});
export type RoomTypeSet = v.InferOutput<typeof roomTypeSetSchema>;

export const statusOkSchema = v.looseObject({ status: v.string() });

const path = (id: number) => `/room_type_sets/${idSegment(id)}`;

export function createRoomTypeSet(ctx: PlanningContext, set: { set_name: string }): Promise<RoomTypeSet> {
  return callValid(ctx, '/room_type_sets.json', roomTypeSetSchema, { method: 'POST', body: set });
}

/** The caller's own sets; `offset` skips the first n. */
export function listRoomTypeSets(
  ctx: PlanningContext,
  query: { offset?: number } = {},
): Promise<RoomTypeSet[]> {
  return callValid(ctx, '/room_type_sets.json', v.array(roomTypeSetSchema), { query });
}

export function roomTypeSetsByIds(ctx: PlanningContext, ids: readonly number[]): Promise<RoomTypeSet[]> {
  if (!ids.length) throw new RangeError('roomTypeSetsByIds needs at least one id');
  return callValid(
    ctx,
    `/room_type_sets/by_ids/${ids.map(idSegment).join(',')}.json`,
    v.array(roomTypeSetSchema),
  );
}

export function showRoomTypeSet(ctx: PlanningContext, id: number): Promise<RoomTypeSet> {
  return callValid(ctx, `${path(id)}.json`, roomTypeSetSchema);
}

/**
 * Renames a set: PUT (default), PATCH, or `POST` to the `/:id/update.json` alias.
 */
export function updateRoomTypeSet(
  ctx: PlanningContext,
  id: number,
  set: { set_name: string },
  method: 'PUT' | 'PATCH' | 'POST' = 'PUT',
): Promise<RoomTypeSet> {
  const target = method === 'POST' ? `${path(id)}/update.json` : `${path(id)}.json`;
  return callValid(ctx, target, roomTypeSetSchema, { method, body: set });
}

/** The default sets, with the caller's own added. */
export function defaultRoomTypeSets(ctx: PlanningContext): Promise<RoomTypeSet[]> {
  return callValid(ctx, '/room_type_sets/defaults.json', v.array(roomTypeSetSchema));
}

/** DELETE (default) or `POST` to the `/:id/destroy.json` alias; answers `{status: "ok"}`. */
export function destroyRoomTypeSet(
  ctx: PlanningContext,
  id: number,
  method: 'DELETE' | 'POST' = 'DELETE',
): Promise<{ status: string }> {
  const target = method === 'POST' ? `${path(id)}/destroy.json` : `${path(id)}.json`;
  return callValid(ctx, target, statusOkSchema, { method });
}
