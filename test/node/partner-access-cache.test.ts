/**
 * POST /token remembers the planner's "yes" for a short while (server/partner/access-cache.ts, issue
 * 22: a partner that answers fast under load), over real HTTP with the emulator as the planner and its
 * request log as the witness of what the planner was asked: a second token request within the TTL
 * does not ask it again; `Cache-Control: no-cache` (the button's retry after a refusal) always does,
 * so a token revoked at the planner is found out (401, session ended); after the TTL it is asked
 * again; a refusal is never remembered; the memory is bounded.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AccessCache, wantsFresh } from '../../server/partner/access-cache.ts';
import { resolvePartnerOptions, type PartnerOptions } from '../../server/partner/options.ts';
import { TestBrowser } from './partner-test-browser.ts';
import { DEMO_SECRET, login, PROJECT, startPartners, type Partners } from './partner-setup.ts';

const FOREIGN_PROJECT = 29200001; // someone else's (partner-flow.test.ts): the planner answers 403

/** How many times the planner was asked for project `id` (GET /projects/:id.json) since its log was cleared. */
async function projectLookups(setup: Partners, id: number): Promise<number> {
  const path = `/planning/api/v2/projects/${id}.json`;
  const log = (await (await fetch(`${setup.planner.url}/emulator/requests?path=${path}`)).json()) as {
    method: string;
    path: string;
  }[];
  return log.filter((entry) => entry.method === 'GET' && entry.path === path).length;
}

const clearLog = async (setup: Partners) =>
  (await fetch(`${setup.planner.url}/emulator/requests`, { method: 'DELETE' })).body?.cancel();

const askToken = (browser: TestBrowser, projectId: number, headers: Record<string, string> = {}) =>
  browser.fetch('/partner/token', { json: { project_id: projectId }, headers });

async function until(what: string, check: () => Promise<boolean>, guardMs = 10_000) {
  const deadline = Date.now() + guardMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`not within ${guardMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('partner /token: the planner’s verdict remembered for accessCacheTtl', () => {
  // each configuration its own planner and partner (a login's callback comes back to the first one)
  const setups: Partners[] = [];
  let setup: Partners;
  after(async () => {
    for (const running of setups) await running.close();
  });

  const signedIn = async (options: PartnerOptions = {}) => {
    // every forced check reaches the planner here (partner-fair-slots.test.ts has the interval)
    setup = await startPartners(1, () => ({ forcedCheckInterval: 0, ...options }));
    setups.push(setup);
    const browser = new TestBrowser(setup.partners[0]!.url);
    await login(browser);
    await clearLog(setup);
    return browser;
  };

  it('two token requests for one project: the planner is asked once; no-cache asks it again', async () => {
    const browser = await signedIn();
    const first = await askToken(browser, PROJECT);
    const second = await askToken(browser, PROJECT);
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal((await second.json()).access_token, (await first.json()).access_token);
    assert.equal(await projectLookups(setup, PROJECT), 1, 'one showProject for two token requests');
    const fresh = await askToken(browser, PROJECT, { 'Cache-Control': 'no-cache' });
    assert.equal(fresh.status, 200);
    assert.equal(await projectLookups(setup, PROJECT), 2, 'no-cache bypasses the remembered verdict');
    const maxAge0 = await askToken(browser, PROJECT, { 'Cache-Control': 'max-age=0' });
    assert.equal(maxAge0.status, 200);
    assert.equal(await projectLookups(setup, PROJECT), 3, 'max-age=0 too');
    // and each check refreshed the memory: a plain request is answered from it again
    assert.equal((await askToken(browser, PROJECT)).status, 200);
    assert.equal(await projectLookups(setup, PROJECT), 3);
  });

  it('a token revoked at the planner out of band: with no-cache the partner answers 401 and ends the session', async () => {
    const browser = await signedIn();
    const { access_token } = (await (await askToken(browser, PROJECT)).json()) as { access_token: string };
    const revoked = await fetch(`${setup.planner.url}/planning/oauth/revoke`, {
      method: 'POST',
      body: new URLSearchParams({
        token: access_token,
        client_id: 'demo-client',
        client_secret: DEMO_SECRET,
      }),
    });
    assert.equal(revoked.status, 200);
    await revoked.body?.cancel();
    // the trade: within the TTL a plain request is still answered from memory (docs/partner.md)
    const remembered = await askToken(browser, PROJECT);
    assert.equal(remembered.status, 200);
    assert.equal(await projectLookups(setup, PROJECT), 1);
    // the button's retry after the planner refused that token: the partner asks the planner now
    const recheck = await askToken(browser, PROJECT, { 'Cache-Control': 'no-cache' });
    assert.equal(recheck.status, 401);
    const body = (await recheck.json()) as Record<string, unknown>;
    assert.equal(body.error, 'login_required');
    assert.equal(body.access_token, undefined, 'the dead token is not handed out again');
    assert.equal(await projectLookups(setup, PROJECT), 2);
    assert.equal((await (await browser.fetch('/partner/session')).json()).connected, false);
    assert.equal((await askToken(browser, PROJECT)).status, 401, 'and no memory of it answers 200');
  });

  it('after the TTL the planner is asked again, not before', async () => {
    const ttl = 200;
    const browser = await signedIn({ accessCacheTtl: ttl });
    const t0 = Date.now();
    assert.equal((await askToken(browser, PROJECT)).status, 200);
    assert.equal(await projectLookups(setup, PROJECT), 1);
    // the verdict was remembered after t0, so the planner may be asked again only once ttl has passed
    let askedAgainBy = 0;
    await until('the planner is asked again after the TTL', async () => {
      assert.equal((await askToken(browser, PROJECT)).status, 200);
      askedAgainBy = Date.now();
      return (await projectLookups(setup, PROJECT)) >= 2;
    });
    assert.ok(
      askedAgainBy - t0 >= ttl,
      `asked again ${askedAgainBy - t0} ms after the first, before the TTL`,
    );
    assert.equal(await projectLookups(setup, PROJECT), 2);
  });

  it('a 403 for another project is never remembered', async () => {
    const browser = await signedIn();
    for (let i = 0; i < 3; i++) {
      const foreign = await askToken(browser, FOREIGN_PROJECT);
      assert.equal(foreign.status, 403);
      assert.equal((await foreign.json()).error, 'project_forbidden');
    }
    assert.equal(await projectLookups(setup, FOREIGN_PROJECT), 3, 'every refusal came from the planner');
    // still connected, and its own project still answered
    assert.equal((await askToken(browser, PROJECT)).status, 200);
  });

  it('bounded: past its entries the oldest verdict is gone', async () => {
    const browser = await signedIn({ accessCacheEntries: 1 });
    const { access_token } = (await (await askToken(browser, PROJECT)).json()) as { access_token: string };
    const listed = (await (
      await fetch(`${setup.planner.url}/planning/api/v2/projects.json`, {
        headers: { Authorization: `Bearer ${access_token}` },
      })
    ).json()) as { id: number }[] | { projects?: { id: number }[] };
    const projects = Array.isArray(listed) ? listed : (listed.projects ?? []);
    const other = projects.map((p) => p.id).find((id) => id !== PROJECT);
    assert.ok(other, 'the demo user has a second project');
    assert.equal((await askToken(browser, other)).status, 200); // pushes PROJECT out (one entry)
    assert.equal((await askToken(browser, other)).status, 200); // remembered
    assert.equal(await projectLookups(setup, other), 1);
    assert.equal((await askToken(browser, PROJECT)).status, 200);
    assert.equal(await projectLookups(setup, PROJECT), 2, 'the oldest verdict was dropped');

    const cache = new AccessCache(60_000, 10_000);
    for (let i = 1; i <= 10_500; i++) cache.allow('p', 't', i);
    assert.equal(cache.size, 10_000);
    assert.equal(cache.has('p', 't', 1), false);
    assert.equal(cache.has('p', 't', 500), false);
    assert.equal(cache.has('p', 't', 501), true);
    assert.equal(cache.has('p', 't', 10_500), true);
  });

  it('PARTNER_ACCESS_CACHE_S=0 turns it off: every token request asks the planner', async () => {
    assert.equal(resolvePartnerOptions({ env: {} }).accessCacheTtl, 10_000);
    assert.equal(resolvePartnerOptions({ env: { PARTNER_ACCESS_CACHE_S: '2.5' } }).accessCacheTtl, 2500);
    assert.equal(resolvePartnerOptions({ env: { PARTNER_ACCESS_CACHE_S: 'soon' } }).accessCacheTtl, 10_000);
    const browser = await signedIn({ env: { PARTNER_ACCESS_CACHE_S: '0' } });
    for (let i = 0; i < 3; i++) assert.equal((await askToken(browser, PROJECT)).status, 200);
    assert.equal(await projectLookups(setup, PROJECT), 3);
  });

  it('forgets every verdict of a token; reads no-cache, max-age=0 and Pragma as asking for a fresh one', () => {
    const cache = new AccessCache(60_000);
    cache.allow('p', 'dead', 1);
    cache.allow('p', 'dead', 2);
    cache.allow('p', 'alive', 1);
    cache.forgetToken('dead');
    assert.deepEqual(
      [cache.has('p', 'dead', 1), cache.has('p', 'dead', 2), cache.has('p', 'alive', 1)],
      [false, false, true],
    );
    assert.equal(wantsFresh('no-cache', undefined), true);
    assert.equal(wantsFresh('max-age=0', undefined), true);
    assert.equal(wantsFresh('private, max-age=0', undefined), true);
    assert.equal(wantsFresh('max-age=60', undefined), false);
    assert.equal(wantsFresh(undefined, 'no-cache'), true);
    assert.equal(wantsFresh(undefined, undefined), false);
  });
});
