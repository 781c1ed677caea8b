/**
 * What failed, in words a visitor understands: which string of gallery-error-words.ts describes an
 * error, and the values it needs. Anything that is not an ApiError (a bug, a thrown string) is
 * wrapped (gallery-api-error.ts) so the element always has an ApiError for its `rooms-error` event.
 */
import type { ApiError } from '../../api/http.js';

// the element needs only this at load; the words (gallery-error-words.ts) come when an error does
export { asApiError } from './gallery-api-error.js';

export type ErrorKey =
  | 'errorTimeout'
  | 'errorNetwork'
  | 'errorRefused'
  | 'errorServer'
  | 'errorInvalid'
  | 'errorNotFound'
  | 'errorForbidden'
  | 'errorOther';

/** Service messages are shown as text and cut short: a huge body must not flood the page. */
const short = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);

export function describeError(error: ApiError): { key: ErrorKey; values: Record<string, string | number> } {
  const values = { status: error.status, message: short(error.message) };
  if (error.kind === 'timeout') return { key: 'errorTimeout', values };
  if (error.kind === 'network') return { key: 'errorNetwork', values };
  if (error.kind === 'invalid') return { key: 'errorInvalid', values };
  if (error.status >= 500) return { key: 'errorServer', values };
  if (error.status === 404) return { key: 'errorNotFound', values };
  if (error.status === 401 || error.status === 403) return { key: 'errorForbidden', values };
  if (error.status >= 400) return { key: 'errorRefused', values };
  return { key: 'errorOther', values };
}
