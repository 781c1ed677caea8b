/**
 * The one error type every element puts in its error events (`model-error`, `rooms-error`,
 * `panorama-error`, `export-error`); see src/internal/element-error.ts, which re-exports it. Apart
 * from the classifier (failure.ts re-exports it) so a page can hold the class, for `instanceof`,
 * without the classifier: LatestRequestController loads that only when a run fails. It imports
 * nothing: failure.ts imports it, never the reverse.
 */

/** What went wrong, in the words every element's errors use (failure.ts classifies into these). */
export type FailureKind =
  'timeout' | 'network' | 'not-found' | 'forbidden' | 'server' | 'refused' | 'invalid' | 'aborted';

export interface ElementErrorInit {
  kind: FailureKind;
  status?: number;
  reason?: string;
  problems?: readonly unknown[];
  cause?: unknown;
}

export class ElementError extends Error {
  override readonly name = 'ElementError';
  readonly kind: FailureKind;
  readonly status?: number;
  readonly reason?: string;
  readonly problems?: readonly unknown[];
  override readonly cause?: unknown;

  constructor(message: string, init: ElementErrorInit) {
    super(message);
    this.kind = init.kind;
    if (init.status !== undefined) this.status = init.status;
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.problems !== undefined) this.problems = init.problems;
    if (init.cause !== undefined) this.cause = init.cause;
  }
}
