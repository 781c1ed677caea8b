/**
 * The one fetch wrapper every client uses: AbortSignal, timeout, bounded retry of idempotent GETs
 * with backoff, and ApiError carrying the HTTP status and the service's own message.
 * Runs in browsers and in Node 20 (global fetch).
 */

import { MAX_RESPONSE_BYTES, notJson, readAnswerText } from './answer-read.js';
import { ApiError } from './api-error.js';
import { dropAnswer, takeEarly } from './head-start.js';
import type { Query } from './join-url.js';

export { ApiError } from './api-error.js';
export { joinUrl, type Query, type QueryValue } from './join-url.js';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A JSON body (sent with Content-Type: application/json), or a string / URLSearchParams as is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Milliseconds one attempt may take before the call fails with status 0 and kind `timeout`.
   * Default 15000. A timeout is not retried: a service that did not answer in time is not asked
   * again, so a caller waits at most about this long for a silent service.
   */
  timeout?: number;
  /**
   * How many times a GET is tried again after a network error (status 0, kind `network`) or a 5xx.
   * Default 2. Other methods, 4xx answers, timeouts and aborts are never retried.
   */
  retries?: number;
  /** First backoff delay in ms; doubles each try (with jitter). Default 250. */
  backoff?: number;
  credentials?: RequestCredentials;
  /** How to read a successful body. Default `json`. */
  responseType?: 'json' | 'text' | 'none';
  /**
   * The most bytes of a response body read before the call fails with kind `invalid` (a service that
   * sends 50 MB for a page of ten rooms must not hang the tab). Default MAX_RESPONSE_BYTES.
   */
  maxBytes?: number;
  /** The fetch to call (a server's own instrumented fetch, a test's); default the global fetch. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT = 15_000;
export const DEFAULT_RETRIES = 2;
export { MAX_RESPONSE_BYTES };
const ABORTED = 'The request was aborted';

/**
 * What only a failure needs (the backoff before a retry, the service's own words from an error body) is
 * a module of its own, loaded when a call fails: a page whose first answers arrive never downloads it
 * (issue 35: the gallery's first cards). Without it (the failure may be the network's), a call is not
 * tried again and its error carries the HTTP status line.
 */
let failure: Promise<typeof import('./http-failure.js')> | undefined;
const failurePath = () =>
  (failure ??= import('./http-failure.js').catch((error: unknown) => {
    failure = undefined; // the next failure asks again
    throw error;
  }));

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Makes one call, with retries for GETs. Resolves with the parsed body of a 2xx response;
 * everything else rejects with an ApiError.
 */
export async function request(url: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const retries = method === 'GET' ? Math.max(0, options.retries ?? DEFAULT_RETRIES) : 0;
  const backoff = options.backoff ?? 250;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(url, method, options);
    } catch (error) {
      const apiError = error as ApiError;
      const transient = apiError.kind === 'network' || (apiError.kind === 'http' && apiError.status >= 500);
      if (!transient || attempt >= retries || options.signal?.aborted) throw apiError;
      const failure = await failurePath().catch(() => undefined);
      if (!failure) throw apiError;
      try {
        await failure.sleep(failure.backoffDelay(backoff, attempt), options.signal);
      } catch {
        throw new ApiError(ABORTED, 0, url, 'abort');
      }
    }
  }
}

/**
 * A GET the loader may have asked for already: nothing of the caller's own in it (a test's or a
 * server's fetch, extra headers, a credentials rule) that the early request would not have had.
 */
const plainGet = (method: string, options: RequestOptions) =>
  method === 'GET' && !options.fetch && !options.credentials && !Object.keys(options.headers ?? {}).length;

/** `answer`, or the signal's abort, whichever comes first; an answer that comes too late is let go. */
function abortable(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(signal.reason);
      dropAnswer(answer);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(
      (r) => {
        signal.removeEventListener('abort', onAbort);
        resolve(r);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

async function attemptOnce(url: string, method: string, options: RequestOptions): Promise<unknown> {
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const outer = options.signal;
  if (outer?.aborted) throw new ApiError(ABORTED, 0, url, 'abort');

  // the body is made before any timer or listener exists, so a body that cannot be serialised
  // (a BigInt, a cycle) is an ApiError that leaves nothing behind, not a stray TypeError
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    try {
      body = JSON.stringify(options.body);
    } catch (cause) {
      throw new ApiError(
        `The request body cannot be sent as JSON: ${(cause as Error).message}`,
        0,
        url,
        'invalid',
      );
    }
    headers['Content-Type'] ??= 'application/json';
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort, { once: true });

  const type = options.responseType;
  let response: Response;
  let parsed: unknown;
  // one path for a failure while connecting and while reading the body: both are a timeout, an
  // abort or a network error, told apart by what stopped them
  try {
    const send = () =>
      (options.fetch ?? fetch)(url, {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: options.credentials,
      });
    const early = plainGet(method, options) ? takeEarly(url) : undefined;
    // the loader's answer when it asked for this very URL (head-start.ts); if that failed, ask again
    response = await (early ? abortable(early.catch(send), controller.signal) : send());
    if (type === 'none') await response.body?.cancel().catch(() => undefined);
    else {
      const text = await readAnswerText(response, url, maxBytes);
      parsed = type === 'text' ? text : parseBody(text);
    }
  } catch (cause) {
    // an answer past its byte cap (answer-read.ts)
    if (cause instanceof ApiError) throw cause;
    throw timedOut
      ? new ApiError(`No answer within ${timeout} ms`, 0, url, 'timeout')
      : outer?.aborted
        ? new ApiError(ABORTED, 0, url, 'abort')
        : new ApiError(`Network error: ${(cause as Error)?.message ?? cause}`, 0, url, 'network');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
  if (!response.ok) {
    const words = (await failurePath().catch(() => undefined))?.serviceMessage(parsed);
    const message = words ?? `${response.status} ${response.statusText || 'error'}`.trim();
    throw new ApiError(message, response.status, url, 'http', parsed);
  }
  if (type !== 'text' && type !== 'none' && typeof parsed === 'string') {
    throw notJson(response.status, url, parsed);
  }
  return parsed;
}
