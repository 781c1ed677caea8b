/**
 * Export results:
 *   POST /export-callback       receiver of the planner's export callback (signed)
 *   POST /export-callback-xml   the same for the legacy XML API (xml-callback.ts)
 *   GET  /exports/:id/status    {export_id, status: pending|ready, result?}
 *   GET  /exports/:id/events    the same as server-sent events
 */
import type { Context, Hono } from 'hono';
import { showExport } from '../../../src/api/planning/exports.ts';
import { clientGone, type PartnerEnv } from '../context.ts';
import {
  EXPORT_READY,
  exportEvents,
  exportStatus,
  isUrlList,
  receiveCallback,
  storeResult,
  type ResultMap,
} from '../export-results.ts';
import { MAX_SESSION_EXPORTS, type PartnerParts } from '../parts.ts';
import { PlannerBusy, plannerBases, plannerContext, plannerStatus } from '../planner.ts';
import type { Session } from '../session.ts';
import { xmlExportCallback } from '../xml-callback.ts';
import { loginRequired, mine } from './replies.ts';

export function exportRoutes(app: Hono<PartnerEnv>, parts: PartnerParts): void {
  const { options, sessions, gate, notifier, streams } = parts;

  app.post('/export-callback', (c) => receiveCallback(c, options));
  // the legacy XML API's callback (xml-callback.ts): stored under the same key, and announced the
  // same way, so /exports/:id/status and /events serve it too
  app.route(
    '/export-callback-xml',
    xmlExportCallback({
      store: {
        async set(key, value, ttl) {
          await options.store.set(key, value, ttl);
          if (key.startsWith('export:')) await options.store.publish?.(EXPORT_READY, key.slice(7));
        },
      },
      secrets: () => options.callbackKeys,
      // one window and one replay guard for both callbacks, shared by every instance on the store
      maxAge: options.callbackMaxAge,
      replayStore: options.store,
    }),
  );

  /**
   * May this session see export `id`? Yes when it made it through the proxy, or when the planning
   * service shows that export to the session's token (GET /exports/:id.json answers only the owner).
   */
  const exportAccess = async (
    c: Context<PartnerEnv>,
  ): Promise<{ id: number; session: Session } | { response: Response }> => {
    const id = Number(c.req.param('id'));
    const session = await sessions.current(c);
    if (!session) return { response: loginRequired(c) };
    const unknown = () => ({
      response: c.json({ error: 'unknown_export', message: 'no such export for this session' }, 404),
    });
    if (!Number.isSafeInteger(id) || id < 1) return unknown();
    if (session.exports.includes(id)) return { id, session };
    const token = await sessions.liveToken(session);
    if (!token) return unknown();
    try {
      const ctx = plannerContext(options, plannerBases(c, options), token.accessToken, clientGone(c));
      await gate.run(() => showExport(ctx, id), mine(c, session));
    } catch (error) {
      if (error instanceof PlannerBusy) throw error;
      plannerStatus(error);
      return unknown();
    }
    session.exports = [...session.exports.slice(1 - MAX_SESSION_EXPORTS), id];
    await sessions.save(session);
    return { id, session };
  };

  /** When each pending export was last looked up at the planner (at most once per 5 s, bounded). */
  const lookedUp = new Map<number, number>();
  /**
   * A pending export's result from the planner's record (GET /exports/:id.json with the session's
   * token), kept as a callback would have been; undefined when not done, not reachable or asked
   * too recently.
   */
  const resultFromPlanner = async (c: Context<PartnerEnv>, session: Session, id: number) => {
    const now = Date.now();
    if (now - (lookedUp.get(id) ?? 0) < 5000) return undefined;
    lookedUp.delete(id);
    lookedUp.set(id, now);
    if (lookedUp.size > 10_000) lookedUp.delete(lookedUp.keys().next().value!);
    const token = await sessions.liveToken(session);
    if (!token) return undefined;
    const ctx = plannerContext(options, plannerBases(c, options), token.accessToken, clientGone(c));
    const record = await gate.run(() => showExport(ctx, id), mine(c, session)).catch(() => undefined);
    const result = record?.result as Partial<ResultMap> | undefined;
    if (record?.status !== 'done' || !result || !isUrlList(result.project) || !isUrlList(result.design))
      return undefined;
    const received = {
      export_id: id,
      project_id: typeof record.project_id === 'number' ? record.project_id : null,
      result: { project: result.project, design: result.design },
      received_at: new Date().toISOString(),
    };
    await storeResult(options, received);
    return {
      export_id: id,
      status: 'ready' as const,
      result: received.result,
      received_at: received.received_at,
    };
  };

  app.get('/exports/:id{[0-9]+}/status', async (c) => {
    c.header('Cache-Control', 'no-store');
    const access = await exportAccess(c);
    if ('response' in access) return access.response;
    const status = await exportStatus(options, access.id);
    if (status.status === 'ready') return c.json(status);
    // no callback yet: it may have been lost (this partner or its store away while the planner
    // retried); the planner's own record of the export says whether it is done
    const fetched = await resultFromPlanner(c, access.session, access.id);
    return c.json(fetched ?? status);
  });

  app.get('/exports/:id{[0-9]+}/events', async (c) => {
    const access = await exportAccess(c);
    if ('response' in access) return access.response;
    const release = streams.acquire(access.session.id);
    if (release === 'session' || release === 'total') {
      c.header('Retry-After', '5');
      return release === 'session'
        ? c.json({ error: 'too_many_streams', message: 'this session has too many event streams open' }, 429)
        : c.json({ error: 'busy', message: 'too many event streams are open; poll /status instead' }, 503);
    }
    try {
      return await exportEvents(c, options, notifier, release, access.id);
    } catch (error) {
      release();
      throw error;
    }
  });
}
