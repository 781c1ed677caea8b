/**
 * How every planning call is made: a service root, a way to authenticate, and the usual call
 * options. Calls go through the one fetch wrapper (../http.ts): timeout, abort, retries for GETs only.
 */
import type * as v from 'valibot';
import { joinUrl, request, type Query, type RequestOptions } from '../http.js';
import { validate } from '../validate.js';

/** The value of the Authorization header a call carries. */
export interface PlanningAuth {
  readonly authorization: string;
}

/** An OAuth access token (Document 1, section 5, item 2), safe to hold in a browser. */
export function bearer(accessToken: string): PlanningAuth {
  return { authorization: `Bearer ${accessToken}` };
}

export interface PlanningContext {
  /** Root of the JSON API v2 (`{base_url}`, ending in /api/v2). */
  base: string;
  auth?: PlanningAuth;
  signal?: AbortSignal;
  /** Milliseconds per call (default: the wrapper's 15 s). */
  timeout?: number;
  /** Retries of GETs after a network error or a 5xx (default: the wrapper's). */
  retries?: number;
  /** The fetch to use (a server's instrumented fetch, a test's); default the global fetch. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  method?: RequestOptions['method'];
  query?: Query;
  /** A JSON body, or a string sent as it is (with `contentType`). */
  body?: unknown;
  /** Content-Type of a string body (FML: text/xml). */
  contentType?: string;
  /** `text` for FML answers; default JSON. */
  responseType?: 'json' | 'text';
}

/** One call to `{base}/{path}`; resolves with the parsed body, rejects with an ApiError. */
export function call(ctx: PlanningContext, path: string, options: CallOptions = {}): Promise<unknown> {
  const url = joinUrl(ctx.base, path, options.query);
  const headers: Record<string, string> = {};
  if (ctx.auth) headers.Authorization = ctx.auth.authorization;
  if (options.contentType) headers['Content-Type'] = options.contentType;
  if (options.responseType === 'text') headers.Accept = 'application/xml, text/xml';
  return request(url, {
    method: options.method,
    body: options.body,
    headers,
    signal: ctx.signal,
    timeout: ctx.timeout,
    retries: ctx.retries,
    responseType: options.responseType,
    fetch: ctx.fetch,
    // Tokens travel in the header, never as cookies: a planner on another origin must not see ours.
    credentials: 'omit',
  });
}

/** A path segment from an id, refusing anything that is not a positive integer (no path tricks). */
export function idSegment(id: number | string): string {
  // digits only: Number() would read '0x10' as 16 and '1e3' as 1000, naming another project
  const text = typeof id === 'number' ? (Number.isSafeInteger(id) ? String(id) : '') : String(id).trim();
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new RangeError(`Not an id: ${String(id)}`);
  return text;
}

/** The full URL of a path under the root, for messages and errors. */
export function urlOf(ctx: PlanningContext, path: string): string {
  return joinUrl(ctx.base, path);
}

/** One call whose answer is checked against `schema` (an ApiError of kind `invalid` when it does not match). */
export async function callValid<S extends v.GenericSchema>(
  ctx: PlanningContext,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<v.InferOutput<S>> {
  return validate(schema, await call(ctx, path, options), urlOf(ctx, path));
}

/** The members a body sends: undefined ones are left out (so they are "not given", not null). */
export function defined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
