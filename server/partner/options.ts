/**
 * How a partner configures the back end: options passed to createPartner(), or the environment.
 * Secrets (the client secret, an API key) come only from here and are never put into a response.
 * See docs/partner.md for every variable.
 */
import type { Context } from 'hono';
import { DEFAULT_ACCESS_CACHE_ENTRIES } from './access-cache.ts';
import { MemoryStore, type PartnerStore } from './store.ts';

export type PlannerFetch = (request: Request) => Promise<Response>;

export interface PartnerOptions {
  /** The OAuth application's id (env PLANNER_CLIENT_ID). */
  clientId?: string;
  /** The OAuth application's secret (env PLANNER_CLIENT_SECRET). Server side only. */
  clientSecret?: string;
  /**
   * Root of the planning service's OAuth endpoints ({oauth_base}; /oauth/authorize is appended), e.g.
   * https://floorplanner.com or http://127.0.0.1:4010/planning (env PLANNER_OAUTH_BASE).
   * Unset: the emulator on the request's own origin (`<origin>/planning`), the demo setup.
   */
  oauthBase?: string;
  /** Root of the JSON API v2 ({base_url}, ends in /api/v2) (env PLANNER_API_BASE). Unset: `<origin>/planning/api/v2`. */
  apiBase?: string;
  /**
   * The redirect URI registered with the application (env PARTNER_REDIRECT_URI). Required with a real
   * planner (start-up fails without it). Unset with the local emulator: this app's /oauth/callback on the
   * request's origin, and then only on a loopback host, since that origin comes from the Host header.
   */
  redirectUri?: string;
  /** Origins allowed to call /token, /proxy and /oauth/revoke (env PARTNER_ALLOWED_ORIGINS, comma list). Unset: the request's own origin. */
  allowedOrigins?: string[];
  /** Public URL of this app's /export-callback, put into proxied exports without a callback (env PARTNER_CALLBACK_URL). */
  callbackUrl?: string;
  /**
   * Exact URLs (besides this app's own /export-callback, or PARTNER_CALLBACK_URL) a page may name as
   * an export's `callback` through the proxy (env PARTNER_CALLBACK_URLS, comma list). Any other URL,
   * another path on an allowed origin or on the partner's own included, is refused with 422 before
   * the planner is asked: the planner posts from its side, and must not be sent to a page's choice.
   */
  callbackUrls?: string[];
  /**
   * @deprecated Ignored since issue 34: a whole origin let a page send the planner to any path on it
   * (in the demo, one reset the emulator). List the exact URLs in `callbackUrls` instead.
   */
  callbackOrigins?: string[];
  /** Extra keys export callbacks may be signed with, e.g. the API key when the partner also exports with it (env PLANNER_API_KEY). */
  callbackKeys?: string[];
  /** Session store; default: in memory. */
  store?: PartnerStore;
  /** Session lifetime in seconds (env PARTNER_SESSION_TTL, default 8 hours). */
  sessionTtl?: number;
  /** Session cookie name (default partner_session). */
  cookieName?: string;
  /**
   * Mark cookies Secure: true, false, or 'auto' (default; env PARTNER_SECURE_COOKIES): Secure unless the
   * request's host is a loopback address, so a partner behind a TLS-terminating proxy (which sees
   * http://) still sets Secure cookies, and http://127.0.0.1 in development still works.
   */
  secureCookies?: boolean | 'auto';
  /** Server-sent event streams open at once on this instance (default 1000); more answer 503. */
  maxStreams?: number;
  /** Server-sent event streams one session may hold open on this instance (default 6); more answer 429. */
  maxStreamsPerSession?: number;
  /** How old (or how far in the future) a signed callback's timestamp may be, in seconds (default 300). */
  callbackMaxAge?: number;
  /** Milliseconds a request body may take to arrive in full (default 10 000); a slower one is answered 408. */
  bodyTimeout?: number;
  /**
   * Bytes of request bodies this instance holds at once while they arrive, all requests together
   * (default 32 MiB; each body alone is capped at 4 kB, 64 kB or 1 MiB by route). A body that would
   * go over is answered 503 with Retry-After: many uploads at once cannot take more memory than this.
   */
  maxBufferedBodyBytes?: number;
  /** Milliseconds one call to the planner may take (default 30 000); a slower one is answered 502. */
  plannerTimeout?: number;
  /**
   * Calls to the planner under way at once on this instance (default 64). When all are taken a call
   * waits up to `plannerQueueMs` for one; after that, or with the queue full, 503 with Retry-After.
   */
  maxPlannerCalls?: number;
  /**
   * Calls to the planner one session may have under way or waiting at once on this instance (default
   * 8); more answer 503 `busy` at once, so a looping user never holds everyone's slots.
   */
  maxPlannerCallsPerSession?: number;
  /** Milliseconds a call may wait for a free planner slot (default 2 000; 0: answer 503 at once). */
  plannerQueueMs?: number;
  /**
   * Milliseconds between two planner checks that requests with `Cache-Control: no-cache` force for one
   * token and project (default 2 000): a no-cache request within it is answered from that check.
   */
  forcedCheckInterval?: number;
  /**
   * @deprecated Ignored: a sign-in under way is kept in its signed `state` (login-state.ts), not
   * counted or stored, so there is nothing to cap. Accepted so existing configurations still start.
   */
  maxPendingLogins?: number;
  /** @deprecated Ignored, as maxPendingLogins. */
  maxPendingLoginsPerClient?: number;
  /**
   * Milliseconds POST /token trusts the planner's last "yes, this token reaches this project" before
   * asking it again (env PARTNER_ACCESS_CACHE_S, in seconds; default 10 s; 0 turns it off). A token
   * revoked at the planner may be handed out for up to this long; a request with
   * `Cache-Control: no-cache` (the button's retry after a refusal) always asks the planner.
   */
  accessCacheTtl?: number;
  /** Verdicts that memory keeps at most on this instance, the oldest dropped first (default 10 000). */
  accessCacheEntries?: number;
  /** Seconds an uploaded model file (POST /uploads, for AR) stays served (env PARTNER_UPLOAD_TTL_S, default 600). */
  uploadTtl?: number;
  /** Uploaded files one page session may have kept at once (default 5); more answer 429 with Retry-After. */
  maxUploadsPerSession?: number;
  /**
   * The partner's public URL where it is mounted, e.g. https://portal.example/partner (env
   * PARTNER_PUBLIC_URL): the base of the URLs of uploaded files, which Scene Viewer wants as https.
   * Unset: the request's origin and mount path (behind a TLS-terminating proxy that is http://).
   */
  publicUrl?: string;
  /**
   * @deprecated Ignored since issue 34: it fed the per-address cap of sign-ins, and sign-ins are no
   * longer counted (their state is signed). Accepted so existing configurations still start.
   */
  clientAddress?: (c: Context) => string | undefined;
  /**
   * How server-side calls reach the planning service (default: global fetch). The demo passes the
   * emulator's own handler, so those calls stay in the process whatever Host header a request carries.
   */
  fetch?: PlannerFetch;
  /** Where defaults are read from (default: process.env when it exists; pass an edge runtime's env bindings). */
  env?: Record<string, string | undefined>;
}

export interface ResolvedPartnerOptions {
  clientId: string;
  clientSecret: string;
  oauthBase: string | null;
  apiBase: string | null;
  redirectUri: string | null;
  allowedOrigins: string[] | null;
  callbackUrl: string | null;
  /** Exact callback URLs a page may name, normalised (URL.href). */
  callbackUrls: string[];
  callbackKeys: string[];
  /** The client secret is the public demo one: it signs callbacks only on a loopback host or in-process. */
  demoSecret: boolean;
  store: PartnerStore;
  sessionTtl: number;
  cookieName: string;
  secureCookies: boolean | 'auto';
  maxStreams: number;
  maxStreamsPerSession: number;
  callbackMaxAge: number;
  bodyTimeout: number;
  maxBufferedBodyBytes: number;
  plannerTimeout: number;
  maxPlannerCalls: number;
  maxPlannerCallsPerSession: number;
  plannerQueueMs: number;
  forcedCheckInterval: number;
  accessCacheTtl: number;
  accessCacheEntries: number;
  uploadTtl: number;
  maxUploadsPerSession: number;
  publicUrl: string | null;
  fetch: PlannerFetch | null;
  /** true when a custom fetch was given (server-side calls do not go over the network by URL). */
  inProcess: boolean;
  /** The planner is the local emulator (bases unset or on a loopback host). */
  localPlanner: boolean;
}

/**
 * A configuration that must not start: a missing secret with a real planner. Thrown by createPartner(),
 * so a deployment fails at start-up with the reason instead of running with a guessable secret.
 */
export class PartnerConfigError extends Error {
  override readonly name = 'PartnerConfigError';
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/** 127.x.x.x, localhost or [::1]: a developer's machine, where cookies need not be Secure. */
export const isLoopbackHost = (hostname: string) => LOOPBACK_HOST.test(hostname);

const PRIVATE_V4 = /^(10|127)\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\.|^169\.254\.|^0\.0\.0\.0$/;

/**
 * Loopback, private, link-local or unspecified: an address a request's Host header names only when
 * forged (or in development). IPv6 in brackets as URL.hostname gives it.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (isLoopbackHost(host) || host.endsWith('.localhost') || PRIVATE_V4.test(host)) return true;
  if (!host.startsWith('[')) return false;
  const v6 = host.slice(1, -1);
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^::ffff:/.test(v6);
}

/** Bases unset (the emulator on the request's own origin) or on a loopback host: the local emulator. */
function plannerIsLocal(oauthBase: string | undefined, apiBase: string | undefined): boolean {
  return [oauthBase, apiBase].every((base) => {
    if (!base) return true;
    try {
      return isLoopbackHost(new URL(base).hostname);
    } catch {
      return false;
    }
  });
}

const positive = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** A number ≥ 0 (0 turns a feature off), else the fallback. */
const nonNegative = (value: unknown, fallback: number) => {
  const n = typeof value === 'string' && value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

const trimSlash = (s: string) => s.replace(/\/+$/, '');
const listOf = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function resolvePartnerOptions(options: PartnerOptions = {}): ResolvedPartnerOptions {
  const env =
    options.env ??
    (typeof process !== 'undefined' && process.env
      ? (process.env as Record<string, string | undefined>)
      : {});
  const oauthBase = options.oauthBase ?? env.PLANNER_OAUTH_BASE;
  const apiBase = options.apiBase ?? env.PLANNER_API_BASE;
  const origins = options.allowedOrigins ?? listOf(env.PARTNER_ALLOWED_ORIGINS);
  const secure = options.secureCookies ?? env.PARTNER_SECURE_COOKIES;
  const ttl = options.sessionTtl ?? Number(env.PARTNER_SESSION_TTL);
  const clientId = options.clientId || env.PLANNER_CLIENT_ID;
  const clientSecret = options.clientSecret || env.PLANNER_CLIENT_SECRET;
  // The demo defaults are public knowledge: with them anyone could sign a callback. They stand in
  // only for the local emulator; a real planner without its credentials is refused at start-up.
  if ((!clientId || !clientSecret) && !plannerIsLocal(oauthBase, apiBase)) {
    const missing = [!clientId && 'PLANNER_CLIENT_ID', !clientSecret && 'PLANNER_CLIENT_SECRET']
      .filter(Boolean)
      .join(' and ');
    throw new PartnerConfigError(
      `partner back end: ${missing} not set, and the planner (${oauthBase ?? apiBase}) is not the local emulator. ` +
        `Set ${missing} (or the clientId / clientSecret options) to the OAuth application's credentials.`,
    );
  }
  if (options.callbackOrigins?.length || env.PARTNER_CALLBACK_ORIGINS)
    console.warn(
      'partner back end: PARTNER_CALLBACK_ORIGINS (callbackOrigins) is ignored; list the exact callback URLs in PARTNER_CALLBACK_URLS (callbackUrls)',
    );
  const redirectUri = options.redirectUri ?? env.PARTNER_REDIRECT_URI;
  // derived, it would follow the Host header: a forged one would send the code elsewhere
  if (!redirectUri && !plannerIsLocal(oauthBase, apiBase))
    throw new PartnerConfigError(
      `partner back end: PARTNER_REDIRECT_URI not set, and the planner (${oauthBase ?? apiBase}) is not the local emulator. ` +
        `Set PARTNER_REDIRECT_URI (or the redirectUri option) to the redirect URI registered with the OAuth application.`,
    );
  return {
    clientId: clientId ?? 'demo-client',
    clientSecret: clientSecret ?? 'demo-secret',
    oauthBase: oauthBase ? trimSlash(oauthBase) : null,
    apiBase: apiBase ? trimSlash(apiBase) : null,
    redirectUri: redirectUri ?? null,
    allowedOrigins: origins.length ? origins.map(trimSlash) : null,
    callbackUrl: options.callbackUrl ?? env.PARTNER_CALLBACK_URL ?? null,
    callbackUrls: (options.callbackUrls ?? listOf(env.PARTNER_CALLBACK_URLS)).flatMap((url) => {
      try {
        return [new URL(url).href];
      } catch {
        throw new PartnerConfigError(
          `partner back end: PARTNER_CALLBACK_URLS holds ${url}, which is not a URL`,
        );
      }
    }),
    demoSecret: !clientSecret,
    callbackKeys: options.callbackKeys ?? (env.PLANNER_API_KEY ? [env.PLANNER_API_KEY] : []),
    store: options.store ?? new MemoryStore(),
    sessionTtl: Number.isFinite(ttl) && ttl > 0 ? ttl : 8 * 3600,
    cookieName: options.cookieName ?? 'partner_session',
    secureCookies:
      secure === true || secure === 'true' ? true : secure === false || secure === 'false' ? false : 'auto',
    maxStreams: positive(options.maxStreams, 1000),
    maxStreamsPerSession: positive(options.maxStreamsPerSession, 6),
    callbackMaxAge: positive(options.callbackMaxAge, 300),
    bodyTimeout: positive(options.bodyTimeout, 10_000),
    maxBufferedBodyBytes: positive(options.maxBufferedBodyBytes, 32 * 1024 * 1024),
    plannerTimeout: positive(options.plannerTimeout, 30_000),
    maxPlannerCalls: positive(options.maxPlannerCalls, 64),
    maxPlannerCallsPerSession: positive(options.maxPlannerCallsPerSession, 8),
    plannerQueueMs: nonNegative(options.plannerQueueMs, 2000),
    forcedCheckInterval: nonNegative(options.forcedCheckInterval, 2000),
    accessCacheTtl: nonNegative(
      options.accessCacheTtl ?? nonNegative(env.PARTNER_ACCESS_CACHE_S, NaN) * 1000,
      10_000,
    ),
    accessCacheEntries: Math.floor(positive(options.accessCacheEntries, DEFAULT_ACCESS_CACHE_ENTRIES)),
    uploadTtl: positive(options.uploadTtl ?? env.PARTNER_UPLOAD_TTL_S, 600),
    maxUploadsPerSession: Math.floor(positive(options.maxUploadsPerSession, 5)),
    publicUrl:
      (options.publicUrl ?? env.PARTNER_PUBLIC_URL)
        ? trimSlash((options.publicUrl ?? env.PARTNER_PUBLIC_URL)!)
        : null,
    // global fetch is called as fetch(url, init) (planner.ts): a Request made first would lose its
    // timeout signal once garbage-collected (an open Node bug)
    fetch: options.fetch ?? null,
    inProcess: !!options.fetch,
    localPlanner: plannerIsLocal(oauthBase, apiBase),
  };
}
