/**
 * The partner's server-side calls to the planning service, all made through the package's own
 * planning client (src/api/planning): the OAuth code exchange and revoke (with the client secret,
 * which only ever travels here) and v2 API calls with a session's token. The partner makes no HTTP
 * call of its own: the client's timeouts, response checks and errors apply here too, and the
 * transport is the options' `fetch` (the demo's in-process emulator, or global fetch).
 */
import type { Context } from 'hono';
import { ApiError } from '../../src/api/http.ts';
import { bearer, type PlanningContext } from '../../src/api/planning/context.ts';
import {
  exchangeCode as clientExchange,
  revokeToken as clientRevoke,
  type OAuthCallOptions,
} from '../../src/api/planning/server.ts';
import type { PartnerEnv } from './context.ts';
import { isLoopbackHost, type ResolvedPartnerOptions } from './options.ts';
import type { PlannerToken } from './session.ts';

export class NotConfigured extends Error {}
export { PlannerBusy, PlannerGate } from './planner-gate.ts';

export interface PlannerBases {
  oauthBase: string;
  apiBase: string;
}

/**
 * The configured bases, or (demo default) the emulator on the request's own origin. A derived base
 * follows the Host header, so without an in-process transport it is only used on a loopback host:
 * a deployment that forgot PLANNER_OAUTH_BASE must not send its client secret wherever a Host
 * header points.
 */
export function plannerBases(c: Context<PartnerEnv>, options: ResolvedPartnerOptions): PlannerBases {
  if (options.oauthBase && options.apiBase) return { oauthBase: options.oauthBase, apiBase: options.apiBase };
  const url = new URL(c.req.url);
  if (!options.inProcess && !isLoopbackHost(url.hostname))
    throw new NotConfigured('set PLANNER_OAUTH_BASE and PLANNER_API_BASE');
  return {
    oauthBase: options.oauthBase ?? `${url.origin}/planning`,
    apiBase: options.apiBase ?? `${url.origin}/planning/api/v2`,
  };
}

/**
 * The options' transport in the shape the client takes (it calls fetch(url, init)). Global fetch gets
 * the init as it is, its `signal` included: `fetch(new Request(url, {signal}))` loses the timeout once
 * that Request is garbage-collected (an open Node bug), and a slow planner then holds the call for as
 * long as it likes. `clientGone` (the browser's request signal) ends the call too.
 */
function transport(options: ResolvedPartnerOptions, clientGone?: AbortSignal): typeof fetch {
  const custom = options.fetch;
  return (input, init) => {
    const signal = clientGone && init?.signal ? AbortSignal.any([init.signal, clientGone]) : init?.signal;
    if (!custom) return fetch(input, { ...init, signal });
    // a partner's own fetch may not heed the signal (issue 34: 50 of 50 calls waited 60 s for a
    // planner that never answered): the call and its body end when the signal does, whatever it does
    return heedSignal(custom(new Request(input, { ...init, signal })), signal ?? undefined);
  };
}

/** `answer` and its body, ended with the signal's reason once `signal` aborts. */
async function heedSignal(answer: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return answer;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {}); // settled later by whoever races it, or by no one
  let response: Response;
  try {
    response = await Promise.race([answer, aborted]);
  } catch (error) {
    signal.removeEventListener('abort', onAbort);
    answer.then((late) => late.body?.cancel().catch(() => {})).catch(() => {}); // let a late answer go
    throw error;
  }
  if (!response.body) {
    signal.removeEventListener('abort', onAbort);
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const read = await Promise.race([reader.read(), aborted]);
        if (read.done) {
          signal.removeEventListener('abort', onAbort);
          controller.close();
        } else controller.enqueue(read.value);
      } catch (error) {
        signal.removeEventListener('abort', onAbort);
        reader.cancel(error).catch(() => {});
        controller.error(error);
      }
    },
    cancel(reason) {
      signal.removeEventListener('abort', onAbort);
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * A planning client context for calls with the session's token. No retries: the page retries if
 * it wants to, and a partner under load must not multiply its calls to a struggling planner.
 */
export function plannerContext(
  options: ResolvedPartnerOptions,
  bases: PlannerBases,
  token: string,
  clientGone?: AbortSignal,
): PlanningContext {
  return {
    base: bases.apiBase,
    auth: bearer(token),
    timeout: options.plannerTimeout,
    retries: 0,
    fetch: transport(options, clientGone),
  };
}

function oauthClient(options: ResolvedPartnerOptions, bases: PlannerBases, redirectUri = '') {
  return {
    oauthBase: bases.oauthBase,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    redirectUri,
  };
}

const oauthCall = (options: ResolvedPartnerOptions, clientGone?: AbortSignal): OAuthCallOptions => ({
  timeout: Math.min(10_000, options.plannerTimeout),
  fetch: transport(options, clientGone),
});

export type Exchange = { ok: true; token: PlannerToken } | { ok: false; status: number };

/** The code exchange; a refusal (4xx, an answer without a token) gives its status, a network failure throws. */
export async function exchangeCode(
  options: ResolvedPartnerOptions,
  bases: PlannerBases,
  code: string,
  redirectUri: string,
  clientGone?: AbortSignal,
): Promise<Exchange> {
  try {
    const token = await clientExchange(
      oauthClient(options, bases, redirectUri),
      code,
      oauthCall(options, clientGone),
    );
    const expiresIn = token.expires_in > 0 ? token.expires_in : 3600;
    return {
      ok: true,
      token: {
        accessToken: token.access_token,
        expiresAt: Date.now() + expiresIn * 1000,
        scope: token.scope || 'public',
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return { ok: false, status: error.status };
    throw error;
  }
}

/** Revokes the token at the planner; true when the planner confirmed it. */
export async function revokeToken(
  options: ResolvedPartnerOptions,
  bases: PlannerBases,
  token: string,
  clientGone?: AbortSignal,
): Promise<boolean> {
  try {
    await clientRevoke(oauthClient(options, bases), token, oauthCall(options, clientGone));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') return false;
    throw error;
  }
}

/** What a failed client call means for the partner: the planner's status, or 0 when it was not reached. */
export function plannerStatus(error: unknown): number {
  if (error instanceof ApiError) return error.kind === 'http' ? error.status : 0;
  throw error;
}
