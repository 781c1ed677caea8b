/**
 * The error of every service call, apart from the fetch wrapper (http.ts, which re-exports it): a
 * reader of an answer the CDN loader already has (a gallery's first page) throws it without carrying
 * the wrapper's retries and timeouts onto the first cards' path (issue 35).
 */

/** Every failure of a call: `status` is the HTTP status, or 0 for a network failure, timeout or abort. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly url: string,
    readonly kind: 'http' | 'network' | 'timeout' | 'abort' | 'invalid',
    /** The parsed body of an error response, when there was one. */
    readonly body?: unknown,
    readonly issues?: readonly string[],
  ) {
    super(message);
  }
}
