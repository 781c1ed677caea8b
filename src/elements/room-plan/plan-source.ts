/**
 * Where a plan's model comes from: the `model` property, a `src` URL (a model JSON document or a
 * whole room document), or `room-id` through the room-styling client. Returns the raw JSON; the
 * element validates it with readModel(). Also names every failure in the element's own words.
 */
import { ApiError, request } from '../../api/http.js';
import { RoomStylingClient } from '../../api/room-styling/index.js';
import { safeHttpUrl } from '../../internal/safe-url.js';
import type { ModelProblem } from '../../model/types.js';
import type { PlanStringKey } from './plan-strings.js';

/** Why a plan could not be drawn when the HTTP call itself went well. */
export class PlanError extends Error {
  override readonly name = 'PlanError';
  constructor(
    message: string,
    readonly kind: 'not-drawable' | 'no-model' | 'bad-id' | 'bad-src' | 'render',
    /** What readModel() found wrong (for `not-drawable`). */
    readonly problems: readonly ModelProblem[] = [],
  ) {
    super(message);
  }
}

export interface PlanSource {
  model?: unknown;
  src?: string;
  roomId?: string;
  apiBase?: string;
}

export function hasSource(source: PlanSource): boolean {
  return source.model != null || !!source.src?.trim() || !!source.roomId?.trim();
}

/** The raw model (or room) to read, from the first input given: model, then src, then room-id. */
export async function loadRaw(source: PlanSource, signal: AbortSignal): Promise<unknown> {
  if (source.model != null) return source.model;
  if (source.src?.trim()) {
    const url = safeHttpUrl(source.src);
    if (!url) throw new PlanError(`not an http(s) URL: ${source.src}`, 'bad-src');
    return request(url, { signal });
  }
  const id = source.roomId?.trim() ?? '';
  if (!/^\d+$/.test(id)) throw new PlanError(`not a room id: ${id}`, 'bad-id');
  const client = new RoomStylingClient({ base: source.apiBase || undefined });
  const room = await client.getRoom(id, {}, { signal });
  if (room.model == null) throw new PlanError('the room has no model', 'no-model');
  return room.model;
}

/** The message key and its values for an error shown in the element. */
export function describePlanError(
  error: unknown,
  source: PlanSource,
): { key: PlanStringKey; values: Record<string, string | number> } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError) {
    if (error.status === 404) return { key: 'notFound', values: {} };
    if (error.status === 401 || error.status === 403) return { key: 'private', values: {} };
    if (error.status >= 500) return { key: 'server', values: { status: error.status } };
    if (error.kind === 'invalid') return { key: 'badModel', values: { message } };
    return { key: 'network', values: { message } };
  }
  if (error instanceof PlanError) {
    switch (error.kind) {
      case 'not-drawable':
        return { key: 'notDrawable', values: { problems: error.problems.length } };
      case 'no-model':
        return { key: 'noModel', values: {} };
      case 'bad-id':
        return { key: 'badId', values: { id: source.roomId ?? '' } };
      case 'bad-src':
        return { key: 'badSrc', values: { src: source.src ?? '' } };
      default:
        return { key: 'failed', values: { message } };
    }
  }
  return { key: 'failed', values: { message } };
}
