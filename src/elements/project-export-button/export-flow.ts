/**
 * One export, start to end: get an access token from the partner's token endpoint (reusing one that
 * is still valid), check that the planner it goes to is the one the partner vouches for or one the
 * page trusts from script (planner-trust.ts), POST the export, and when the planning service answers 401 or 403 (the token was
 * revoked or expired early) fetch a token ONCE more and try once more. In proxy mode the partner
 * back end adds the token itself, so the browser never holds one.
 */
import { ApiError, joinUrl, request } from '../../api/http.js';
import { bearer, type PlanningContext } from '../../api/planning/context.js';
import type { ExportRequest } from '../../api/planning/export-tables.js';
import { exportProject, readExportAnswer } from '../../api/planning/exports.js';
import { fetchPartnerToken } from '../../api/planning/partner-token.js';
import { plannerFor, type PlannerChoice } from '../../api/planning/planner-trust.js';
import type { ExportOutcome } from '../../api/planning/types.js';

/** Rendering an export takes the service a while (large PDFs, several 3D views): more than a GET's 15 s. */
export const EXPORT_TIMEOUT_MS = 90_000;

/** Tokens are dropped this long before the service would expire them, so none expires in flight. */
const EXPIRY_MARGIN_MS = 30_000;

/** A token and the planner root the partner named for it (undefined: it named none). */
export interface HeldToken {
  token: string;
  plannerBase?: string;
}

/** A token the element holds between exports, for one endpoint and one project. */
export class TokenCache {
  #entry?: HeldToken & { key: string; expiresAt: number };

  async get(endpoint: string, projectId: number, signal: AbortSignal, fresh: boolean): Promise<HeldToken> {
    const key = `${endpoint}\n${projectId}`;
    const entry = this.#entry;
    if (!fresh && entry && entry.key === key && entry.expiresAt > Date.now())
      return { token: entry.token, plannerBase: entry.plannerBase };
    this.#entry = undefined;
    // fresh: the planner refused the last token; the partner must ask it again, not answer from memory
    const answer = await fetchPartnerToken(endpoint, projectId, { signal, fresh });
    this.#entry = {
      key,
      token: answer.access_token,
      plannerBase: answer.planner_base,
      expiresAt: Date.now() + answer.expires_in * 1000 - EXPIRY_MARGIN_MS,
    };
    return { token: answer.access_token, plannerBase: answer.planner_base };
  }

  clear(): void {
    this.#entry = undefined;
  }
}

/**
 * The partner back end gave no access: its token endpoint failed, or its proxy answered 401 (no
 * connected planning account). The words differ from a failure of the planning service itself.
 */
export class TokenEndpointError extends Error {
  override readonly name = 'TokenEndpointError';
  constructor(readonly apiError: ApiError) {
    super(apiError.message);
  }
}

export interface ExportFlow {
  projectId: number;
  body: ExportRequest;
  /** The planner roots the element and the page name; the token decides which one is vouched for. */
  planner: PlannerChoice;
  tokenEndpoint?: string;
  /** The partner back end's proxy root: POST {proxyBase}/projects/:id/export.json with the session cookie. */
  proxyBase?: string;
  tokens: TokenCache;
  signal: AbortSignal;
  /** Told when the flow moves from getting a token to exporting. */
  onStep?: (step: 'token' | 'export') => void;
}

const rejectedToken = (error: unknown) =>
  error instanceof ApiError && error.kind === 'http' && (error.status === 401 || error.status === 403);

async function tokenFor(flow: ExportFlow, fresh: boolean): Promise<HeldToken> {
  flow.onStep?.('token');
  try {
    return await flow.tokens.get(flow.tokenEndpoint!, flow.projectId, flow.signal, fresh);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'abort') throw error;
    // e.g. a token-endpoint that is not a URL at all: still an ApiError, so export-error's detail keeps its type
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(
            error instanceof Error ? error.message : String(error),
            0,
            flow.tokenEndpoint ?? '',
            'invalid',
          );
    throw new TokenEndpointError(apiError);
  }
}

export async function runExport(flow: ExportFlow): Promise<ExportOutcome> {
  if (flow.proxyBase) {
    flow.onStep?.('export');
    const url = joinUrl(flow.proxyBase, `/projects/${flow.projectId}/export.json`);
    let answer: unknown;
    try {
      answer = await request(url, {
        method: 'POST',
        body: flow.body,
        credentials: 'same-origin',
        signal: flow.signal,
        timeout: EXPORT_TIMEOUT_MS,
      });
    } catch (error) {
      // 401 from the proxy: the session has no (live) planning token; the partner asks for a login
      if (error instanceof ApiError && error.kind === 'http' && error.status === 401)
        throw new TokenEndpointError(error);
      throw error;
    }
    return readExportAnswer(answer, url);
  }

  const send = async ({ token, plannerBase }: HeldToken) => {
    // checked before anything is sent: a planner nobody vouched for gets no request at all
    const base = plannerFor(flow.planner, plannerBase);
    flow.onStep?.('export');
    const ctx: PlanningContext = {
      base,
      auth: bearer(token),
      signal: flow.signal,
      timeout: EXPORT_TIMEOUT_MS,
    };
    return exportProject(ctx, flow.projectId, flow.body);
  };
  try {
    return await send(await tokenFor(flow, false));
  } catch (error) {
    if (!rejectedToken(error)) throw error;
    // The token was refused: it may have been revoked or have expired early. One fresh try only,
    // so a service that refuses every token does not loop.
    return send(await tokenFor(flow, true));
  }
}
