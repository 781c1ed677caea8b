/**
 * Document 1, sections 3 and 4.10 in the emulator: authorize, token and revoke, with their 403 / 404
 * cases, single-use codes, and access tokens that stop working when revoked or expired.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { oauthToken } from './helpers/planning.ts';
import { startDemoServer, type Running } from './helpers/server.ts';

const CLIENT = 'demo-client';
const SECRET = 'demo-secret';

describe('planning emulator: OAuth 2.0', () => {
  let running: Running;
  let redirect: string;
  before(async () => {
    running = await startDemoServer({ rooms: 5 });
    redirect = `${running.url}/partner/oauth/callback`;
  });
  after(() => running.close());

  const authorizeUrl = (params: Record<string, string>) =>
    `${running.url}/planning/oauth/authorize?${new URLSearchParams(params)}`;

  async function code(params: Record<string, string> = {}): Promise<string> {
    const response = await fetch(authorizeUrl({ client_id: CLIENT, redirect_uri: redirect, ...params }), {
      redirect: 'manual',
    });
    assert.equal(response.status, 301);
    return new URL(response.headers.get('location')!).searchParams.get('code')!;
  }

  const token = (params: Record<string, string>) =>
    fetch(`${running.url}/planning/oauth/token`, { method: 'POST', body: new URLSearchParams(params) });

  async function accessToken(): Promise<string> {
    const response = await token({
      client_id: CLIENT,
      client_secret: SECRET,
      code: await code(),
      redirect_uri: redirect,
      grant_type: 'authorization_code',
    });
    assert.equal(response.status, 200);
    return (await response.json()).access_token;
  }

  const projects = (accessTokenValue: string) =>
    fetch(`${running.url}/planning/api/v2/projects.json`, {
      headers: { Authorization: `Bearer ${accessTokenValue}` },
    });

  it('authorize (GET and POST) redirects with 301, a code and the state passed through', async () => {
    const get = await fetch(
      authorizeUrl({
        client_id: CLIENT,
        redirect_uri: redirect,
        state: 'abc 123',
        scope: 'public',
        response_type: 'code',
      }),
      { redirect: 'manual' },
    );
    assert.equal(get.status, 301);
    const location = new URL(get.headers.get('location')!);
    assert.equal(location.origin + location.pathname, redirect);
    assert.match(location.searchParams.get('code')!, /^[0-9a-f]{40}$/);
    assert.equal(location.searchParams.get('state'), 'abc 123');

    const post = await fetch(`${running.url}/planning/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ client_id: CLIENT, redirect_uri: redirect, scope: '', state: 's' }),
    });
    assert.equal(post.status, 301);
    assert.equal(new URL(post.headers.get('location')!).searchParams.get('state'), 's');
    // the default whitelist of the demo holds 127.0.0.1:4010 and localhost:4010
    const listed = await fetch(
      authorizeUrl({ client_id: CLIENT, redirect_uri: 'http://localhost:4010/partner/oauth/callback' }),
      { redirect: 'manual' },
    );
    assert.equal(listed.status, 301);
  });

  it('authorize: 403 for a missing or malformed client id, 404 for an unknown one, 403 for a redirect URI not whitelisted', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ redirect_uri: redirect }, 403, 'invalid_client'],
      [{ client_id: 'bad id!', redirect_uri: redirect }, 403, 'invalid_client'],
      [{ client_id: 'x'.repeat(200), redirect_uri: redirect }, 403, 'invalid_client'],
      [{ client_id: 'someone-else', redirect_uri: redirect }, 404, 'invalid_client'],
      [
        { client_id: CLIENT, redirect_uri: 'https://evil.example/partner/oauth/callback' },
        403,
        'invalid_redirect_uri',
      ],
      [
        { client_id: CLIENT, redirect_uri: `${running.url}/partner/oauth/callback/../../evil` },
        403,
        'invalid_redirect_uri',
      ],
      [{ client_id: CLIENT }, 403, 'invalid_redirect_uri'],
    ];
    for (const [params, status, error] of cases) {
      const response = await fetch(authorizeUrl(params), { redirect: 'manual' });
      assert.equal(response.status, status, JSON.stringify(params));
      assert.equal(response.headers.get('location'), null, 'never redirects on these');
      assert.equal((await response.json()).error, error);
    }
  });

  it('authorize: an unsupported response type or scope goes back to the client as an OAuth error', async () => {
    for (const [params, error] of [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'admin' }, 'invalid_scope'],
      [{ user: 'nobody@planner.example' }, 'access_denied'],
    ] as const) {
      const response = await fetch(
        authorizeUrl({ client_id: CLIENT, redirect_uri: redirect, state: 'k', ...params }),
        { redirect: 'manual' },
      );
      assert.equal(response.status, 301);
      const location = new URL(response.headers.get('location')!);
      assert.equal(location.searchParams.get('error'), error);
      assert.equal(location.searchParams.get('state'), 'k');
      assert.equal(location.searchParams.get('code'), null);
    }
  });

  it('token: exchanges a code once for a Bearer token with the documented members', async () => {
    const before = Math.floor(Date.now() / 1000);
    const c = await code();
    const response = await token({
      client_id: CLIENT,
      client_secret: SECRET,
      code: c,
      redirect_uri: redirect,
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const body = await response.json();
    assert.deepEqual(Object.keys(body).sort(), [
      'access_token',
      'created_at',
      'expires_in',
      'scope',
      'token_type',
    ]);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.scope, 'public');
    assert.equal(body.expires_in, 7200);
    assert.ok(
      Number.isInteger(body.created_at) && body.created_at >= before && body.created_at <= before + 5,
    );
    assert.equal((await projects(body.access_token)).status, 200);

    // the same code again: refused, and the token it gave is revoked as a precaution
    const again = await token({ client_id: CLIENT, client_secret: SECRET, code: c, redirect_uri: redirect });
    assert.equal(again.status, 403);
    assert.equal((await again.json()).error, 'invalid_grant');
    assert.equal((await projects(body.access_token)).status, 403);
  });

  it('token: 403 for a wrong secret, code, redirect URI or grant type; 404 for an unknown client', async () => {
    const valid = {
      client_id: CLIENT,
      client_secret: SECRET,
      redirect_uri: redirect,
      grant_type: 'authorization_code',
    };
    const cases: [Record<string, string>, number, string][] = [
      [{ ...valid, client_secret: 'wrong' }, 403, 'invalid_client'],
      [{ ...valid, client_secret: '' }, 403, 'invalid_client'],
      [{ ...valid, client_id: 'someone-else' }, 404, 'invalid_client'],
      [{ ...valid, client_id: 'bad id' }, 403, 'invalid_client'],
      [{ ...valid, code: 'not-a-code' }, 403, 'invalid_grant'],
      [{ ...valid, redirect_uri: 'http://localhost:4010/partner/oauth/callback' }, 403, 'invalid_grant'],
      [{ ...valid, grant_type: 'client_credentials' }, 403, 'unsupported_grant_type'],
    ];
    for (const [params, status, error] of cases) {
      const response = await token({ code: await code(), ...params });
      assert.equal(response.status, status, JSON.stringify(params));
      assert.equal((await response.json()).error, error);
    }
    // a code past its lifetime (120 s by default): the in-process emulator's clock moves on
    const late = await code();
    const realNow = Date.now;
    Date.now = () => realNow() + 121_000;
    try {
      const expired = await token({ ...valid, code: late });
      assert.equal(expired.status, 403);
      // refused as expired, or as unknown once the emulator's sweeper (server/emulator/planning/domain/sweep.ts) forgot it
      const refusal = await expired.json();
      assert.equal(refusal.error, 'invalid_grant');
      assert.match(refusal.error_description, /^the code (has expired|is not valid)$/);
    } finally {
      Date.now = realNow;
    }
    // JSON bodies work as well as form fields
    const json = await fetch(`${running.url}/planning/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...valid, code: await code() }),
    });
    assert.equal(json.status, 200);
  });

  it('revoke: an empty object, then the token is rejected everywhere; errors are 403 / 404', async () => {
    const t = await accessToken();
    const revoke = (params: Record<string, string>) =>
      fetch(`${running.url}/planning/oauth/revoke`, { method: 'POST', body: new URLSearchParams(params) });
    assert.equal((await revoke({ client_id: CLIENT, client_secret: 'wrong', token: t })).status, 403);
    assert.equal((await revoke({ client_id: 'someone-else', client_secret: SECRET, token: t })).status, 404);
    assert.equal((await revoke({ client_id: CLIENT, client_secret: SECRET, token: 'unknown' })).status, 403);
    assert.equal((await projects(t)).status, 200, 'the failed attempts changed nothing');
    const ok = await revoke({ client_id: CLIENT, client_secret: SECRET, token: t });
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), {});
    assert.equal((await projects(t)).status, 403);
    assert.equal((await fetch(`${running.url}/planning/api/v2/projects.json?access_token=${t}`)).status, 403);
  });

  it('an expired token is rejected (test hook /planning/emulator/expire-token)', async () => {
    const t = await accessToken();
    const other = await accessToken();
    const hook = await fetch(`${running.url}/planning/emulator/expire-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: t }),
    });
    assert.deepEqual(await hook.json(), { expired: 1 });
    assert.equal((await projects(t)).status, 403);
    assert.equal((await projects(other)).status, 200, 'only the named token expired');
    const all = await (
      await fetch(`${running.url}/planning/emulator/expire-token`, { method: 'POST' })
    ).json();
    assert.ok(all.expired >= 1);
    assert.equal((await projects(other)).status, 403);
  });

  it('authorizes as another seeded user with the emulator-only user parameter', async () => {
    const response = await token({
      client_id: CLIENT,
      client_secret: SECRET,
      code: await code({ user: 'other@planner.example' }),
      redirect_uri: redirect,
    });
    const t = (await response.json()).access_token;
    const list = await (await projects(t)).json();
    assert.ok(list.length >= 1);
    assert.ok(list.every((p: { user_id: number }) => p.user_id === 1002));
  });
});

describe('planning emulator: OAuth application from the environment', () => {
  let running: Running;
  before(async () => {
    Object.assign(process.env, {
      PLANNER_CLIENT_ID: 'portal-app',
      PLANNER_CLIENT_SECRET: 'portal-secret',
      PLANNER_REDIRECT_URIS: 'https://portal.example/cb, https://portal.example/other',
      PLANNER_TOKEN_TTL: '1',
      PLANNER_API_KEY: 'portal-key',
    });
    try {
      running = await startDemoServer({ rooms: 5 });
    } finally {
      for (const key of [
        'PLANNER_CLIENT_ID',
        'PLANNER_CLIENT_SECRET',
        'PLANNER_REDIRECT_URIS',
        'PLANNER_TOKEN_TTL',
        'PLANNER_API_KEY',
      ])
        delete process.env[key];
    }
  });
  after(() => running.close());

  it('uses the configured API key, and only that one', async () => {
    const projects = (key: string) =>
      fetch(`${running.url}/planning/api/v2/projects.json`, {
        headers: { Authorization: 'Basic ' + btoa(`${key}:x`) },
      });
    assert.equal((await projects('portal-key')).status, 200);
    assert.equal((await projects('demo-key')).status, 403, 'the default key no longer works');
  });

  it('uses the configured client, redirect URIs and token lifetime; tokens stop working when they expire', async () => {
    const config = await (await fetch(`${running.url}/planning/emulator/config`)).json();
    assert.deepEqual(config.redirect_uris, ['https://portal.example/cb', 'https://portal.example/other']);
    assert.equal(JSON.stringify(config).includes('portal-secret'), false);
    const old = await fetch(
      `${running.url}/planning/oauth/authorize?client_id=demo-client&redirect_uri=https://portal.example/cb`,
      { redirect: 'manual' },
    );
    assert.equal(old.status, 404);
    const issued = await oauthToken(running.url, {
      clientId: 'portal-app',
      clientSecret: 'portal-secret',
      redirectUri: 'https://portal.example/other',
    });
    assert.equal(issued.expires_in, 1);
    const headers = { Authorization: `Bearer ${issued.access_token}` };
    assert.equal((await fetch(`${running.url}/planning/api/v2/projects.json`, { headers })).status, 200);
    // the emulator runs in this process: move its clock 1.1 s on instead of waiting that long
    const realNow = Date.now;
    Date.now = () => realNow() + 1100;
    try {
      assert.equal((await fetch(`${running.url}/planning/api/v2/projects.json`, { headers })).status, 403);
    } finally {
      Date.now = realNow;
    }
  });
});
