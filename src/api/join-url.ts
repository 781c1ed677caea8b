/**
 * A service URL from its root, path and query, apart from the fetch wrapper (http.ts re-exports it): the
 * CDN loader and a gallery's first page build URLs without the wrapper (issue 35).
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

/** Joins a service root and a path: `join('http://h/api', '/rooms')` is `http://h/api/rooms`. */
export function joinUrl(base: string, path: string, query?: Query): string {
  const origin = typeof location !== 'undefined' && location.href ? location.href : 'http://localhost/';
  const url = new URL(base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, ''), origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}
