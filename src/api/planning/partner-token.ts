/**
 * The browser's side of a partner back end's token endpoint (DESIGN.md, `<project-export-button>`):
 * POST `{ "project_id": <number> }` as JSON with the page's own cookies; the answer is
 * `{ access_token, expires_in, planner_base }`. The partner checks the session, the origin and CSRF.
 * `planner_base` is the planner root the partner itself uses with that token: the one place the
 * token is vouched to belong (older partners leave it out).
 */
import * as v from 'valibot';
import { request } from '../http.js';
import { validate } from '../validate.js';
import { partnerTokenSchema } from './schemas.js';
import type { PartnerToken } from './types.js';

/** The token answer with the planner the partner vouches for, when it names one. */
export type VouchedPartnerToken = PartnerToken & { planner_base?: string };

const vouchedTokenSchema = v.object({
  ...partnerTokenSchema.entries,
  // anything but a string is read as "no planner named": the token then goes only where the page trusts
  planner_base: v.optional(v.fallback(v.string(), '')),
});

export interface PartnerTokenOptions {
  signal?: AbortSignal;
  timeout?: number;
  /**
   * Ask the partner to check with the planner now (`Cache-Control: no-cache`) instead of trusting
   * a verdict it remembers: after the planner refused the token the partner handed out, so a dead
   * token is found out (the partner then answers 401) rather than handed out again.
   */
  fresh?: boolean;
}

export async function fetchPartnerToken(
  endpoint: string,
  projectId: number,
  options: PartnerTokenOptions = {},
): Promise<VouchedPartnerToken> {
  const url = new URL(endpoint, typeof location !== 'undefined' ? location.href : undefined).href;
  const { fresh, ...rest } = options;
  const answer = await request(url, {
    method: 'POST',
    body: { project_id: projectId },
    credentials: 'same-origin',
    // a token answer is a few hundred bytes: a partner that streams more is broken or hostile
    maxBytes: 64 * 1024,
    ...(fresh ? { headers: { 'Cache-Control': 'no-cache' } } : {}),
    ...rest,
  });
  const token = validate(vouchedTokenSchema, answer, url) as VouchedPartnerToken;
  if (!token.planner_base) delete token.planner_base;
  return token;
}
