/**
 * The project as an FML JSON v3 document (`GET /projects/:id/fml`, the planning API's current form, in
 * centimetres): what `<room-tour>`, `<room-plan>` and `<room-viewer>` take as `fml`. Handed back as
 * parsed JSON, unchecked: the elements' FML reader checks every member.
 */
import { ApiError } from '../http.js';
import { call, idSegment, urlOf, type PlanningContext } from './context.js';

export async function showProjectFml(ctx: PlanningContext, id: number): Promise<Record<string, unknown>> {
  const path = `/projects/${idSegment(id)}/fml`;
  const body = await call(ctx, path);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError('The FML answer is not a JSON object', 200, urlOf(ctx, path), 'invalid', body);
  return body as Record<string, unknown>;
}
