/**
 * What the v2 operations share: reading a body wrapped in its resource key or bare (both are read
 * the same, docs/emulator-planning.md), the 422 answer for invalid parameters, paging, and the
 * checks of small values.
 */
import type { Context } from 'hono';
import { asBoolean, asInteger } from '../domain/values.ts';
import type { ApiEnv } from './api-env.ts';

export const INVALID = 'invalid parameters specified';

export type Params = Record<string, unknown>;

/** `{"user": {…}}` and `{…}` are read the same: the members under `key` win over the top level. */
export function resourceBody(params: Params, key: string): Params {
  const nested = params[key];
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    const top = { ...params };
    delete top[key];
    delete top.access_token;
    return { ...top, ...(nested as Params) };
  }
  const bare = { ...params };
  delete bare.access_token;
  return bare;
}

/** 422 with the document's error text and a list of what is wrong (`<member>: <reason>`). */
export function invalid(c: Context, details: string[]) {
  return c.json({ error: INVALID, details }, 422);
}

/** A parameter from the query string, else from the body (the flat /designs paths read both). */
export function queryOrBody(c: Context<ApiEnv>, name: string): unknown {
  const fromQuery = c.req.query(name);
  if (fromQuery !== undefined) return fromQuery;
  const params = c.get('params');
  if (params[name] !== undefined) return params[name];
  // also inside the resource key, e.g. {"design": {"project_id": 1}}
  const design = params.design;
  if (design && typeof design === 'object') return (design as Params)[name];
  return undefined;
}

/** page (default 1) and per_page (default 50, at most `max`): the slice bounds. */
export function paging(
  c: Context,
  max: number,
  problems?: string[],
): { page: number; perPage: number; from: number; to: number } {
  const rawPage = c.req.query('page');
  const rawPer = c.req.query('per_page');
  const page = rawPage === undefined ? 1 : asInteger(rawPage);
  const per = rawPer === undefined ? 50 : asInteger(rawPer);
  if (page === undefined || page < 1) problems?.push('page: must be an integer of at least 1');
  if (per === undefined || per < 1) problems?.push('per_page: must be an integer of at least 1');
  const p = Math.max(1, page ?? 1);
  const perPage = Math.min(max, Math.max(1, per ?? 50));
  return { page: p, perPage, from: (p - 1) * perPage, to: p * perPage };
}

export function pathId(c: Context, name = 'id'): number | undefined {
  const raw = c.req.param(name) ?? '';
  return /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
}

export const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
export const isEmail = (v: unknown): v is string => typeof v === 'string' && v.length <= 254 && EMAIL.test(v);
export const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string' || v.length > 2048) return false;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Reads optional text members into `out`: undefined = absent, null clears (when allowed), a string of
 * at most `max` characters (and matching `pattern`) is taken, anything else is a problem.
 */
export function readText(
  input: Params,
  key: string,
  problems: string[],
  options: { max?: number; pattern?: RegExp; hint?: string; nullable?: boolean; label?: string } = {},
): string | null | undefined {
  const v = input[key];
  const label = options.label ?? key;
  if (v === undefined) return undefined;
  if (v === null || v === '') {
    if (options.nullable === false) {
      problems.push(`${label}: must not be empty`);
      return undefined;
    }
    return null;
  }
  if (typeof v !== 'string' || v.length > (options.max ?? 255)) {
    problems.push(`${label}: must be a string of at most ${options.max ?? 255} characters`);
    return undefined;
  }
  if (options.pattern && !options.pattern.test(v)) {
    problems.push(`${label}: ${options.hint ?? 'is not valid'}`);
    return undefined;
  }
  return v;
}

export function readBoolean(
  input: Params,
  key: string,
  problems: string[],
  label = key,
): boolean | undefined {
  if (input[key] === undefined) return undefined;
  const b = asBoolean(input[key]);
  if (b === undefined) problems.push(`${label}: must be true or false`);
  return b;
}

export const now = () => new Date().toISOString();

/** The planning root as the client reached it (http://127.0.0.1:4010/planning). */
export function rootOf(c: Context): string {
  const url = new URL(c.req.url);
  const at = url.pathname.indexOf('/api/v2/');
  return url.origin + (at >= 0 ? url.pathname.slice(0, at) : '');
}
