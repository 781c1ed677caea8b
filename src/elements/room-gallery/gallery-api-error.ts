/**
 * Anything a load can fail with as an ApiError, so the element always has one for its `rooms-error`
 * event: an ApiError as is; a bug or a thrown string wrapped (status 0, kind `invalid`).
 */
import { ApiError } from '../../api/http.js';

export function asApiError(error: unknown, url = ''): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(message, 0, url, 'invalid');
}
