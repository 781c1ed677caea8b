/**
 * Export results: the receiver the planning service POSTs the result map to (/export-callback), and
 * how the page learns the files are ready (/exports/:id/status to poll, /exports/:id/events as a
 * server-sent event stream).
 *
 * The receiver trusts a callback only when its `X-Planner-Signature` checks out with the client secret
 * (or another configured key): anyone can POST to a public URL. The signature is the sha256 HMAC of
 * `<X-Planner-Export-Id>.<X-Planner-Project-Id>.<body>`, so the ids in the headers are covered too and
 * a captured callback cannot be stored under another export's id.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { PartnerEnv } from './context.ts';
import type { ResolvedPartnerOptions } from './options.ts';
import type { Session, Sessions } from './session.ts';
import { apiCall, plannerBases } from './planner.ts';

export interface ResultMap {
  project: Record<string, string[]>;
  design: Record<string, string[]>;
}

export interface ReceivedExport {
  export_id: number;
  project_id: number | null;
  result: ResultMap;
  received_at: string;
}

const RESULT_TTL = 24 * 3600;
const MAX_CALLBACK_BYTES = 1_000_000;

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  return new Uint8Array(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)));
}

async function signatureValid(keys: string[], text: string, header: string | undefined): Promise<boolean> {
  const mac = header?.startsWith('sha256=') ? hexBytes(header.slice(7)) : null;
  if (!mac) return false;
  for (const key of keys) {
    if (!key) continue;
    const cryptoKey = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    // verify() compares in constant time
    if (await crypto.subtle.verify('HMAC', cryptoKey, mac, new TextEncoder().encode(text))) return true;
  }
  return false;
}

function isUrlList(v: unknown): v is Record<string, string[]> {
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v).every(
      (urls) => Array.isArray(urls) && urls.every((u) => typeof u === 'string' && /^https?:\/\//i.test(u)),
    )
  );
}

export async function receiveCallback(c: Context<PartnerEnv>, options: ResolvedPartnerOptions) {
  // refuse a declared oversize body before reading it; an undeclared one is measured after
  if (Number(c.req.header('content-length') ?? 0) > MAX_CALLBACK_BYTES)
    return c.json({ error: 'too_large' }, 413);
  const body = await c.req.text();
  if (body.length > MAX_CALLBACK_BYTES) return c.json({ error: 'too_large' }, 413);
  const exportHeader = c.req.header('x-planner-export-id') ?? '';
  const projectHeader = c.req.header('x-planner-project-id') ?? '';
  if (
    !(await signatureValid(
      [options.clientSecret, ...options.callbackKeys],
      `${exportHeader}.${projectHeader}.${body}`,
      c.req.header('x-planner-signature'),
    ))
  )
    return c.json({ error: 'bad_signature' }, 401);
  const exportId = Number(exportHeader);
  if (!Number.isSafeInteger(exportId) || exportId < 1) return c.json({ error: 'missing_export_id' }, 400);
  let result: unknown;
  try {
    result = JSON.parse(body);
  } catch {
    return c.json({ error: 'not_json' }, 400);
  }
  const map = result as Partial<ResultMap> | null;
  if (!map || !isUrlList(map.project) || !isUrlList(map.design))
    return c.json({ error: 'not_a_result_map' }, 400);
  const projectId = projectHeader === '' ? NaN : Number(projectHeader);
  const received: ReceivedExport = {
    export_id: exportId,
    project_id: Number.isSafeInteger(projectId) ? projectId : null,
    result: { project: map.project, design: map.design },
    received_at: new Date().toISOString(),
  };
  await options.store.set(`export:${exportId}`, received, RESULT_TTL);
  return c.json({});
}

/**
 * May this session see export `id`? Yes when it made it through the proxy, or when the planning
 * service shows that export to the session's token (GET /exports/:id.json answers only the owner).
 */
export async function sessionOwnsExport(
  c: Context<PartnerEnv>,
  options: ResolvedPartnerOptions,
  sessions: Sessions,
  session: Session,
  id: number,
): Promise<boolean> {
  if (session.exports.includes(id)) return true;
  const token = await sessions.liveToken(session);
  if (!token) return false;
  const response = await apiCall(
    options,
    plannerBases(c, options),
    token.accessToken,
    'GET',
    `/exports/${id}.json`,
  );
  await response.body?.cancel();
  if (!response.ok) return false;
  session.exports = [...session.exports.slice(-199), id];
  await sessions.save(session);
  return true;
}

export async function exportStatus(options: ResolvedPartnerOptions, id: number) {
  const received = await options.store.get<ReceivedExport>(`export:${id}`);
  return received
    ? { export_id: id, status: 'ready' as const, result: received.result, received_at: received.received_at }
    : { export_id: id, status: 'pending' as const };
}

/**
 * Server-sent events: `status` events (pending, then ready with the result map), then the stream ends;
 * after 60 s without a result a `timeout` event ends it (reconnect to keep waiting).
 */
export function exportEvents(
  c: Context<PartnerEnv>,
  options: ResolvedPartnerOptions,
  id: number,
  maxWaitMs = 60_000,
) {
  c.header('Cache-Control', 'no-store');
  return streamSSE(c, async (stream) => {
    const started = Date.now();
    let status = await exportStatus(options, id);
    await stream.writeSSE({ event: 'status', data: JSON.stringify(status) });
    if (status.status === 'ready') return;
    while (status.status === 'pending' && Date.now() - started < maxWaitMs && !stream.aborted) {
      await stream.sleep(250);
      status = await exportStatus(options, id);
    }
    if (status.status === 'ready') await stream.writeSSE({ event: 'status', data: JSON.stringify(status) });
    else await stream.writeSSE({ event: 'timeout', data: JSON.stringify(status) });
  });
}
