/**
 * The one error type every element puts in its error events (`model-error`, `rooms-error`,
 * `panorama-error`, `export-error`): a FailureKind for what went wrong in general, the HTTP `status`
 * when a service answered, and an element-specific `reason` (`bad-id`, `no-model`, `not-drawable`,
 * `no-webgl`...) when the element itself refused. Elements look words up by reason first, then kind.
 * The classifier (toElementError, src/api/failure.ts) is ./to-element-error.ts, which
 * LatestRequestController imports only when a run fails, so a page that never fails does not download
 * it (issue 33: it was on a viewer's first frame through this module); the class itself is in
 * src/api/element-error-class.ts.
 */
import { ElementError, type FailureKind } from '../api/element-error-class.js';
import { shortMessage } from './short-message.js';

// the class lives in the api layer, so a loader there (src/api/model-source.ts) can throw it
export { ElementError, type ElementErrorInit, type FailureKind } from '../api/element-error-class.js';
export { shortMessage } from './short-message.js';

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
