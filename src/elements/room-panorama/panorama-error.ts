/**
 * The error the panorama puts in `panorama-error` when it refuses or fails by itself (the service's own
 * failures arrive as plain ElementErrors with their status). A subclass of the shared ElementError, so
 * `instanceof PanoramaError` (as pages wrote before issue 9) and `instanceof ElementError` both hold.
 */
import { ElementError, type FailureKind } from '../../internal/element-error.js';
import type { ViewerError } from '../../panorama/viewer-error.js';

/**
 * - `bad-id`: `room-id` is not a room number;
 * - `bad-faces`: face URLs that are not http(s) (or the page's own blob:);
 * - `face-failed`: a face image did not load;
 * - `no-webgl`: the browser gives no WebGL 2;
 * - `viewer-code`: the viewer's code (three.js, photo-sphere-viewer) did not download.
 */
export type PanoramaReason = 'bad-id' | 'bad-faces' | 'face-failed' | 'no-webgl' | 'viewer-code';

const KIND: Record<PanoramaReason, FailureKind> = {
  'bad-id': 'invalid',
  'bad-faces': 'invalid',
  'face-failed': 'network',
  'no-webgl': 'refused',
  'viewer-code': 'network',
};

export class PanoramaError extends ElementError {
  declare readonly reason: PanoramaReason;

  constructor(message: string, reason: PanoramaReason, cause?: unknown) {
    super(message, { kind: KIND[reason], reason, ...(cause === undefined ? {} : { cause }) });
  }

  /** The viewer's own failure, in the element's vocabulary. */
  static fromViewer(error: ViewerError): PanoramaError {
    return new PanoramaError(error.message, error.reason, error.cause ?? error);
  }
}
