/**
 * What every operation of Document 3 shares, as plain functions so a bundle keeps only the operations
 * it calls (an element that lists rooms does not carry the panorama, user and comment schemas):
 * the client options, the per-call options, and one call on the fetch wrapper (src/api/http.ts).
 * RoomStylingClient is built on these. The validated GET is in get-validated.ts, so a caller that
 * reads its answer leniently (room-model.ts) does not pull valibot in through this module.
 */
import { getConfig } from '../../config.js';
import { joinUrl, request, type Query } from '../http.js';
import { serviceBase } from './service-base.js';

export interface RoomStylingClientOptions {
  /** The service root (`{base_url}`); default: configure()'s apiBase. */
  base?: string;
  /** A logged-in user's token, sent as the `token` parameter where an operation needs one. */
  token?: string;
  /** Whitelabel name: the default `whitelabel` filter of listRooms. */
  whitelabel?: string;
  /**
   * Whitelabel HTTP Basic credentials. Server side only: a whitelabel password must never reach a
   * browser (DESIGN.md).
   */
  basicAuth?: { username: string; password: string };
  timeout?: number;
  retries?: number;
}

/** Per call: cancel it, or give it its own timeout. */
export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
  retries?: number;
  headers?: Record<string, string>;
}

export { serviceBase };

/** The origin of a service root, relative roots read against the page; undefined when not a URL. */
function originOf(base: string): string | undefined {
  try {
    const page = typeof location !== 'undefined' && location.href ? location.href : undefined;
    return new URL(base, page).origin;
  } catch {
    return undefined;
  }
}

/**
 * The user token in force: the options' own, else configure()'s, but configure()'s only for calls to
 * the origin of configure()'s apiBase. An element's `api-base` attribute is markup a page may take
 * from anywhere; pointing it at another host must not hand that host the visitor's token.
 */
export const serviceToken = (options: RoomStylingClientOptions): string | undefined => {
  if (options.token) return options.token;
  const { token, apiBase } = getConfig();
  if (!token) return undefined;
  const target = originOf(serviceBase(options));
  return target !== undefined && target === originOf(apiBase) ? token : undefined;
};

/** Base64 of the UTF-8 bytes: btoa() alone throws on any character beyond Latin-1 (`ø` is fine, `€` is not). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** One call of the service; resolves with the parsed body and the URL it came from (for ApiErrors). */
export async function callService(
  options: RoomStylingClientOptions,
  method: 'GET' | 'POST',
  path: string,
  query: Query,
  call: CallOptions = {},
  body?: unknown,
): Promise<{ data: unknown; url: string }> {
  const url = joinUrl(serviceBase(options), path, query);
  const headers: Record<string, string> = { ...call.headers };
  const auth = options.basicAuth;
  if (auth) headers.Authorization = `Basic ${base64Utf8(`${auth.username}:${auth.password}`)}`;
  const data = await request(url, {
    method,
    headers,
    body,
    signal: call.signal,
    timeout: call.timeout ?? options.timeout,
    retries: call.retries ?? options.retries,
  });
  return { data, url };
}
