/**
 * The one model source of `<room-viewer>` and `<room-plan>`: the `model` property, a `src` URL or a
 * `room-id` (first one given wins), with one rule for each step:
 * - inputs are trimmed; a blank `src` or `room-id` counts as absent;
 * - a room document (`{ model: {...} }` without a `plan`, as GET /rooms/:id answers) is unwrapped to its
 *   `model` member, whichever input it came from;
 * - every failure is an ElementError: the service's (kind and status from the classifier) or the
 *   element's own reasons `bad-src`, `bad-id`, `no-model`, `not-drawable` (with readModel's problems).
 */
import { ElementError } from './failure.js';
import { readModel } from '../model/index.js';
import type { ModelProblem, RoomModel } from '../model/types.js';
import { request } from './http.js';
import { RoomStylingClient } from './room-styling/index.js';
import { safeHttpUrl } from './safe-url.js';

export interface ModelSource {
  model?: unknown;
  src?: string | null;
  roomId?: string | number | null;
  apiBase?: string | null;
}

export interface LoadedModel {
  model: RoomModel;
  problems: readonly ModelProblem[];
}

const text = (value: string | number | null | undefined) => (value == null ? '' : String(value).trim());

/** True when the source names something to load. */
export function hasModelSource(source: ModelSource): boolean {
  return source.model != null || text(source.src) !== '' || text(source.roomId) !== '';
}

/** A room document's `model` member, or the value itself when it is already a model (or anything else). */
export function unwrapRoomDocument(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && !('plan' in raw) && 'model' in raw) {
    return (raw as { model: unknown }).model ?? null;
  }
  return raw;
}

/** The raw model JSON from the first input given; readModel() validates it. */
export async function loadRawModel(source: ModelSource, signal?: AbortSignal): Promise<unknown> {
  if (source.model != null) return unwrapRoomDocument(source.model);
  const src = text(source.src);
  if (src) {
    const url = safeHttpUrl(src);
    if (!url) throw new ElementError(`not an http(s) URL: ${src}`, { kind: 'invalid', reason: 'bad-src' });
    const raw = unwrapRoomDocument(await request(url, { signal }));
    if (raw == null)
      throw new ElementError('the document has no model', { kind: 'invalid', reason: 'no-model' });
    return raw;
  }
  const id = text(source.roomId);
  if (!/^\d+$/.test(id))
    throw new ElementError(`not a room id: ${id}`, { kind: 'invalid', reason: 'bad-id' });
  const client = new RoomStylingClient({ base: source.apiBase || undefined });
  const room = await client.getRoom(id, {}, { signal });
  if (room.model == null)
    throw new ElementError('the room has no model', { kind: 'invalid', reason: 'no-model' });
  return room.model;
}

/** The model read leniently, or `not-drawable` when it has no wall or area to draw. */
export async function loadModel(source: ModelSource, signal?: AbortSignal): Promise<LoadedModel> {
  const { model, problems, drawable } = readModel(await loadRawModel(source, signal));
  if (!drawable) {
    throw new ElementError('the model has no wall or area that can be drawn', {
      kind: 'invalid',
      reason: 'not-drawable',
      problems,
    });
  }
  return { model, problems };
}
