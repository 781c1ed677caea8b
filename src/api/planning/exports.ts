/**
 * Exports: start one (POST /projects/:id/export.json, section 4.3) and list them (section 4.8).
 * Whether the result map comes back in the 200 answer or only goes to the callback is "not shown",
 * so both are handled: a result map gives files, any other success means queued.
 */
import { ApiError } from '../http.js';
import { validate } from '../validate.js';
import { call, idSegment, urlOf, type PlanningContext } from './context.js';
import type { ExportRequest } from './export-tables.js';
import { exportListSchema, exportRecordSchema, exportResultSchema } from './schemas.js';
import type { ExportOutcome, ExportRecord, ExportResultMap } from './types.js';

/** Reads an export answer: a result map (also when wrapped in `result`) or a queued export. */
export function readExportAnswer(body: unknown, url: string): ExportOutcome {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    // the export record's id, when the answer names it (the emulator sends `export_id`)
    const rawId = b.export_id ?? b.id;
    const exportId =
      typeof rawId === 'number' && Number.isSafeInteger(rawId) && rawId > 0 ? rawId : undefined;
    const withId = exportId === undefined ? {} : { exportId };
    const candidate = 'project' in b || 'design' in b ? b : b.result;
    if (candidate && typeof candidate === 'object') {
      const result = validate(exportResultSchema, candidate, url) as ExportResultMap;
      return { kind: 'files', result, ...withId };
    }
    return { kind: 'queued', body, ...withId };
  }
  if (body !== undefined && body !== null && body !== '') {
    throw new ApiError('The service sent an unexpected export answer', 200, url, 'invalid', body);
  }
  return { kind: 'queued', body };
}

/**
 * Sends an export. Pass a body from buildExportRequest(): it has been checked against the tables.
 * Never retried (POST): a retry could render twice.
 */
export async function exportProject(
  ctx: PlanningContext,
  projectId: number,
  body: ExportRequest,
): Promise<ExportOutcome> {
  const path = `/projects/${idSegment(projectId)}/export.json`;
  const answer = await call(ctx, path, { method: 'POST', body });
  return readExportAnswer(answer, urlOf(ctx, path));
}

/** The 100 most recent exports. */
export async function listExports(ctx: PlanningContext): Promise<ExportRecord[]> {
  return validate(
    exportListSchema,
    await call(ctx, '/exports.json'),
    urlOf(ctx, 'exports.json'),
  ) as ExportRecord[];
}

export async function showExport(ctx: PlanningContext, id: number): Promise<ExportRecord> {
  const path = `/exports/${idSegment(id)}.json`;
  return validate(exportRecordSchema, await call(ctx, path), urlOf(ctx, path)) as ExportRecord;
}

/** Every file URL of a result map, project files first, in the service's order. */
export function resultFiles(
  result: ExportResultMap,
): { owner: 'project' | 'design'; id: string; url: string }[] {
  const out: { owner: 'project' | 'design'; id: string; url: string }[] = [];
  for (const owner of ['project', 'design'] as const) {
    for (const [id, urls] of Object.entries(result[owner]))
      for (const url of urls) out.push({ owner, id, url });
  }
  return out;
}
