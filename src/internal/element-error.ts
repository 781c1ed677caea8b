/**
 * The one error type every element puts in its error events (`model-error`, `rooms-error`,
 * `panorama-error`, `export-error`): a FailureKind for what went wrong in general, the HTTP `status`
 * when a service answered, and an element-specific `reason` (`bad-id`, `no-model`, `not-drawable`,
 * `no-webgl`...) when the element itself refused. Elements look words up by reason first, then kind.
 * LatestRequestController imports this module (and the classifier) only when a run fails, so a page
 * that never fails does not download them; the class itself is in src/api/element-error-class.ts.
 */
import { ApiError } from '../api/api-error.js';
import { classifyFailure, ElementError, type FailureKind } from '../api/failure.js';
import { shortMessage } from './short-message.js';

// the class lives in the api layer, so a loader there (src/api/model-source.ts) can throw it
export { ElementError, type ElementErrorInit, type FailureKind } from '../api/failure.js';
export { shortMessage } from './short-message.js';

/** Anything thrown as an ElementError: an ApiError keeps its status and message, a bug becomes `invalid`. */
export function toElementError(error: unknown): ElementError {
  if (error instanceof ElementError) return error;
  const kind = classifyFailure(error);
  if (error instanceof ApiError) {
    return new ElementError(error.message, {
      kind,
      status: error.status,
      ...(error.issues ? { problems: error.issues } : {}),
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ElementError(message, { kind, cause: error });
}

/** Which words an element shows for an error: its own reasons first, then the kinds, then `fallback`. */
export interface ErrorWords<K extends string> {
  reasons?: Readonly<Record<string, K>>;
  kinds: Readonly<Partial<Record<FailureKind, K>>>;
  fallback: K;
}

export function errorWordKey<K extends string>(error: ElementError, words: ErrorWords<K>): K {
  return (error.reason && words.reasons?.[error.reason]) || words.kinds[error.kind] || words.fallback;
}

/** The values every error sentence may use: `{status}`, `{message}`, `{problems}` (how many). */
export function errorValues(error: ElementError): Record<string, string | number> {
  return { status: error.status ?? 0, message: shortMessage(error), problems: error.problems?.length ?? 0 };
}
