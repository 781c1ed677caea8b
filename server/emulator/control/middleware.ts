/**
 * Logs every request the emulator serves (outside /emulator/...) and applies a fault when one is
 * asked for by header or armed (faults.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { EmulatorControl } from './emulator-control.ts';
import { parseFaultHeader } from './faults.ts';
import { redactText } from './redact.ts';
import { delay } from '../../../src/platform/yield.ts';

/** Longer bodies are logged as their start only (the log's byte bound is request-log.ts's). */
const LOGGED_BODY_CHARS = 64 * 1024;
const loggedPrefix = (text: string) =>
  `${text.slice(0, 1024)}… (${text.length} characters; only the start is logged)`;

/** Statuses whose answer cannot carry a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function queryOf(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

export function controlMiddleware(control: EmulatorControl): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/emulator/')) return next();
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, key) => {
      headers[key] = value;
    });
    let body: unknown;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const text = await c.req.text();
      try {
        // a long body is redacted whole before it is cut, so no secret is left half-cut at the edge
        body =
          text.length > LOGGED_BODY_CHARS
            ? loggedPrefix(redactText(text))
            : text
              ? JSON.parse(text)
              : undefined;
      } catch {
        body = text;
      }
    }
    control.record({ method: c.req.method, path, query: queryOf(c), headers, body });

    const fault =
      parseFaultHeader(c.req.header('x-emulator-fault')) ?? control.faults.take(c.req.method, path);
    if (!fault) return next();
    if (fault.delay) await delay(fault.delay);
    if (fault.status) {
      if (NULL_BODY_STATUSES.has(fault.status)) return c.body(null, fault.status as 204);
      if (fault.body === 'malformed') return c.body('{"error": "injected fa', fault.status as 500);
      if (fault.body === 'empty') return c.body(null, fault.status as 500);
      return c.json({ error: `injected fault ${fault.status}` }, fault.status as 500);
    }
    if (fault.body === 'malformed') {
      return c.body('{"rooms": [ {"id": 1, "name": "trunc', 200, { 'Content-Type': 'application/json' });
    }
    if (fault.body === 'wrong-shape') return c.json({ unexpected: true, rooms: 'not a list' });
    if (fault.body === 'empty') return c.body(null, 200);
    return next();
  };
}
