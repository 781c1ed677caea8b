/**
 * The planning emulator's OAuth application and API key, taken from the environment when the
 * emulator is created (so a test can set them before starting a server), with the documented
 * defaults the demo uses. See docs/emulator-planning.md.
 */
import { DEFAULT_API_KEYS } from './accounts.ts';

export interface PlanningConfig {
  clientId: string;
  clientSecret: string;
  /** Whitelisted redirect URIs (exact match). The request's own origin + /partner/oauth/callback is also accepted. */
  redirectUris: string[];
  /** Account A's API key (a partner account), PLANNER_API_KEY. */
  apiKey: string;
  /** Account B's (an ordinary account), PLANNER_API_KEY_B. */
  apiKeyB: string;
  /** Account C's (a second, independent partner), PLANNER_API_KEY_C. */
  apiKeyC: string;
  /** Lifetime of access tokens in seconds (`expires_in`). */
  tokenTtl: number;
  /** Lifetime of authorization codes in seconds. */
  codeTtl: number;
}

const DEFAULT_REDIRECTS = [
  'http://127.0.0.1:4010/partner/oauth/callback',
  'http://localhost:4010/partner/oauth/callback',
];

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function planningConfigFromEnv(env: Record<string, string | undefined> = process.env): PlanningConfig {
  const redirects = (env.PLANNER_REDIRECT_URIS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    clientId: env.PLANNER_CLIENT_ID || 'demo-client',
    clientSecret: env.PLANNER_CLIENT_SECRET || 'demo-secret',
    redirectUris: redirects.length ? redirects : DEFAULT_REDIRECTS,
    apiKey: env.PLANNER_API_KEY || DEFAULT_API_KEYS.a,
    apiKeyB: env.PLANNER_API_KEY_B || DEFAULT_API_KEYS.b,
    apiKeyC: env.PLANNER_API_KEY_C || DEFAULT_API_KEYS.c,
    // Doorkeeper's (the Rails OAuth provider behind /oauth/authorize, /token, /revoke) default: 2 hours
    tokenTtl: positive(env.PLANNER_TOKEN_TTL, 7200),
    codeTtl: positive(env.PLANNER_CODE_TTL, 120),
  };
}
