/**
 * A failure as an ElementError, with the classifier (to-element-error.ts, src/api/failure.ts) imported only
 * when something failed: a page whose first load succeeds never downloads it (about 0.4 KB gzip off a CDN
 * gallery's first cards). An offline page is the one whose first paint is the error, and the import may
 * fail there too: then it is an ElementError of kind 'network' with the thrown error's message, so the
 * element still shows its error state and fires its error event. Apart from latest-request.ts, whose
 * controller the gallery does without on its first cards' path (its loader keeps the newest load itself).
 */
import { ElementError } from '../api/element-error-class.js';

/** What the failure path needs from the lazily loaded classifier. */
export interface Classifier {
  toElementError(error: unknown): ElementError;
}

export async function elementErrorOf(
  error: unknown,
  load: () => Promise<Classifier> = () => import('./to-element-error.js'),
): Promise<ElementError> {
  if (error instanceof ElementError) return error;
  try {
    return (await load()).toElementError(error);
  } catch {
    // the classifier's chunk did not load (offline): that is itself a network failure
    const message = error instanceof Error ? error.message : String(error);
    return new ElementError(message, { kind: 'network', cause: error });
  }
}
