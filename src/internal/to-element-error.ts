/**
 * Anything thrown, as the ElementError every element puts in its error events: the classifier
 * (src/api/failure.ts) with it. Apart from element-error.ts (the class, the words' keys) so an element
 * that holds errors without classifying them does not download the classifier before its first result:
 * LatestRequestController imports this module only when a run fails (issue 33: a viewer's first frame).
 */
import { ApiError } from '../api/api-error.js';
import { classifyFailure } from '../api/failure.js';
import { ElementError } from '../api/element-error-class.js';

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
