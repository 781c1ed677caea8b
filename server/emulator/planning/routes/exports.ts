/**
 * Document 1, sections 4.3, 4.8 and 6: the export operation, the exports list and the callback.
 *
 * An export renders its files at once (the 200 response carries the result map and `export_id`),
 * then delivers the result map to the callback: an http(s) endpoint gets a real POST (signed, up to
 * three attempts), an email address gets a message in the emulator's outbox.
 */
import type { Context } from 'hono';
import { randomHex } from '../../shared/random-hex.ts';
import { deliver, finishedExport } from '../domain/delivery.ts';
import { validateExport } from '../domain/export-rules.ts';
import type { ResultMap } from '../domain/records.ts';
import { iso } from '../domain/seed.ts';
import { projectFacts } from '../formats/project-json.ts';
import { renderExport } from '../render/export-render.ts';
import type { ApiEnv, ApiHandler } from './api-env.ts';
import { forbidden, notFound } from './auth.ts';
import { findProject } from './find-project.ts';

export const MAX_LISTED_EXPORTS = 100;

export const exportProject: ApiHandler = async (c, state) => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return forbidden(c);
  const found = findProject(c, state, Number(c.req.param('id')), 'change');
  if ('response' in found) return found.response;
  const { project } = found;
  const params = { ...c.get('params') };
  delete params.access_token;
  const checked = validateExport(params, projectFacts(project));
  if (!checked.ok) return c.json({ error: 'invalid parameters specified', details: checked.details }, 422);
  const { request } = checked;

  const id = state.newExportId();
  const token = randomHex(12);
  const root = planningRoot(c);
  const { files, result } = await renderExport(project, request, token, (key) => `${root}/files/${key}`);
  const now = iso(Date.now());
  const record = finishedExport(
    {
      id,
      project_id: project.id,
      user_id: caller.userId,
      type: request.type,
      fmt: request.fmt,
      designs: request.designs ?? projectFacts(project).designIds,
      width: request.width,
      height: request.height,
      paper: request.paper,
      views: request.views,
      callback: request.callback,
      callback_kind: request.callbackKind,
      result,
    },
    now,
  );
  state.addExport(record, files);
  project.exportedAt = now;
  // The callback is signed with the secret of whoever asked: the OAuth application's client secret,
  // or the API key.
  const signingKey = caller.via === 'api_key' ? state.config.apiKey : state.config.clientSecret;
  void deliver(state, record, signingKey).catch(() => {
    record.callback_status = 'failed';
  });
  c.header('Location', `${root}/api/v2/exports/${id}.json`);
  const body: ResultMap & { export_id: number } = { ...result, export_id: id };
  return c.json(body);
};

export const list: ApiHandler = (c, state) => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return forbidden(c);
  const mine = state.exports.filter((e) => e.user_id === caller.userId);
  return c.json(mine.slice(-MAX_LISTED_EXPORTS).reverse());
};

export const show: ApiHandler = (c, state) => {
  const caller = c.get('caller');
  if (caller.via === 'project_token') return forbidden(c);
  const match = /^(\d{1,12})\.json$/.exec(c.req.param('file') ?? '');
  const record = match ? state.exports.find((e) => e.id === Number(match[1])) : undefined;
  if (!record) return notFound(c);
  if (record.user_id !== caller.userId) return forbidden(c);
  return c.json(record);
};

/** The emulator's planning root as the client reached it, e.g. http://127.0.0.1:4010/planning */
export function planningRoot(c: Context<ApiEnv>): string {
  const url = new URL(c.req.url);
  const at = url.pathname.indexOf('/api/v2/');
  return url.origin + url.pathname.slice(0, at);
}
