/**
 * Set-up shared by the planning tests: the demo server with the planning emulator, a client context
 * for each of its three accounts, the XML API contexts, and the two ways a call is expected to fail.
 */
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/http.ts';
import type { PlanningContext } from '../../../src/api/planning/context.ts';
import { apiKey } from '../../../src/api/planning/server.ts';
import { PlanningXmlError, type PlanningXmlContext } from '../../../src/api/planning-xml/index.ts';
import { before } from 'node:test';
import { startDemoServer, useDemoServer, type Running } from './server.ts';

/** The planning v2 API on a fresh demo server, as accounts A (demo-key), B and C (no retries). */
export async function startPlanningV2(rooms: number): Promise<{
  running: Running;
  base: string;
  A: PlanningContext;
  B: PlanningContext;
  C: PlanningContext;
}> {
  const running = await startDemoServer({ rooms });
  const base = `${running.url}/planning/api/v2`;
  const as = (key: string): PlanningContext => ({ base, auth: apiKey(key), retries: 0 });
  return { running, base, A: as('demo-key'), B: as('demo-key-b'), C: as('demo-key-c') };
}

/** The XML API of `running` as account A, in the `.xml` form and in the `.embed` form. */
export function planningXml(running: Running): { xml: PlanningXmlContext; embed: PlanningXmlContext } {
  const xml: PlanningXmlContext = { base: `${running.url}/planning-xml`, apiKey: 'demo-key' };
  return { xml, embed: { ...xml, format: 'embed' } };
}

/** What the emulator's OAuth token endpoint answers. */
export interface TokenAnswer {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
}

/**
 * The emulator's OAuth code flow at `url`, as a partner walks it: authorize (redirected with a code,
 * for `user` when given), then the code exchanged at /planning/oauth/token. The demo client and the
 * partner's callback unless others are given; the token answer.
 */
export async function oauthToken(
  url: string,
  {
    clientId = 'demo-client',
    clientSecret = 'demo-secret',
    redirectUri = `${url}/partner/oauth/callback`,
    user,
  }: { clientId?: string; clientSecret?: string; redirectUri?: string; user?: number } = {},
): Promise<TokenAnswer> {
  const query = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri });
  if (user !== undefined) query.set('user', String(user));
  const authorize = await fetch(`${url}/planning/oauth/authorize?${query}`, { redirect: 'manual' });
  assert.equal(authorize.status, 301, 'authorize redirects with a code');
  const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
  const body = new URLSearchParams({
    client_id: clientId,
    client_secret: clientSecret,
    code,
    redirect_uri: redirectUri,
  });
  return (await (await fetch(`${url}/planning/oauth/token`, { method: 'POST', body })).json()) as TokenAnswer;
}

/**
 * In the suite it is called in: a demo server with 5 rooms (useDemoServer) and its XML API as account
 * A, in the `.xml` and the `.embed` form; the contexts get their base once the server is up.
 */
export function usePlanningXml(): { running: Running; xml: PlanningXmlContext; embed: PlanningXmlContext } {
  const running = useDemoServer({ rooms: 5 });
  const xml: PlanningXmlContext = { base: '', apiKey: 'demo-key' };
  const embed: PlanningXmlContext = { ...xml, format: 'embed' };
  before(() => {
    xml.base = embed.base = planningXml(running).xml.base;
  });
  return { running, xml, embed };
}

/** Puts the planning emulator back to its seeded start. */
export const resetPlanning = (running: Running): Promise<Response> =>
  fetch(`${running.url}/planning/emulator/reset`, { method: 'POST' });

/** The emails the planning emulator has sent, oldest first. */
export const planningOutbox = async <T>(running: Running): Promise<T[]> =>
  (await (await fetch(`${running.url}/planning/emulator/outbox`)).json()) as T[];

/** The ApiError a planning v2 call fails with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ApiError, `not an ApiError: ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

/** The PlanningXmlError an XML API call fails with; fails the test when the call succeeds. */
export async function xmlRejection(promise: Promise<unknown>): Promise<PlanningXmlError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof PlanningXmlError, `expected a PlanningXmlError, got ${String(error)}`);
    return error;
  }
  assert.fail('the call succeeded');
}
