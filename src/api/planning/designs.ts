/**
 * Designs (Document 1, section 4.6). The flat /designs paths carry project_id and floor_id in the
 * query string (and, for create and share, in the body as well); the FML create and update are under
 * /projects/:project_id/floors/:floor_id/designs…fml and answer an FML design document.
 */
import * as v from 'valibot';
import { lenientInteger } from '../validate.js';
import { call, callValid, idSegment, type PlanningContext } from './context.js';
import { callFml, type FmlDocument } from './fml.js';

const text = v.nullish(v.string(), null);

export const designSchema = v.looseObject({
  id: lenientInteger,
  project_id: v.nullish(lenientInteger, null),
  floor_id: v.nullish(lenientInteger, null),
  name: v.optional(v.string(), ''),
  design_type: text,
  user_id: v.nullish(v.unknown(), null),
  design_hash: v.nullish(v.unknown(), null),
  thumb_url: v.nullish(v.unknown(), null),
  original_design_id: v.nullish(v.unknown(), null),
  thumb_2d_generated_at: v.nullish(v.unknown(), null),
  thumb_3d_generated_at: v.nullish(v.unknown(), null),
  created_at: text,
  updated_at: text,
});
export type Design = v.InferOutput<typeof designSchema>;

export const designShareSchema = v.looseObject({
  id: lenientInteger,
  user_id: v.nullish(lenientInteger, null),
  design_id: lenientInteger,
  project_id: lenientInteger,
  message: text,
  email: text,
  url: text,
  edit_pass: v.nullish(v.unknown(), null),
  ip_address: text,
  created_at: text,
  updated_at: text,
});
export type DesignShare = v.InferOutput<typeof designShareSchema>;

/** Where a design lives: both are required by every flat /designs operation. */
export interface DesignPlace {
  project_id: number;
  floor_id: number;
}

const where = (place: DesignPlace) => ({
  project_id: idSegment(place.project_id),
  floor_id: idSegment(place.floor_id),
});
const nested = (place: DesignPlace) =>
  `/projects/${idSegment(place.project_id)}/floors/${idSegment(place.floor_id)}`;

export function createDesign(
  ctx: PlanningContext,
  place: DesignPlace,
  design: { name: string },
): Promise<Design> {
  return callValid(ctx, '/designs.json', designSchema, {
    method: 'POST',
    query: where(place),
    body: { ...where(place), design },
  });
}

export function showDesign(ctx: PlanningContext, place: DesignPlace, id: number): Promise<Design> {
  return callValid(ctx, `/designs/${idSegment(id)}.json`, designSchema, { query: where(place) });
}

export function updateDesign(
  ctx: PlanningContext,
  place: DesignPlace,
  id: number,
  design: { name: string },
): Promise<Design> {
  return callValid(ctx, `/designs/${idSegment(id)}.json`, designSchema, {
    method: 'PATCH',
    query: where(place),
    body: { design },
  });
}

export async function destroyDesign(ctx: PlanningContext, place: DesignPlace, id: number): Promise<void> {
  await call(ctx, `/designs/${idSegment(id)}.json`, { method: 'DELETE', query: where(place) });
}

/** A new design from an FML design document; answers the stored design as FML. */
export function createDesignFml(ctx: PlanningContext, place: DesignPlace, fml: string): Promise<FmlDocument> {
  return callFml(ctx, `${nested(place)}/designs.fml`, { method: 'POST', body: fml, contentType: 'text/xml' });
}

/** Replaces a design with an FML design document; answers it as FML. */
export function updateDesignFml(
  ctx: PlanningContext,
  place: DesignPlace,
  id: number,
  fml: string,
): Promise<FmlDocument> {
  return callFml(ctx, `${nested(place)}/designs/${idSegment(id)}.fml`, {
    method: 'PUT',
    body: fml,
    contentType: 'text/xml',
  });
}

/** Emails the design (its FML) to `email` with `message`; answers the share record. */
export function shareDesign(
  ctx: PlanningContext,
  share: DesignPlace & { fml: string; email: string; message: string },
): Promise<DesignShare> {
  return callValid(ctx, '/designs/share.json', designShareSchema, {
    method: 'POST',
    body: { ...where(share), design: { fml: share.fml }, email: share.email, message: share.message },
  });
}

export async function destroyCamera(ctx: PlanningContext, place: DesignPlace, id: number): Promise<void> {
  await call(ctx, `${nested(place)}/cameras/${idSegment(id)}.json`, { method: 'DELETE' });
}
