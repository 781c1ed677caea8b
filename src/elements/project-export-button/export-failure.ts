/**
 * An export's failure as the one element error: the token endpoint's failures get reasons of their own
 * (a visitor who is not connected is told so, with the partner's login link), the planning service's
 * keep their kind and status, an invalid request keeps its issues as `problems`, and anything else is
 * a bug of the page (`reason: 'bug'`), never "the service's fault". Words: project-export-button.strings.ts.
 */
import { ApiError } from '../../api/http.js';
import { ExportRequestError } from '../../api/planning/export-request.js';
import { ElementError, errorValues, errorWordKey, shortMessage } from '../../internal/element-error.js';
import { toElementError } from '../../internal/to-element-error.js';
import { EXPORT_ERROR_WORDS, type Key } from './project-export-button.strings.js';
import { TokenEndpointError } from './export-flow.js';

export interface ErrorWordsShown {
  /** The kind of failure: the error panel's title and whether it offers a retry. */
  kind: ElementError['kind'];
  /** The button's own sentence (its reasons, and each kind said of an export). */
  key?: Key;
  values: Record<string, string | number>;
  /** The service's own list of problems, when its error body has one (shown as text, at most 8). */
  details?: string[];
  /** Where to connect a planning account: the partner's `login_url`, only when it is same-origin http(s). */
  loginUrl?: string;
}

function tokenReason(cause: ApiError, kind: ElementError['kind']): string {
  if (kind === 'network' || kind === 'timeout') return 'token-unreachable';
  if (cause.kind === 'http' && cause.status === 401) return 'not-connected';
  if (cause.kind === 'http' && cause.status >= 400 && cause.status < 500) return 'token-refused';
  return 'token-failed';
}

export function toExportError(error: unknown): ElementError {
  if (error instanceof ElementError) return error;
  if (error instanceof ExportRequestError) {
    return new ElementError(error.message, {
      kind: 'invalid',
      reason: 'invalid-request',
      problems: error.issues,
      cause: error,
    });
  }
  if (error instanceof TokenEndpointError) {
    const base = toElementError(error.apiError);
    return new ElementError(base.message, {
      kind: base.kind,
      status: error.apiError.status,
      reason: tokenReason(error.apiError, base.kind),
      cause: error.apiError,
    });
  }
  if (error instanceof ApiError) return toElementError(error);
  // not the service's answer: something failed in the page (a bug, a thrown string)
  return new ElementError(shortMessage(error), { kind: 'invalid', reason: 'bug', cause: error });
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
  const details = list
    .filter((d): d is string => typeof d === 'string' && d.trim() !== '')
    .map((d) => shortMessage(d));
  return details.length ? details.slice(0, 8) : undefined;
}

/** The error for `export-error` and the words the element shows for it. */
export function describeExportError(failure: unknown): { error: ElementError; words: ErrorWordsShown } {
  const error = toExportError(failure);
  // the button keeps its own sentence under the shared title: it names the export, the status and the
  // service's own message, which a page's visitor needs to act on (not connected, refused, rejected)
  const own = errorWordKey(error, EXPORT_ERROR_WORDS);
  const key = own;
  const body = error.cause instanceof ApiError ? error.cause.body : undefined;
  return {
    error,
    words: {
      kind: error.kind,
      key,
      values: errorValues(error),
      details: own === 'errorRejected' ? detailsOf(body) : undefined,
      loginUrl: own === 'errorNotConnected' ? loginUrlOf(body) : undefined,
    },
  };
}
