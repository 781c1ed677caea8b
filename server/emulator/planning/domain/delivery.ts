/**
 * Document 1, section 6: delivering an export's result map to its callback. An http(s) endpoint gets
 * a real POST (signed, up to three attempts), an email address a message in the emulator's outbox.
 * The XML API's callbacks (XML bodies) go through postSigned too.
 */
import type { ExportRecord } from './records.ts';
import { iso } from './seed.ts';
import { signBody } from './sign.ts';
import type { PlanningState } from './state.ts';
import { delay } from '../../../../src/platform/yield.ts';

/** Delays before each callback attempt. */
export const CALLBACK_ATTEMPTS_MS = [0, 250, 1000];
const CALLBACK_TIMEOUT_MS = 5000;

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

/** What an export asks for: all of its record but the state the emulator keeps (finishedExport adds it). */
export type ExportOrder = Omit<
  ExportRecord,
  | 'callback_status'
  | 'callback_attempts'
  | 'callback_response_status'
  | 'status'
  | 'created_at'
  | 'finished_at'
  | 'delivered_at'
>;

/**
 * The record of an export the emulator has rendered at once (`now`), its callback still to be made;
 * for the v2 API and the XML API alike. The fields in the order the service lists them.
 */
export function finishedExport({ result, ...order }: ExportOrder, now: string): ExportRecord {
  return {
    ...order,
    callback_status: 'pending',
    callback_attempts: 0,
    callback_response_status: null,
    status: 'done',
    result,
    created_at: now,
    finished_at: now,
    delivered_at: null,
  };
}

/** An export's result as a message to `to` in the emulator's outbox (an email callback, the XML API's send_to). */
export function emailExport(state: PlanningState, record: ExportRecord, to: string): void {
  const urls = [...Object.values(record.result.project), ...Object.values(record.result.design)].flat();
  state.sendEmail({
    kind: 'export',
    to,
    subject: `Your export of project ${record.project_id} is ready`,
    text: `The files of export ${record.id}:\n${urls.join('\n')}\n`,
    export_id: record.id,
    result: record.result,
  });
}

export async function deliver(state: PlanningState, record: ExportRecord, signingKey: string): Promise<void> {
  if (record.callback_kind === 'email') {
    emailExport(state, record, record.callback);
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
  for (const wait of CALLBACK_ATTEMPTS_MS) {
    if (wait) await delay(wait);
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
