/**
 * Reading a service's answer, one rule for the fetch wrapper (http.ts) and for the CDN gallery's first
 * page, which it reads from the loader's answer without the wrapper (src/elements/room-gallery/
 * gallery-list.cdn.ts: the wrapper's retries and timeouts are not on the first cards' path): the byte
 * cap, the body as text, and the two errors a readable answer can still be.
 */
import { readBoundedText } from '../platform/bounded-body.js';
import { ApiError } from './api-error.js';

/** 16 MiB: ten times the largest real room model, far below what stalls a tab. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** An answer past its byte cap. */
const tooLarge = (maxBytes: number, status: number, url: string): ApiError =>
  new ApiError(`The answer is larger than ${maxBytes} bytes`, status, url, 'invalid');

/**
 * The body of `url`'s answer as text, at most `maxBytes` of it: past that, the stream is cancelled and
 * the ApiError of an answer too large is thrown (anything else thrown is the read breaking off).
 */
export const readAnswerText = (
  response: Response,
  url: string,
  maxBytes = MAX_RESPONSE_BYTES,
): Promise<string> => readBoundedText(response, maxBytes, () => tooLarge(maxBytes, response.status, url));

/** A 2xx answer whose body is not JSON (`body`: the text as it came). */
export const notJson = (status: number, url: string, body: unknown): ApiError =>
  new ApiError('The service sent a body that is not JSON', status, url, 'invalid', body);
