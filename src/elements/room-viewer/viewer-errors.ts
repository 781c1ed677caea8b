import { ApiError } from '../../api/http.js';
import type { ModelProblem } from '../../model/types.js';
import type { ViewerStringKey } from './viewer-strings.js';

/** Why a viewer could not draw: the model, WebGL, or a texture (the scene is still drawn then). */
export class ViewerError extends Error {
  override readonly name = 'ViewerError';
  constructor(
    message: string,
    readonly kind: 'model' | 'id' | 'webgl' | 'texture' | 'component',
    /** For `model`: what readModel() found wrong. For `texture`: the URL. */
    readonly details?: { problems?: readonly ModelProblem[]; url?: string; cause?: unknown },
  ) {
    super(message);
  }
}

/** The message key for an error shown to people. */
export function errorKey(error: unknown): ViewerStringKey {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'notFound';
    if (error.status === 403 || error.status === 401) return 'private';
    if (error.status >= 500) return 'server';
    if (error.kind === 'invalid' || error.kind === 'http') return 'badModel';
    return 'network';
  }
  if (error instanceof ViewerError) {
    if (error.kind === 'webgl') return 'noWebgl';
    if (error.kind === 'texture') return 'textures';
    if (error.kind === 'id') return 'badId';
    return 'badModel';
  }
  if (error instanceof TypeError) return 'badModel';
  return 'failed';
}
