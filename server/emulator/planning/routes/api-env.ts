/**
 * What travels with a v2 request once the API's middleware (v2-app.ts) has authenticated it, and the
 * shape of an operation's handler in the route table (v2-routes.ts). Types only.
 */
import type { Context, Hono } from 'hono';
import type { UserRecord } from '../domain/accounts.ts';
import type { AccessToken } from '../domain/records.ts';
import type { PlanningState } from '../domain/state.ts';

export interface Caller {
  userId: number;
  /** The authenticated user's record (the account of the API key, the token's user). */
  user: UserRecord;
  via: 'api_key' | 'oauth' | 'project_token';
  /** Project tokens open one project only. */
  projectId?: number;
  token?: AccessToken;
}

export type ApiEnv = { Variables: { caller: Caller; params: Record<string, unknown> } };
export type ApiApp = Hono<ApiEnv>;

/** An operation of the v2 API: the request (caller and parameters in its context) and the state. */
export type ApiHandler = (c: Context<ApiEnv>, state: PlanningState) => Response | Promise<Response>;
