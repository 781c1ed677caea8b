/**
 * Document 1, sections 4.3, 4.8 and 6: the export operation, the exports list and the callback.
 *
 * An export renders its files at once (the 200 response carries the result map and `export_id`),
 * then delivers the result map to the callback: an http(s) endpoint gets a real POST (signed, up to
 * three attempts), an email address gets a message in the emulator's outbox.
 */
import type { Context } from 'hono';
import { forbidden, notFound } from './auth.ts';
import { renderExport, type ResultMap } from './export-render.ts';
import { validateExport } from './export-rules.ts';
import { randomHex } from './oauth.ts';
import { signBody } from './sign.ts';
import { projectFacts } from './project-json.ts';
import { findProject } from './projects.ts';
import { iso } from './seed.ts';
import type { ExportRecord, PlanningState } from './state.ts';
import type { ApiApp, ApiEnv } from './api.ts';

export const MAX_LISTED_EXPORTS = 100;
/** Delays before each callback attempt. */
export const CALLBACK_ATTEMPTS_MS = [0, 250, 1000];
const CALLBACK_TIMEOUT_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a callback's signature covers: the send time (Unix seconds, header X-Planner-Timestamp), the
 * export id, the project id and the body, joined by dots, so a captured callback can neither be stored
 * under another export's id (the ids travel in headers) nor replayed later (the receiver refuses a
 * stale timestamp). Without `timestamp` (the form before timestamps) the text starts at the export id.
 */
export function signedText(
  exportId: number | string,
  projectId: number | string,
  body: string,
  timestamp?: number | string,
): string {
  const rest = `${exportId}.${projectId}.${body}`;
  return timestamp === undefined ? rest : `${timestamp}.${rest}`;
}

async function deliver(state: PlanningState, record: ExportRecord, signingKey: string): Promise<void> {
  if (record.callback_kind === 'email') {
    const urls = [...Object.values(record.result.project), ...Object.values(record.result.design)].flat();
    state.sendEmail({
      kind: 'export',
      to: record.callback,
      subject: `Your export of project ${record.project_id} is ready`,
      text: `The files of export ${record.id}:\n${urls.join('\n')}\n`,
      export_id: record.id,
      result: record.result,
    });
    record.callback_status = 'sent';
    record.delivered_at = iso(Date.now());
    return;
  }
  await postSigned(record, signingKey, JSON.stringify(record.result), {
    'Content-Type': 'application/json',
  });
}

/**
 * POSTs an export's result to its callback, retried on CALLBACK_ATTEMPTS_MS; each attempt signed afresh
 * over its own send time (X-Planner-Timestamp), so a receiver can refuse a stale or replayed delivery.
 * Shared by the v2 callback (JSON) and the legacy XML API's (XML); sets the record's delivery state.
 */
export async function postSigned(
  record: ExportRecord,
  signingKey: string,
  body: string,
  extraHeaders: Record<string, string>,
  callback: string = record.callback,
): Promise<void> {
  for (const delay of CALLBACK_ATTEMPTS_MS) {
    if (delay) await sleep(delay);
    record.callback_attempts += 1;
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = await signBody(signingKey, signedText(record.id, record.project_id, body, timestamp));
    try {
      const response = await fetch(callback, {
        method: 'POST',
        headers: {
          'User-Agent': 'planning-emulator-callback/1',
          'X-Planner-Export-Id': String(record.id),
          'X-Planner-Project-Id': String(record.project_id),
          ...extraHeaders,
          'X-Planner-Timestamp': String(timestamp),
          'X-Planner-Signature': signature,
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      });
      record.callback_response_status = response.status;
      await response.body?.cancel();
      if (response.ok) {
        record.callback_status = 'delivered';
        record.delivered_at = iso(Date.now());
        return;
      }
      if (response.status < 500 && response.status !== 429) break; // the receiver said no: retrying will not help
    } catch {
      record.callback_response_status = null;
    }
  }
  record.callback_status = 'failed';
}

export function exportRoutes(app: ApiApp, state: PlanningState): void {
  app.post('/projects/:id{[0-9]+}/export.json', async (c) => {
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
    const record: ExportRecord = {
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
      callback_status: 'pending',
      callback_attempts: 0,
      callback_response_status: null,
      status: 'done',
      result,
      created_at: now,
      finished_at: now,
      delivered_at: null,
    };
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
  });

  app.get('/exports.json', (c) => {
    const caller = c.get('caller');
    if (caller.via === 'project_token') return forbidden(c);
    const mine = state.exports.filter((e) => e.user_id === caller.userId);
    return c.json(mine.slice(-MAX_LISTED_EXPORTS).reverse());
  });

  app.get('/exports/:file', (c) => {
    const caller = c.get('caller');
    if (caller.via === 'project_token') return forbidden(c);
    const match = /^(\d{1,12})\.json$/.exec(c.req.param('file'));
    const record = match ? state.exports.find((e) => e.id === Number(match[1])) : undefined;
    if (!record) return notFound(c);
    if (record.user_id !== caller.userId) return forbidden(c);
    return c.json(record);
  });
}

/** The emulator's planning root as the client reached it, e.g. http://127.0.0.1:4010/planning */
export function planningRoot(c: Context<ApiEnv>): string {
  const url = new URL(c.req.url);
  const at = url.pathname.indexOf('/api/v2/');
  return url.origin + url.pathname.slice(0, at);
}
