/**
 * Document 1, section 4.5: media (images attached to a project). An upload is `file[data]` (base64,
 * optionally as a data: URL) with `file[name]`, or `remote_filename_url` (fetched once, at most
 * MAX_REMOTE_BYTES, no redirects). The image's type, width, height and size are read from its bytes;
 * it is served at `filename.url` (/planning/media/<token>/<name>, an unguessable URL, no credentials).
 */
import { Hono, type Context } from 'hono';
import { readBoundedBytes } from '../../../../src/platform/bounded-bytes.ts';
import { randomHex } from '../../shared/random-hex.ts';
import type { MediaRecord } from '../domain/records.ts';
import { MEDIA_BYTES_KEPT, type PlanningState } from '../domain/state.ts';
import { imageInfo } from '../formats/image-info.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { findProject } from './find-project.ts';
import { storedFileResponse } from './stored-file.ts';
import {
  invalid,
  isHttpUrl,
  now,
  type Params,
  pathId,
  readText,
  resourceBody,
  rootOf,
} from './operation-helpers.ts';

/** A remote image larger than this is refused (an uploaded one is bounded by the 1 MiB body limit). */
export const MAX_REMOTE_BYTES = 5 * 1024 * 1024;
const REMOTE_TIMEOUT_MS = 5000;
const MAX_MEDIA_PER_PROJECT = 200;

type Upload = { bytes: Uint8Array; name: string | null; url: string | null };

async function fetchRemote(url: string): Promise<Uint8Array | string> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  } catch (error) {
    return `remote_filename_url: could not be fetched (${(error as Error).message})`;
  }
  if (!response.ok) {
    await response.body?.cancel();
    return `remote_filename_url: answered HTTP ${response.status}`;
  }
  const tooLarge = new Error(`remote_filename_url: larger than ${MAX_REMOTE_BYTES} bytes`);
  try {
    return await readBoundedBytes(response, MAX_REMOTE_BYTES, () => tooLarge);
  } catch (error) {
    if (error === tooLarge) return tooLarge.message;
    throw error;
  }
}

/** The upload in the body (file or remote URL), or the problems; null when the body has neither. */
async function readUpload(input: Params, problems: string[]): Promise<Upload | null> {
  const file = input.file;
  const remote = input.remote_filename_url;
  const hasFile = file !== undefined && file !== null;
  const hasRemote = remote !== undefined && remote !== null && remote !== '';
  if (hasFile && hasRemote) {
    problems.push('file: send either file or remote_filename_url, not both');
    return null;
  }
  if (hasRemote) {
    if (!isHttpUrl(remote)) {
      problems.push('remote_filename_url: must be an http or https URL');
      return null;
    }
    const got = await fetchRemote(remote);
    if (typeof got === 'string') {
      problems.push(got);
      return null;
    }
    const last = new URL(remote).pathname.split('/').pop() || null;
    return { bytes: got, name: last, url: remote };
  }
  if (!hasFile) return null;
  if (typeof file !== 'object' || Array.isArray(file)) {
    problems.push('file: must be an object with name and data');
    return null;
  }
  const { data, name } = file as Params;
  if (typeof data !== 'string' || !data) {
    problems.push('file.data: is required (a base64 encoded image)');
    return null;
  }
  const base64 = data.replace(/^data:[\w.+/-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    problems.push('file.data: is not base64');
    return null;
  }
  if (name !== undefined && name !== null && (typeof name !== 'string' || name.length > 255))
    problems.push('file.name: must be a string of at most 255 characters');
  return {
    bytes: new Uint8Array(Buffer.from(base64, 'base64')),
    name: typeof name === 'string' ? name : null,
    url: null,
  };
}

const safeName = (name: string | null, extension: string) => {
  const stem = (name ?? 'image')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .slice(0, 80);
  return `${stem || 'image'}.${extension}`;
};

export function mediaJson(c: Context, m: MediaRecord) {
  return {
    id: m.id,
    project_id: m.project_id,
    size: m.size,
    width: m.width,
    height: m.height,
    ord: m.ord,
    parent_id: m.parent_id,
    user_id: m.user_id,
    design_element_id: m.design_element_id,
    content_type: m.content_type,
    filename: { url: `${rootOf(c)}/media/${m.fileToken}/${m.fileName}` },
    thumbnail: m.thumbnail,
    kind: m.kind,
    url: m.url,
    title: m.title,
    description: m.description,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

const project = (c: Context<ApiEnv>, action: 'show' | 'change', state: PlanningState) => {
  if (c.get('caller').via === 'project_token' && action === 'change') return { response: forbidden(c) };
  const id = pathId(c, 'project_id');
  if (id === undefined) return { response: notFound(c) };
  return findProject(c, state, id, action);
};
const one = (c: Context<ApiEnv>, projectId: number, state: PlanningState) => {
  const raw = /^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '');
  const m = raw ? state.media.get(Number(raw[1])) : undefined;
  return m && m.project_id === projectId ? m : undefined;
};

/** Reads title, kind, description and an optional upload; `create` requires title and an upload. */
const readBody = async (c: Context<ApiEnv>, create: boolean, problems: string[], state: PlanningState) => {
  const input = resourceBody(c.get('params'), 'media');
  if (create && (typeof input.title !== 'string' || !input.title.trim())) problems.push('title: is required');
  const title = readText(input, 'title', problems, { nullable: false });
  const kind = readText(input, 'kind', problems, { max: 50 });
  const description = readText(input, 'description', problems, { max: 5000 });
  const upload = await readUpload(input, problems);
  if (create && !upload && !problems.some((p) => p.startsWith('file') || p.startsWith('remote')))
    problems.push('file: send file (name and base64 data) or remote_filename_url');
  let info = null;
  if (upload) {
    info = imageInfo(upload.bytes);
    if (!info)
      problems.push(
        `${upload.url ? 'remote_filename_url' : 'file.data'}: not a PNG, JPEG, GIF or WebP image`,
      );
    else if (state.mediaBytes() + upload.bytes.byteLength > MEDIA_BYTES_KEPT)
      problems.push('file: the emulator keeps no more media (reset it)');
  }
  return { title, kind, description, upload, info };
};

export const create: ApiHandler = async (c, state) => {
  const found = project(c, 'change', state);
  if ('response' in found) return found.response;
  const problems: string[] = [];
  const body = await readBody(c, true, problems, state);
  const count = [...state.media.values()].filter((m) => m.project_id === found.project.id).length;
  if (count >= MAX_MEDIA_PER_PROJECT) problems.push(`media: at most ${MAX_MEDIA_PER_PROJECT} per project`);
  if (problems.length || !body.upload || !body.info) return invalid(c, problems);
  const stamp = now();
  const record: MediaRecord = {
    id: state.nextId('media', 900000),
    project_id: found.project.id,
    user_id: c.get('caller').userId,
    parent_id: null,
    design_element_id: null,
    size: body.upload.bytes.byteLength,
    width: body.info.width,
    height: body.info.height,
    ord: count,
    content_type: body.info.contentType,
    fileName: safeName(body.upload.name, body.info.extension),
    fileToken: randomHex(12),
    bytes: body.upload.bytes,
    thumbnail: null,
    kind: body.kind ?? null,
    url: body.upload.url,
    title: body.title!,
    description: body.description ?? null,
    created_at: stamp,
    updated_at: stamp,
  };
  state.media.set(record.id, record);
  return c.json(mediaJson(c, record));
};

export const list: ApiHandler = (c, state) => {
  const found = project(c, 'show', state);
  if ('response' in found) return found.response;
  const list = [...state.media.values()].filter((m) => m.project_id === found.project.id);
  return c.json(list.sort((a, b) => a.ord - b.ord || a.id - b.id).map((m) => mediaJson(c, m)));
};

export const show: ApiHandler = (c, state) => {
  const found = project(c, 'show', state);
  if ('response' in found) return found.response;
  const m = one(c, found.project.id, state);
  return m ? c.json(mediaJson(c, m)) : notFound(c);
};

export const update: ApiHandler = async (c, state) => {
  const found = project(c, 'change', state);
  if ('response' in found) return found.response;
  const m = one(c, found.project.id, state);
  if (!m) return notFound(c);
  const problems: string[] = [];
  const body = await readBody(c, false, problems, state);
  if (problems.length) return invalid(c, problems);
  if (body.title) m.title = body.title;
  if (body.kind !== undefined) m.kind = body.kind;
  if (body.description !== undefined) m.description = body.description;
  if (body.upload && body.info) {
    Object.assign(m, {
      bytes: body.upload.bytes,
      size: body.upload.bytes.byteLength,
      width: body.info.width,
      height: body.info.height,
      content_type: body.info.contentType,
      fileName: safeName(body.upload.name, body.info.extension),
      fileToken: randomHex(12),
      url: body.upload.url,
    });
  }
  m.updated_at = now();
  return c.json(mediaJson(c, m));
};

export const destroy: ApiHandler = (c, state) => {
  const found = project(c, 'change', state);
  if ('response' in found) return found.response;
  const m = one(c, found.project.id, state);
  if (!m) return notFound(c);
  state.media.delete(m.id);
  return c.json({});
};

/** GET /planning/media/:token/:name: the stored image, as it was uploaded. */
export function mediaFileRoutes(state: PlanningState): Hono {
  const app = new Hono();
  app.get('/:token/:name', (c) => {
    const token = c.req.param('token');
    const name = c.req.param('name');
    const m = [...state.media.values()].find((x) => x.fileToken === token && x.fileName === name);
    return storedFileResponse(c, m && { bytes: m.bytes, contentType: m.content_type, name: m.fileName });
  });
  return app;
}
