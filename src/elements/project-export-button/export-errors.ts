/**
 * What failed, in words: which string of export-button-strings.ts describes an error and the values
 * it needs, told apart by step (token endpoint or planning service) and by kind. Anything that is
 * not an ApiError (a bug, a thrown string) is wrapped, so `export-error` always carries an ApiError.
 */
import { ApiError } from '../../api/http.js';
import type { Key } from './export-button-strings.js';
import { TokenEndpointError } from './export-flow.js';

export interface ErrorWords {
  key: Key;
  values: Record<string, string | number>;
  /** The service's own list of problems, when its error body has one (shown as text, at most 8). */
  details?: string[];
  /** Where to connect a planning account: the partner's `login_url`, only when it is same-origin http(s). */
  loginUrl?: string;
}

/** The partner's `login_url`, if it stays on the page's own origin (no open redirect through our link). */
function loginUrlOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || typeof location === 'undefined') return undefined;
  const raw = (body as Record<string, unknown>).login_url;
  if (typeof raw !== 'string') return undefined;
  try {
    const url = new URL(raw, location.href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === location.origin
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

function detailsOf(body: unknown): string[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const list = (body as Record<string, unknown>).details ?? (body as Record<string, unknown>).errors;
  if (!Array.isArray(list)) return undefined;
  const details = list.filter((d): d is string => typeof d === 'string' && d.trim() !== '').map(short);
  return details.length ? details.slice(0, 8) : undefined;
}

/** Service messages are shown as text and cut short: a huge body must not flood the page. */
const short = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(message, 0, '', 'invalid');
}

export function describeExportError(error: unknown): { error: ApiError; words: ErrorWords } {
  if (error instanceof TokenEndpointError) {
    const cause = error.apiError;
    const values = { status: cause.status, message: short(cause.message) };
    const key: Key =
      cause.kind === 'network' || cause.kind === 'timeout'
        ? 'errorTokenNetwork'
        : cause.kind === 'http' && cause.status === 401
          ? 'errorNotConnected'
          : cause.kind === 'http' && cause.status >= 400 && cause.status < 500
            ? 'errorTokenRefused'
            : 'errorTokenOther';
    const loginUrl = key === 'errorNotConnected' ? loginUrlOf(cause.body) : undefined;
    return { error: cause, words: { key, values, loginUrl } };
  }
  const apiError = asApiError(error);
  const values = { status: apiError.status, message: short(apiError.message) };
  // not an ApiError: something failed in the page (a bug, a thrown string), not in the service's answer
  const key: Key = !(error instanceof ApiError)
    ? 'errorOther'
    : apiError.kind === 'timeout'
      ? 'errorTimeout'
      : apiError.kind === 'network'
        ? 'errorNetwork'
        : apiError.kind === 'invalid'
          ? 'errorInvalid'
          : apiError.kind !== 'http'
            ? 'errorOther'
            : apiError.status === 401 || apiError.status === 403
              ? 'errorTokenRejected'
              : apiError.status === 404
                ? 'errorNotFound'
                : apiError.status >= 500
                  ? 'errorServer'
                  : 'errorRejected';
  const details = key === 'errorRejected' ? detailsOf(apiError.body) : undefined;
  return { error: apiError, words: { key, values, details } };
}
