/**
 * Test hooks that only the emulator honours: a log of what it received (so tests assert on the exact
 * request an element sent) and fault injection, either per request through the `X-Emulator-Fault`
 * header or armed in advance through `POST /emulator/faults` (for requests a test cannot add a
 * header to, such as the ones an element makes in the browser).
 *
 * Header form: `X-Emulator-Fault: delay=800; status=503; body=malformed`
 *   delay=<ms>       answer after that many milliseconds
 *   status=<code>    answer with that status (body `{"error":"injected fault"}` unless body= says otherwise)
 *   body=malformed   a body that is not JSON; body=wrong-shape: valid JSON of the wrong shape;
 *   body=empty       no body at all
 */
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';

export interface Fault {
  delay?: number;
  status?: number;
  body?: 'malformed' | 'wrong-shape' | 'empty';
}

const FAULT_BODIES: readonly NonNullable<Fault['body']>[] = ['malformed', 'wrong-shape', 'empty'];

export interface ArmedFault extends Fault {
  id: number;
  /** Path prefix (as the emulator sees it, e.g. `/room-styling/rooms`), or `re:<regex>`. */
  match: string;
  /** Only requests with this method. */
  method?: string;
  /** How many matching requests it still applies to. */
  times: number;
}

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  /** Query parameters; repeated names give arrays. */
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: unknown;
  at: number;
}

/** Header names and body/query members whose values never appear in the log as sent. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
const SECRET_MEMBERS = new Set([
  'client_secret',
  'password',
  'access_token',
  'token',
  'code',
  'refresh_token',
]);

/**
 * A stand-in for a secret: the scheme (if any) and a short fingerprint, so a test can still tell two
 * tokens apart, or see that a Bearer token was sent, without the log (served at /emulator/requests)
 * ever holding a client secret, password or token.
 */
export function redact(value: string): string {
  const scheme = /^(Basic|Bearer)\s+/i.exec(value)?.[0] ?? '';
  let hash = 0x811c9dc5;
  for (const char of value) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `${scheme}[redacted:${hash.toString(16).padStart(8, '0')}]`;
}

function redactMembers(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactMembers(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      SECRET_MEMBERS.has(key) && typeof member === 'string'
        ? redact(member)
        : redactMembers(member, depth + 1),
    ]),
  );
}

export class EmulatorControl {
  readonly log: LoggedRequest[] = [];
  faults: ArmedFault[] = [];
  #seq = 0;
  #faultId = 0;
  maxLog = 2000;

  reset(): void {
    this.log.length = 0;
    this.faults = [];
  }

  arm(fault: Omit<ArmedFault, 'id' | 'times'> & { times?: number }): ArmedFault {
    const armed: ArmedFault = { ...fault, times: fault.times ?? 1, id: ++this.#faultId };
    this.faults.push(armed);
    return armed;
  }

  /** The armed fault for this request, if any (consumes one of its `times`). */
  takeFault(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex((f) => {
      if (f.method && f.method.toUpperCase() !== method) return false;
      return f.match.startsWith('re:') ? matchesPattern(f.match.slice(3), path) : path.startsWith(f.match);
    });
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  /** Logs a request with its secrets redacted (see redact()). */
  record(entry: Omit<LoggedRequest, 'seq' | 'at'>): void {
    const headers = Object.fromEntries(
      Object.entries(entry.headers).map(([key, value]) => [
        key,
        SECRET_HEADERS.has(key) ? redact(value) : value,
      ]),
    );
    const query = redactMembers(entry.query) as LoggedRequest['query'];
    const body = typeof entry.body === 'string' ? redactFormBody(entry.body) : redactMembers(entry.body);
    this.log.push({ ...entry, headers, query, body, seq: ++this.#seq, at: Date.now() });
    if (this.log.length > this.maxLog) this.log.splice(0, this.log.length - this.maxLog);
  }
}

/** A form-encoded body: redact the secret members, keep the rest readable. */
function redactFormBody(body: string): string {
  if (!body.includes('=') || body.trimStart().startsWith('<')) return body;
  try {
    const params = new URLSearchParams(body);
    for (const [key, value] of [...params]) if (SECRET_MEMBERS.has(key)) params.set(key, redact(value));
    return params.toString();
  } catch {
    return body;
  }
}

/** A `re:` pattern that does not compile matches nothing (arm() refuses it; this is the second guard). */
function matchesPattern(pattern: string, path: string): boolean {
  try {
    return new RegExp(pattern).test(path);
  } catch {
    return false;
  }
}

/** An injected delay: 0 to 60 s (anything else is clamped; not a number is 0). */
export function faultDelay(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return Math.min(60_000, Math.max(0, Number(value) || 0));
}

/**
 * An injected status: an integer 200 to 599 (what a Response can carry), else none. 1xx and
 * out-of-range numbers would make the server itself throw while answering.
 */
export function faultStatus(value: unknown): number | undefined {
  const status = Number(value);
  return Number.isInteger(status) && status >= 200 && status <= 599 ? status : undefined;
}

/** Statuses whose answer cannot carry a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

export function parseFaultHeader(value: string | undefined): Fault | undefined {
  if (!value) return undefined;
  const fault: Fault = {};
  for (const part of value.split(/[;,]/)) {
    const [rawKey, rawValue = ''] = part.split('=').map((s) => s.trim());
    const key = rawKey?.toLowerCase();
    if (key === 'delay') fault.delay = faultDelay(rawValue) ?? 0;
    else if (key === 'status') fault.status = faultStatus(rawValue);
    else if (key === 'body' && FAULT_BODIES.includes(rawValue as NonNullable<Fault['body']>))
      fault.body = rawValue as Fault['body'];
    else if (key === 'malformed') fault.body = 'malformed';
  }
  return fault;
}

/** Longer bodies are logged as their start only: the log keeps up to 2000 requests in memory. */
const LOGGED_BODY_CHARS = 64 * 1024;
const loggedPrefix = (text: string) =>
  `${text.slice(0, 1024)}… (${text.length} characters; only the start is logged)`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function queryOf(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

/** Logs every request and applies a fault when one is asked for or armed. */
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
        body = text.length > LOGGED_BODY_CHARS ? loggedPrefix(text) : text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
    }
    control.record({ method: c.req.method, path, query: queryOf(c), headers, body });

    const fault = parseFaultHeader(c.req.header('x-emulator-fault')) ?? control.takeFault(c.req.method, path);
    if (!fault) return next();
    if (fault.delay) await sleep(fault.delay);
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

/** `/emulator/...`: read the log, arm and clear faults, reset. */
export function controlRoutes(control: EmulatorControl): Hono {
  const app = new Hono();
  app.get('/requests', (c) => {
    const prefix = c.req.query('path');
    const since = Number(c.req.query('since') ?? 0) || 0;
    return c.json(control.log.filter((r) => r.seq > since && (!prefix || r.path.startsWith(prefix))));
  });
  app.delete('/requests', (c) => {
    control.log.length = 0;
    return c.json({});
  });
  app.post('/faults', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Partial<Record<keyof ArmedFault, unknown>> | null;
    if (!body || typeof body !== 'object' || typeof body.match !== 'string' || !body.match) {
      return c.json({ error: 'match is required: a path prefix or re:<regex>' }, 400);
    }
    if (body.match.startsWith('re:')) {
      try {
        new RegExp(body.match.slice(3));
      } catch {
        return c.json({ error: `match is not a valid regular expression: ${body.match}` }, 400);
      }
    }
    if (body.status !== undefined && faultStatus(body.status) === undefined) {
      return c.json({ error: 'status must be an integer from 200 to 599' }, 400);
    }
    if (body.body !== undefined && !FAULT_BODIES.includes(body.body as NonNullable<Fault['body']>)) {
      return c.json({ error: `body must be one of ${FAULT_BODIES.join(', ')}` }, 400);
    }
    const times = Number(body.times ?? 1);
    const armed = control.arm({
      match: body.match,
      method: typeof body.method === 'string' ? body.method : undefined,
      delay: faultDelay(body.delay),
      status: faultStatus(body.status),
      body: body.body as Fault['body'],
      times: Number.isInteger(times) && times > 0 ? times : 1,
    });
    return c.json(armed, 201);
  });
  app.get('/faults', (c) => c.json(control.faults));
  app.delete('/faults', (c) => {
    control.faults = [];
    return c.json({});
  });
  app.post('/reset', (c) => {
    control.reset();
    return c.json({});
  });
  return app;
}
