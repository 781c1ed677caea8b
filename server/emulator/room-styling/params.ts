/**
 * Parameters as Document 3 (section 1) says they arrive: a query string, form fields of a POST, or a
 * JSON body (only with Content-Type: application/json). Nested names `a[b]` become `{ a: { b } }` from
 * the query and from forms; a JSON body is nested already. Body values win over query values.
 * Path parameters (`:id`) are read from the path only, never from here.
 */
import type { Context } from 'hono';

export type Params = Record<string, unknown>;

/** An error answer: thrown anywhere in a handler, turned into `{"error": message}` with the status. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 415 | 422,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More members of the error body beside `error`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * Names that would reach Object.prototype (`__proto__[x]=1` in a query would otherwise set `x` on every
 * object in the process): such parameters are dropped, as a hostile client must not change the server.
 */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function setNested(target: Params, name: string, value: unknown): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  const path = !match?.[2]
    ? [name]
    : [match[1]!, ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  if (path.some((key) => UNSAFE_KEYS.has(key))) return;
  let node = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    node = node[key] =
      next && typeof next === 'object' && !Array.isArray(next) ? (next as Params) : Object.create(null);
  });
}

export async function readParams(c: Context): Promise<Params> {
  // No prototype: a parameter named like an Object method (`toString`, `hasOwnProperty`) is just a name.
  const params: Params = Object.create(null) as Params;
  for (const [key, values] of Object.entries(c.req.queries())) setNested(params, key, values[0]);
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return params;
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('application/json')) {
    const text = await c.req.text();
    if (!text.trim()) return params;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'Malformed JSON body');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new HttpError(400, 'The JSON body must be an object');
    for (const [key, value] of Object.entries(body as Params)) setNested(params, key, value);
  } else if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw new HttpError(400, 'Malformed form body');
    }
    // A repeated name counts with its first value, as in the query.
    for (const [key, value] of Object.entries(form)) {
      const first = Array.isArray(value) ? (value as unknown[])[0] : value;
      if (typeof first === 'string') setNested(params, key, first);
    }
  }
  return params;
}

/** A parameter as text (numbers and booleans from a JSON body included), or undefined. */
export function text(params: Params, ...path: string[]): string | undefined {
  let value: unknown = params;
  for (const key of path) {
    value =
      value && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Params)[key] : undefined;
  }
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** `true`, `1` or `yes` (any case) is true; anything else, or nothing, is false. */
export function flag(params: Params, name: string): boolean {
  const value = text(params, name)?.trim().toLowerCase();
  return value === 'true' || value === '1' || value === 'yes';
}

/** An integer parameter, or null when absent, empty or not an integer. */
export function integer(params: Params, name: string): number | null {
  const value = text(params, name)?.trim();
  if (!value || !/^[+-]?\d+$/.test(value)) return null;
  return Number(value);
}
