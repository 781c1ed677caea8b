/**
 * Media (Document 1, section 4.5): images attached to a project. An upload sends either `file`
 * (`name` and `data`, base64) or `remote_filename_url`. The service reads type, size, width and
 * height from the image; `filename.url` serves it.
 */
import * as v from 'valibot';
import { lenientInteger } from '../validate.js';
import { call, callValid, defined, idSegment, type PlanningContext } from './context.js';

const int = v.nullish(lenientInteger, null);

export const mediaSchema = v.looseObject({
  id: lenientInteger,
  project_id: lenientInteger,
  size: int,
  width: int,
  height: int,
  ord: int,
  parent_id: int,
  user_id: int,
  design_element_id: int,
  content_type: v.nullish(v.string(), null),
  filename: v.nullish(v.looseObject({ url: v.nullish(v.string(), null) }), null),
  thumbnail: v.nullish(v.string(), null),
  kind: v.nullish(v.string(), null),
  url: v.nullish(v.string(), null),
  title: v.nullish(v.string(), null),
  created_at: v.nullish(v.string(), null),
  updated_at: v.nullish(v.string(), null),
});
export type Media = v.InferOutput<typeof mediaSchema>;

export interface MediaInput {
  /** Required on create. */
  title?: string;
  file?: { name?: string; /** base64 (or a data: URL) */ data: string };
  /** An image online, used instead of `file`. */
  remote_filename_url?: string;
  kind?: string;
  description?: string;
}

/** Base64 of bytes, in browsers and Node alike (no Buffer). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const base = (projectId: number) => `/projects/${idSegment(projectId)}/media`;

export function createMedia(ctx: PlanningContext, projectId: number, media: MediaInput): Promise<Media> {
  return callValid(ctx, `${base(projectId)}.json`, mediaSchema, {
    method: 'POST',
    body: { media: defined(media) },
  });
}

export function showMedia(ctx: PlanningContext, projectId: number, id: number): Promise<Media> {
  return callValid(ctx, `${base(projectId)}/${idSegment(id)}.json`, mediaSchema);
}

export function listMedia(ctx: PlanningContext, projectId: number): Promise<Media[]> {
  return callValid(ctx, `${base(projectId)}.json`, v.array(mediaSchema));
}

export function updateMedia(
  ctx: PlanningContext,
  projectId: number,
  id: number,
  media: MediaInput,
): Promise<Media> {
  return callValid(ctx, `${base(projectId)}/${idSegment(id)}.json`, mediaSchema, {
    method: 'PATCH',
    body: { media: defined(media) },
  });
}

export async function destroyMedia(ctx: PlanningContext, projectId: number, id: number): Promise<void> {
  await call(ctx, `${base(projectId)}/${idSegment(id)}.json`, { method: 'DELETE' });
}
