/**
 * A failure of the viewer itself (this layer knows nothing of the elements' error type): a face image
 * that would not load, or a browser without WebGL 2. <room-panorama> turns it into its PanoramaError.
 */
export type ViewerFailure = 'face-failed' | 'no-webgl';

export class ViewerError extends Error {
  override readonly name = 'ViewerError';
  constructor(
    message: string,
    readonly reason: ViewerFailure,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}
