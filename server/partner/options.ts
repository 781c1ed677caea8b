/**
 * How a partner configures the back end: options passed to createPartner(), or the environment.
 * Secrets (the client secret, an API key) come only from here and are never put into a response.
 * See docs/partner.md for every variable.
 */
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
  /** The redirect URI registered with the application (env PARTNER_REDIRECT_URI). Unset: this app's /oauth/callback on the request's origin. */
  redirectUri?: string;
  /** Origins allowed to call /token, /proxy and /oauth/revoke (env PARTNER_ALLOWED_ORIGINS, comma list). Unset: the request's own origin. */
  allowedOrigins?: string[];
  /** Public URL of this app's /export-callback, put into proxied exports without a callback (env PARTNER_CALLBACK_URL). */
  callbackUrl?: string;
  /** Extra keys export callbacks may be signed with, e.g. the API key when the partner also exports with it (env PLANNER_API_KEY). */
  callbackKeys?: string[];
  /** Session store; default: in memory. */
  store?: PartnerStore;
  /** Session lifetime in seconds (env PARTNER_SESSION_TTL, default 8 hours). */
  sessionTtl?: number;
  /** Session cookie name (default partner_session). */
  cookieName?: string;
  /** Mark cookies Secure: true, false, or 'auto' (when the request is https; default; env PARTNER_SECURE_COOKIES). */
  secureCookies?: boolean | 'auto';
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
  callbackKeys: string[];
  store: PartnerStore;
  sessionTtl: number;
  cookieName: string;
  secureCookies: boolean | 'auto';
  fetch: PlannerFetch;
  /** true when a custom fetch was given (server-side calls do not go over the network by URL). */
  inProcess: boolean;
}

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
  return {
    clientId: options.clientId ?? env.PLANNER_CLIENT_ID ?? 'demo-client',
    clientSecret: options.clientSecret ?? env.PLANNER_CLIENT_SECRET ?? 'demo-secret',
    oauthBase: oauthBase ? trimSlash(oauthBase) : null,
    apiBase: apiBase ? trimSlash(apiBase) : null,
    redirectUri: options.redirectUri ?? env.PARTNER_REDIRECT_URI ?? null,
    allowedOrigins: origins.length ? origins.map(trimSlash) : null,
    callbackUrl: options.callbackUrl ?? env.PARTNER_CALLBACK_URL ?? null,
    callbackKeys: options.callbackKeys ?? (env.PLANNER_API_KEY ? [env.PLANNER_API_KEY] : []),
    store: options.store ?? new MemoryStore(),
    sessionTtl: Number.isFinite(ttl) && ttl > 0 ? ttl : 8 * 3600,
    cookieName: options.cookieName ?? 'partner_session',
    secureCookies:
      secure === true || secure === 'true' ? true : secure === false || secure === 'false' ? false : 'auto',
    fetch: options.fetch ?? ((request) => fetch(request)),
    inProcess: !!options.fetch,
  };
}
