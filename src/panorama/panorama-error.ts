/**
 * A failure that is not a service call (those are ApiError, with their HTTP status): a face image that
 * would not load, a browser without WebGL 2, faces that are not usable URLs, a `room-id` that is not a
 * room number.
 */
export type PanoramaErrorKind = 'face' | 'webgl' | 'faces' | 'room-id';

export class PanoramaError extends Error {
  override readonly name = 'PanoramaError';
  constructor(
    message: string,
    readonly kind: PanoramaErrorKind,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}
