/**
 * The one classifier of failures. Every element words its errors by these kinds (and its own
 * reasons, src/internal/element-error.ts), so a timeout is never called "not found" and a bug is never
 * blamed on the service. Pure: imports only the ApiError type of the fetch wrapper.
 */
import type { FailureKind } from './element-error-class.js';
import { ApiError } from './http.js';

export type { FailureKind };

/** What kind of failure `status` is, for an HTTP answer that was not 2xx. */
export function kindOfStatus(status: number): FailureKind {
  if (status === 401 || status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status >= 500) return 'server';
  if (status >= 400) return 'refused';
  // status 0 (or a nonsense status) means no answer reached us
  return 'network';
}

function hasName(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}

export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'timeout':
        return 'timeout';
      case 'network':
        return 'network';
      case 'invalid':
        return 'invalid';
      case 'abort':
        return 'aborted';
      default:
        return kindOfStatus(error.status);
    }
  }
  // an error that was already classified (an ElementError, or anything else carrying a kind of ours)
  const kind = (error as { kind?: unknown } | null)?.kind;
  if (typeof kind === 'string' && FAILURE_KINDS.has(kind as FailureKind)) return kind as FailureKind;
  if (hasName(error, 'AbortError')) return 'aborted';
  if (hasName(error, 'TimeoutError')) return 'timeout';
  // fetch rejects with a TypeError when no answer arrives (offline, DNS, CORS refused)
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return 'network';
  // SyntaxError: a body that is not JSON; ValiError (checked by name: valibot stays out of this chunk)
  return 'invalid';
}

const FAILURE_KINDS = new Set<FailureKind>([
  'timeout',
  'network',
  'not-found',
  'forbidden',
  'server',
  'refused',
  'invalid',
  'aborted',
]);

// the class is in a module of its own, so it can be loaded without the classifier
export { ElementError, type ElementErrorInit } from './element-error-class.js';
