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
import type { ArmedFault, Fault, LoggedRequest } from './control-types.ts';

export type { ArmedFault, Fault, LoggedRequest };

const FAULT_BODIES: readonly NonNullable<Fault['body']>[] = ['malformed', 'wrong-shape', 'empty'];

/** Header names and body/query members whose values never appear in the log as sent. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key']);
const SECRET_MEMBERS = new Set([
  'client_secret',
  'password',
  'password_confirmation',
  'access_token',
  'token',
  'current_token',
  'code',
  'refresh_token',
  'api_key',
  'project_token',
]);
/**
 * Is `key` a secret's name? Both APIs' spellings count: the v2 API's underscores, the XML API's
 * hyphens (`password-confirmation`, `current-token`), any case, and a form's bracketed member
 * (`user[password]`, `user%5Bpassword%5D`): its innermost name decides.
 */
function isSecretMember(key: string): boolean {
  const name = /\[([^[\]]*)\]$/.exec(safeDecode(key))?.[1] ?? key;
  return SECRET_MEMBERS.has(name.toLowerCase().replace(/-/g, '_'));
}

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
      isSecretMember(key) && typeof member === 'string' ? redact(member) : redactMembers(member, depth + 1),
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
    const body = typeof entry.body === 'string' ? redactText(entry.body) : redactMembers(entry.body);
    this.log.push({ ...entry, headers, query, body, seq: ++this.#seq, at: Date.now() });
    if (this.log.length > this.maxLog) this.log.splice(0, this.log.length - this.maxLog);
  }
}

/**
 * A body logged as text (a form, XML, a JSON start cut off, anything unparsed): the values of secret
 * members are redacted wherever they stand as `name=value`, `"name": "value"` or `<name>value</name>`.
 * Each pattern is linear: the value classes stop at the delimiter that ends them.
 */
export function redactText(body: string): string {
  return body
    .replace(
      /(^|[?&;\s])([A-Za-z_][\w.%[\]-]*)=([^&\s"<]*)/g,
      (all, lead: string, key: string, value: string) =>
        isSecretMember(key) && value && !done(value) ? `${lead}${key}=${redact(safeDecode(value))}` : all,
    )
    .replace(
      /"([A-Za-z_][\w-]*)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g,
      (all, key: string, colon: string, value: string) =>
        isSecretMember(key) && !done(value) ? `"${key}"${colon}"${redact(value)}"` : all,
    )
    .replace(XML_ELEMENT, (all, key: string, attrs = '', value: string, close: string) => {
      if (key !== close || !isSecretMember(key)) return all;
      const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(value);
      const secret = (cdata ? cdata[1]! : value).trim();
      return secret && !done(secret) ? `<${key}${attrs}>${redact(secret)}</${key}>` : all;
    });
}

/**
 * `<name attributes>value</name>`: an XML element name (letters, digits, `_ - . :`, as the XML API's
 * hyphenated ones), optional attributes (`type="string"`), and a text value or one CDATA section.
 * Linear: the name, attribute and text classes each stop at the delimiter that ends them, and a CDATA
 * character is matched one way only (`]` only when not starting `]]>`).
 */
const XML_ELEMENT =
  /<([A-Za-z_][\w.:-]*)(\s[^<>]*)?>(<!\[CDATA\[(?:[^\]]|\](?!\]>))*\]\]>|[^<]*)<\/([A-Za-z_][\w.:-]*)\s*>/g;

/** Already a stand-in (a long body is redacted before it is cut, then logged). */
const done = (value: string) => value.startsWith('[redacted:') || value.startsWith('%5Bredacted');

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * A `re:` pattern, in a subset that cannot backtrack: literal characters, `.`, classes (`[a-z]`,
 * `[^/]`), `\d \w \s` (and their negations), escapes, the quantifiers `* + ?` on one atom, and `^` /
 * `$` at the ends. No groups, alternation, counted repetition or backreferences. It is matched by a
 * state-set simulation in O(path length x pattern length), whatever the pattern: a fault pattern can
 * never stall the emulator (a JavaScript RegExp like `(a+)+$` could, for minutes).
 */
interface PatternAtom {
  test: (ch: string) => boolean;
  optional: boolean;
  repeat: boolean;
}
export interface FaultPattern {
  atoms: PatternAtom[];
  start: boolean;
  end: boolean;
}

export const MAX_PATTERN_LENGTH = 200;

const isWordChar = (ch: string) =>
  (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '_';
const CLASS_ESCAPES: Record<string, (ch: string) => boolean> = {
  d: (ch) => ch >= '0' && ch <= '9',
  w: isWordChar,
  s: (ch) => ' \t\n\r\f\v'.includes(ch),
};

function escapeTest(letter: string): (ch: string) => boolean {
  const lower = letter.toLowerCase();
  const known = CLASS_ESCAPES[lower];
  if (known) return letter === lower ? known : (ch) => !known(ch);
  if (isWordChar(letter)) throw new Error(`\\${letter} is not supported`);
  return (ch) => ch === letter;
}

/** Reads one class `[...]` starting after its `[`; returns its test and where it ends. */
function readClass(body: string, from: number): { test: (ch: string) => boolean; next: number } {
  let j = from;
  const negate = body[j] === '^';
  if (negate) j++;
  const tests: ((c: string) => boolean)[] = [];
  for (let first = true; ; first = false) {
    if (j >= body.length) throw new Error('an unclosed [');
    const ch = body[j]!;
    if (ch === ']' && !first) break;
    if (ch === '\\') {
      if (j + 1 >= body.length) throw new Error('an unclosed [');
      tests.push(escapeTest(body[j + 1]!));
      j += 2;
    } else if (body[j + 1] === '-' && j + 2 < body.length && body[j + 2] !== ']') {
      const last = body[j + 2]!;
      if (last < ch) throw new Error(`the range ${ch}-${last} is reversed`);
      tests.push((c) => c >= ch && c <= last);
      j += 3;
    } else {
      tests.push((c) => c === ch);
      j++;
    }
  }
  const any = (c: string) => tests.some((t) => t(c));
  return { test: negate ? (c) => !any(c) : any, next: j + 1 };
}

/** Compiles a `re:` pattern, or throws an Error saying what is not supported. */
export function compilePattern(source: string): FaultPattern {
  if (source.length > MAX_PATTERN_LENGTH) throw new Error(`longer than ${MAX_PATTERN_LENGTH} characters`);
  let body = source;
  const start = body.startsWith('^');
  if (start) body = body.slice(1);
  let end = false;
  // a final `$` anchors unless it is escaped (an odd number of backslashes before it)
  if (body.endsWith('$') && (body.length - 1 - body.slice(0, -1).replace(/\\+$/, '').length) % 2 === 0) {
    end = true;
    body = body.slice(0, -1);
  }
  const atoms: PatternAtom[] = [];
  for (let i = 0; i < body.length;) {
    const ch = body[i]!;
    let test: (c: string) => boolean;
    if (ch === '\\') {
      if (i + 1 >= body.length) throw new Error('a trailing backslash');
      test = escapeTest(body[i + 1]!);
      i += 2;
    } else if (ch === '.') {
      test = () => true;
      i++;
    } else if (ch === '[') {
      const read = readClass(body, i + 1);
      test = read.test;
      i = read.next;
    } else if ('()|{}'.includes(ch)) {
      throw new Error(`${ch} is not supported (groups, alternation and counted repetition can backtrack)`);
    } else if ('*+?'.includes(ch)) {
      throw new Error(`${ch} must follow a character or a class`);
    } else if (ch === '^' || ch === '$') {
      throw new Error(`${ch} is only allowed at the ends`);
    } else {
      test = (c) => c === ch;
      i++;
    }
    const quantifier = body[i] ?? '';
    const optional = quantifier === '*' || quantifier === '?';
    const repeat = quantifier === '*' || quantifier === '+';
    if (optional || repeat) i++;
    if (i < body.length && '*+?'.includes(body[i]!))
      throw new Error('a quantifier cannot follow a quantifier');
    atoms.push({ test, optional, repeat });
  }
  return { atoms, start, end };
}

/** Does the pattern match in `path` (at its start / end when anchored)? Linear, see above. */
export function patternMatches(pattern: FaultPattern, path: string): boolean {
  const m = pattern.atoms.length;
  const close = (set: Uint8Array) => {
    for (let i = 0; i < m; i++) if (set[i] && pattern.atoms[i]!.optional) set[i + 1] = 1;
    return set;
  };
  let active: Uint8Array = new Uint8Array(m + 1);
  active[0] = 1;
  close(active);
  for (let p = 0; ; p++) {
    if (active[m] && (!pattern.end || p === path.length)) return true;
    if (p === path.length) return false;
    const ch = path[p]!;
    const next = new Uint8Array(m + 1);
    for (let i = 0; i < m; i++) {
      if (!active[i] || !pattern.atoms[i]!.test(ch)) continue;
      next[i + 1] = 1;
      if (pattern.atoms[i]!.repeat) next[i] = 1;
    }
    if (!pattern.start) next[0] = 1;
    active = close(next);
  }
}

/** A `re:` pattern that does not compile matches nothing (the route refuses it; this is the second guard). */
function matchesPattern(source: string, path: string): boolean {
  try {
    return patternMatches(compilePattern(source), path);
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

/**
 * The emulator's hooks change its behaviour for everyone using it, so a state-changing call (POST,
 * PUT, PATCH, DELETE) is taken only from the same origin and only as JSON: a request with an `Origin`
 * other than the emulator's own, or `Sec-Fetch-Site` other than same-origin / none, is refused (403);
 * a request with a body must say `Content-Type: application/json` (415), which a cross-site page
 * cannot send without a preflight that is never granted, and an HTML form cannot send at all.
 * Tools without a browser (curl, node tests) send no Origin and pass; a bodiless POST (reset) too.
 */
export const sameOriginJson: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  if ((origin && origin !== new URL(c.req.url).origin) || (site && site !== 'same-origin' && site !== 'none'))
    return c.json({ error: 'the emulator takes control calls only from its own origin' }, 403);
  const type = c.req.header('content-type');
  const length = c.req.header('content-length');
  const hasBody = !!c.req.header('transfer-encoding') || (length !== undefined && length !== '0');
  if ((type || hasBody) && !/^application\/json(\s*;|$)/i.test(type ?? ''))
    return c.json({ error: 'send control calls as Content-Type: application/json' }, 415);
  return next();
};

/** `/emulator/...`: read the log, arm and clear faults, reset. */
export function controlRoutes(control: EmulatorControl): Hono {
  const app = new Hono();
  app.use('*', sameOriginJson);
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
    if (body.match.length > 1000) return c.json({ error: 'match is longer than 1000 characters' }, 400);
    if (body.match.startsWith('re:')) {
      try {
        compilePattern(body.match.slice(3));
      } catch (error) {
        return c.json(
          { error: `match is not a pattern the emulator takes: ${(error as Error).message}` },
          400,
        );
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
