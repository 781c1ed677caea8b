/**
 * The browser's side of a partner back end's token endpoint (DESIGN.md, `<project-export-button>`):
 * POST `{ "project_id": <number> }` as JSON with the page's own cookies; the answer is
 * `{ access_token, expires_in }`. The partner checks the session, the origin and CSRF.
 */
import { request } from '../http.js';
import { validate } from '../validate.js';
import { partnerTokenSchema } from './schemas.js';
import type { PartnerToken } from './types.js';

export async function fetchPartnerToken(
  endpoint: string,
  projectId: number,
  options: { signal?: AbortSignal; timeout?: number } = {},
): Promise<PartnerToken> {
  const url = new URL(endpoint, typeof location !== 'undefined' ? location.href : undefined).href;
  const answer = await request(url, {
    method: 'POST',
    body: { project_id: projectId },
    credentials: 'same-origin',
    ...options,
  });
  return validate(partnerTokenSchema, answer, url) as PartnerToken;
}
