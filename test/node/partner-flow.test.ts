/**
 * The partner back end and the planning emulator together, over real HTTP, as a browser drives them:
 * login → authorize → callback → token → export (token mode and proxy mode) → callback → status →
 * revoke, and what must fail: wrong state, a code used twice, revoked and expired tokens.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exportStatus, demoServerForSuite } from './partner-setup.ts';
import { TestBrowser } from './partner-test-browser.ts';

const PROJECT = 186997360;

describe('partner back end: the whole OAuth flow through the partner', () => {
  const demo = demoServerForSuite();

  async function connected(): Promise<TestBrowser> {
    const browser = new TestBrowser(demo.url);
    const { hops, response } = await browser.navigate(
      '/partner/oauth/start?return_to=/partner/session%3Fx%3D1',
    );
    assert.deepEqual(
      hops.map((h) => new URL(h).pathname),
      ['/partner/oauth/start', '/planning/oauth/authorize', '/partner/oauth/callback', '/partner/session'],
    );
    assert.equal(hops.at(-1), `${demo.url}/partner/session?x=1`, 'back where return_to said');
    assert.equal((await response.json()).connected, true);
    return browser;
  }

  it('start → authorize → callback → token → export → callback status → revoke → rejected', async () => {
    const browser = new TestBrowser(demo.url);
    const login = await browser.fetch('/partner/login');
    assert.equal(login.status, 200);
    const html = await login.text();
    assert.match(html, /Connect your planner account/);
    assert.match(html, /href="oauth\/start\?return_to=/);

    // start: a session cookie and a redirect to authorize with our client id, a state and our callback
    const start = await browser.fetch('/partner/oauth/start?return_to=/demo/');
    assert.equal(start.status, 302);
    const authorize = new URL(start.headers.get('location')!);
    assert.equal(authorize.origin + authorize.pathname, `${demo.url}/planning/oauth/authorize`);
    assert.equal(authorize.searchParams.get('client_id'), 'demo-client');
    assert.equal(authorize.searchParams.get('redirect_uri'), `${demo.url}/partner/oauth/callback`);
    assert.equal(authorize.searchParams.get('response_type'), 'code');
    const state = authorize.searchParams.get('state')!;
    // signed: <expires>.<nonce>.<return path>.<HMAC>, nothing of the login cookie in it (issue 34)
    assert.match(state, /^\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{43}$/);
    // no session before the login completes: only a short-lived login cookie the state is bound to
    assert.equal(browser.cookies.get('partner_session'), undefined, 'no session for an anonymous visitor');
    const loginCookie = browser.cookies.get('partner_session_login')!;
    assert.ok(loginCookie, 'a login cookie is set');
    assert.match(loginCookie.attributes, /HttpOnly/i);
    assert.match(loginCookie.attributes, /SameSite=Lax/i);
    assert.match(loginCookie.attributes, /Path=\/partner\/oauth/i);
    assert.match(loginCookie.attributes, /Max-Age=600/i);
    assert.doesNotMatch(loginCookie.attributes, /Secure/i, 'not Secure on a loopback host');

    // authorize: 301 back to the callback with a code and the same state
    const granted = await browser.fetch(authorize.href);
    assert.equal(granted.status, 301);
    const callback = new URL(granted.headers.get('location')!);
    assert.equal(callback.origin + callback.pathname, `${demo.url}/partner/oauth/callback`);
    assert.equal(callback.searchParams.get('state'), state);
    assert.ok(callback.searchParams.get('code'));

    // callback: back to the page; the session is made now, and the login cookie is gone
    const back = await browser.fetch(callback.href);
    assert.equal(back.status, 302);
    assert.equal(back.headers.get('location'), '/demo/');
    const cookie = browser.cookies.get('partner_session')!;
    assert.ok(cookie, 'a session cookie is set at login');
    assert.match(cookie.attributes, /HttpOnly/i);
    assert.match(cookie.attributes, /SameSite=Lax/i);
    assert.match(cookie.attributes, /Path=\/partner(;|$)/i);
    assert.equal(browser.cookies.get('partner_session_login'), undefined);

    const session = await (await browser.fetch('/partner/session')).json();
    assert.equal(session.connected, true);
    assert.ok(session.expires_in > 7000 && session.expires_in <= 7200);
    assert.equal(session.access_token, undefined, 'the session endpoint never shows the token');

    // token mode: the button's call
    const tokenResponse = await browser.fetch('/partner/token', { json: { project_id: PROJECT } });
    assert.equal(tokenResponse.status, 200);
    assert.equal(tokenResponse.headers.get('cache-control'), 'no-store');
    const token = await tokenResponse.json();
    assert.deepEqual(Object.keys(token).sort(), ['access_token', 'expires_in', 'planner_base']);
    assert.match(token.access_token, /^[0-9a-f]{64}$/);

    // the page exports with it, the planner calls the partner back with the result
    const exported = await browser.fetch(`/planning/api/v2/projects/${PROJECT}/export.json`, {
      headers: { Authorization: `Bearer ${token.access_token}` },
      json: {
        type: '2d',
        fmt: ['png'],
        width: 80,
        height: 60,
        paper: { combine: true },
        callback: `${demo.url}/partner/export-callback`,
      },
    });
    assert.equal(exported.status, 200);
    const result = await exported.json();
    assert.ok(result.export_id > 0);
    const status = await exportStatus(browser, result.export_id);
    assert.equal(status.status, 'ready');
    assert.deepEqual(status.result, { project: result.project, design: result.design });

    // the same as server-sent events
    const events = await browser.fetch(`/partner/exports/${result.export_id}/events`);
    assert.match(events.headers.get('content-type')!, /text\/event-stream/);
    const stream = await events.text();
    assert.match(stream, /event: status\ndata: \{"export_id":\d+,"status":"ready"/);

    // revoke: the planner forgets the token, the partner forgets it too
    const revoked = await browser.fetch('/partner/oauth/revoke', { json: {} });
    assert.deepEqual(await revoked.json(), { revoked: true });
    const afterRevoke = await browser.fetch(`/planning/api/v2/projects/${PROJECT}.json`, {
      headers: { Authorization: `Bearer ${token.access_token}` },
    });
    assert.equal(afterRevoke.status, 403);
    const again = await browser.fetch('/partner/token', { json: { project_id: PROJECT } });
    assert.equal(again.status, 401);
    const body = await again.json();
    assert.equal(body.error, 'login_required');
    assert.match(body.login_url, /^\/partner\/oauth\/start\?return_to=/);
  });

  it('proxy mode: the export goes out with the session token, the callback defaults to the partner', async () => {
    const browser = await connected();
    const response = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: {
        type: '3d',
        fmt: ['jpg'],
        width: 64,
        height: 48,
        paper: { combine: false },
        views: [{ type: 'se' }],
      },
    });
    assert.equal(response.status, 200);
    const result = await response.json();
    assert.ok(Object.keys(result.design).length >= 1);
    const record = await (
      await fetch(`${demo.url}/planning/api/v2/exports/${result.export_id}.json`, {
        headers: { Authorization: 'Basic ' + btoa('demo-key:x') },
      })
    ).json();
    assert.equal(record.callback, `${demo.url}/partner/export-callback`);
    assert.equal((await exportStatus(browser, result.export_id)).status, 'ready');
    // an invalid export comes back as the planner's 422, in words
    const invalid = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: { type: '3d', fmt: ['jpg'], width: 64, height: 48, paper: { combine: false } },
    });
    assert.equal(invalid.status, 422);
    const problem = await invalid.json();
    assert.equal(problem.error, 'invalid parameters specified');
    // checked by the partner with the button's own builder: never forwarded
    assert.match(problem.details.join(' '), /views is required/);
    assert.equal(problem.issues[0].path, 'views');
    const log = (await (
      await fetch(`${demo.url}/emulator/requests?path=/planning/api/v2/projects/${PROJECT}/export.json`)
    ).json()) as { body: { type?: string; views?: unknown } }[];
    const threeD = log.filter((entry) => entry.body.type === '3d');
    assert.ok(threeD.length >= 1);
    assert.ok(
      threeD.every((entry) => entry.body.views !== undefined),
      'the invalid request did not reach the planner',
    );
    // members the tables do not know are refused the same way
    const unknown = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: { type: '2d', fmt: ['png'], width: 64, height: 48, paper: { combine: true }, evil: 1 },
    });
    assert.equal(unknown.status, 422);
    assert.match((await unknown.json()).details.join(' '), /evil is not a parameter/);
  });

  it('asks for a login when there is no session, and for another user’s project says so', async () => {
    const stranger = new TestBrowser(demo.url);
    const response = await stranger.fetch('/partner/token', { json: { project_id: PROJECT } });
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error, 'login_required');
    const proxy = await stranger.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, { json: {} });
    assert.equal(proxy.status, 401);
    const status = await stranger.fetch('/partner/exports/1/status');
    assert.equal(status.status, 401);

    const browser = await connected();
    const foreign = await browser.fetch('/partner/token', { json: { project_id: 29200001 } });
    assert.equal(foreign.status, 403);
    assert.equal((await foreign.json()).error, 'project_forbidden');
    const missing = await browser.fetch('/partner/token', { json: { project_id: 999 } });
    assert.equal(missing.status, 404);
    const bad = await browser.fetch('/partner/token', { json: { project_id: 'x' } });
    assert.equal(bad.status, 400);
    // still connected after those: only a dead token ends the connection
    assert.equal((await (await browser.fetch('/partner/session')).json()).connected, true);
    // someone else's export id is not shown to this session
    const unknown = await browser.fetch('/partner/exports/4999/status');
    assert.equal(unknown.status, 404);
  });

  it('rejects a callback whose state is wrong, missing, from another browser, used or too old', async () => {
    const browser = new TestBrowser(demo.url);
    const start = await browser.fetch('/partner/oauth/start');
    const authorize = new URL(start.headers.get('location')!);
    const granted = await browser.fetch(authorize.href);
    const callback = new URL(granted.headers.get('location')!);
    const code = callback.searchParams.get('code')!;

    const wrong = await browser.fetch(`/partner/oauth/callback?code=${code}&state=not-the-state`);
    assert.equal(wrong.status, 400);
    assert.match(await wrong.text(), /could not be verified/);
    const missing = await browser.fetch(`/partner/oauth/callback?code=${code}`);
    assert.equal(missing.status, 400);
    // the right state in another browser (an attacker slipping their code into a victim's session)
    const other = new TestBrowser(demo.url);
    await other.fetch('/partner/oauth/start');
    const slipped = await other.fetch(callback.pathname + callback.search);
    assert.equal(slipped.status, 400);
    assert.equal((await (await other.fetch('/partner/session')).json()).connected, false);
    // the rightful browser still completes
    const done = await browser.fetch(callback.pathname + callback.search);
    assert.equal(done.status, 302);
    // and the same state cannot be used twice
    const replay = await browser.fetch(callback.pathname + callback.search);
    assert.equal(replay.status, 400);

    // a state older than its 10 minutes is refused (the server runs in this process: move its clock)
    const slow = new TestBrowser(demo.url);
    const slowStart = await slow.fetch('/partner/oauth/start');
    const slowGrant = await slow.fetch(slowStart.headers.get('location')!);
    const slowCallback = new URL(slowGrant.headers.get('location')!);
    const realNow = Date.now;
    Date.now = () => realNow() + 601_000;
    try {
      const late = await slow.fetch(slowCallback.pathname + slowCallback.search);
      assert.equal(late.status, 400);
      assert.match(await late.text(), /unknown or expired state/);
    } finally {
      Date.now = realNow;
    }
  });

  it('a code the partner already exchanged is refused by the planner', async () => {
    const browser = new TestBrowser(demo.url);
    const start = await browser.fetch('/partner/oauth/start');
    const granted = await browser.fetch(start.headers.get('location')!);
    const callback = new URL(granted.headers.get('location')!);
    assert.equal((await browser.fetch(callback.pathname + callback.search)).status, 302);
    const reused = await fetch(`${demo.url}/planning/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${demo.url}/partner/oauth/callback`,
        client_id: 'demo-client',
        client_secret: 'demo-secret',
      }),
    });
    assert.equal(reused.status, 403);
    assert.equal((await reused.json()).error, 'invalid_grant');
    // the second use revoked the token of the first (RFC 6749 §4.1.2): the partner now asks for a login
    const token = await browser.fetch('/partner/token', { json: { project_id: PROJECT } });
    assert.equal(token.status, 401);
  });

  it('an expired token is rejected by the planner and makes the partner ask for a login', async () => {
    const browser = await connected();
    const { access_token } = await (
      await browser.fetch('/partner/token', { json: { project_id: PROJECT } })
    ).json();
    const expired = await fetch(`${demo.url}/planning/emulator/expire-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: access_token }),
    });
    assert.deepEqual(await expired.json(), { expired: 1 });
    const direct = await fetch(`${demo.url}/planning/api/v2/projects.json`, {
      headers: { Authorization: `Bearer ${access_token}` },
    });
    assert.equal(direct.status, 403);
    // as the button asks after the planner refused its token: the partner checks with the planner
    // now instead of answering from its short memory of the last "yes" (access-cache.ts)
    const again = await browser.fetch('/partner/token', {
      json: { project_id: PROJECT },
      headers: { 'Cache-Control': 'no-cache' },
    });
    assert.equal(again.status, 401);
    assert.equal((await (await browser.fetch('/partner/session')).json()).connected, false);
  });

  it('the login page disconnects with a form post and says so', async () => {
    const browser = await connected();
    const page = await (await browser.fetch('/partner/login')).text();
    assert.match(page, /is connected/);
    assert.match(page, /<form method="post" action="oauth\/revoke/);
    const revoke = await browser.fetch('/partner/oauth/revoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assert.equal(revoke.status, 303);
    const { response } = await browser.navigate(revoke.headers.get('location')!);
    const html = await response.text();
    assert.match(html, /disconnected/);
    assert.match(html, /Connect your planner account/);
  });

  it('speaks Dutch to a Dutch browser and shows what the planner sends as text, never markup', async () => {
    const browser = new TestBrowser(demo.url);
    const dutch = { 'Accept-Language': 'nl-NL,nl;q=0.9,en;q=0.8' };
    const login = await browser.fetch('/partner/login', { headers: dutch });
    const html = await login.text();
    assert.match(html, /<html lang="nl">/);
    assert.match(html, /Koppel je planner-account/);
    assert.match(login.headers.get('content-security-policy')!, /default-src 'none'/);
    assert.match(
      await (
        await browser.fetch('/partner/login', { headers: { 'Accept-Language': 'en-GB,nl;q=0.5' } })
      ).text(),
      /Connect your planner account/,
    );

    const start = await browser.fetch('/partner/oauth/start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const denied = await browser.fetch(
      `/partner/oauth/callback?state=${state}&error=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
      { headers: dutch },
    );
    assert.equal(denied.status, 400);
    const page = await denied.text();
    assert.match(page, /De planner gaf geen toegang \(&lt;img src=x onerror=alert\(1\)&gt;\)/);
    assert.ok(!page.includes('<img'));
  });
});
