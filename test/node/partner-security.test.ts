/**
 * What the partner back end must never do: put a secret (client secret, API key) into anything a
 * browser receives, hand out a token to another origin, accept a forged export callback, or send its
 * client secret to whatever host a request names. Over real HTTP.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { createPartner } from '../../server/partner/app.ts';
import { listen, startDemoServer, type Running } from './helpers/server.ts';
import { exportStatus } from './partner-setup.ts';
import { TestBrowser } from './partner-test-browser.ts';
import { hmac } from './helpers/hmac.ts';

const PROJECT = 186997360;
const SECRET = `cs-${crypto.randomUUID()}`;
const API_KEY = `ak-${crypto.randomUUID()}`;

async function connect(browser: TestBrowser): Promise<void> {
  const { response } = await browser.navigate('/partner/oauth/start?return_to=/partner/login');
  assert.equal(response.status, 200);
  assert.match(await response.text(), /is connected/);
}

describe('partner back end: secrets, origins and forged callbacks', () => {
  let running: Running;
  before(async () => {
    // unusual values, so finding them anywhere cannot be a coincidence
    process.env.PLANNER_CLIENT_SECRET = SECRET;
    process.env.PLANNER_API_KEY = API_KEY;
    try {
      running = await startDemoServer({ rooms: 5 });
    } finally {
      delete process.env.PLANNER_CLIENT_SECRET;
      delete process.env.PLANNER_API_KEY;
    }
  });
  after(() => running.close());

  it('never puts the client secret or the API key into a response to a browser route', async () => {
    const browser = new TestBrowser(running.url);
    await browser.fetch('/partner/login');
    await browser.fetch('/partner/session');
    await browser.fetch('/partner/token', { json: { project_id: PROJECT } }); // 401 before login
    await browser.fetch('/partner/oauth/callback?code=x&state=y'); // wrong state
    await connect(browser);
    const token = await (await browser.fetch('/partner/token', { json: { project_id: PROJECT } })).json();
    const exported = await browser.fetch(`/planning/api/v2/projects/${PROJECT}/export.json`, {
      headers: { Authorization: `Bearer ${token.access_token}` },
      json: {
        type: '2d',
        fmt: ['png'],
        width: 40,
        height: 30,
        paper: { combine: true },
        callback: `${running.url}/partner/export-callback`,
      },
    });
    const { export_id } = await exported.json();
    await browser.fetch(`/planning/api/v2/exports/${export_id}.json`, {
      headers: { Authorization: `Bearer ${token.access_token}` },
    });
    await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: { type: '2d', fmt: ['pdf'], width: 40, height: 30, paper: { combine: true, scale: 7 } },
    }); // 422 from the planner, passed through
    await browser.fetch(`/partner/exports/${export_id}/status`);
    await browser.fetch('/partner/token', {
      headers: { Origin: 'https://evil.example' },
      json: { project_id: PROJECT },
    });
    await browser.fetch('/partner/oauth/revoke', { json: {} });
    await browser.fetch('/partner/token', { json: { project_id: PROJECT } });
    await browser.fetch(
      '/planning/oauth/authorize?client_id=demo-client&redirect_uri=https://evil.example/cb',
    );
    await browser.fetch('/planning/oauth/authorize?client_id=bad%20id');

    assert.ok(browser.seen.length >= 18, `saw ${browser.seen.length} responses`);
    for (const seen of browser.seen) {
      const text = JSON.stringify(seen.headers) + seen.body;
      assert.ok(!text.includes(SECRET), `client secret in ${seen.url}`);
      assert.ok(!text.includes(API_KEY), `API key in ${seen.url}`);
    }
    // the access token itself only ever travels in the token endpoint's body (token mode)
    for (const seen of browser.seen.filter((s) => new URL(s.url).pathname.startsWith('/partner/'))) {
      if (new URL(seen.url).pathname === '/partner/token' && seen.status === 200) continue;
      assert.ok(
        !(JSON.stringify(seen.headers) + seen.body).includes(token.access_token),
        `token in ${seen.url}`,
      );
    }
  });

  it('refuses the token endpoint to other origins, to requests without an origin, and to non-JSON bodies', async () => {
    const browser = new TestBrowser(running.url);
    await connect(browser);
    const cases: {
      name: string;
      headers: Record<string, string>;
      body: string;
      status: number;
      error: string;
    }[] = [
      {
        name: 'another origin',
        headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
        body: '{"project_id":1}',
        status: 403,
        error: 'forbidden_origin',
      },
      {
        name: 'a look-alike origin',
        headers: { Origin: `${running.url}.evil.example`, 'Content-Type': 'application/json' },
        body: '{"project_id":1}',
        status: 403,
        error: 'forbidden_origin',
      },
      {
        name: 'the null origin (sandboxed frame)',
        headers: { Origin: 'null', 'Content-Type': 'application/json' },
        body: '{"project_id":1}',
        status: 403,
        error: 'forbidden_origin',
      },
      {
        name: 'text/plain (a form or no-cors fetch)',
        headers: { 'Content-Type': 'text/plain' },
        body: `{"project_id":${PROJECT}}`,
        status: 415,
        error: 'json_required',
      },
      {
        name: 'a urlencoded form',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `project_id=${PROJECT}`,
        status: 415,
        error: 'json_required',
      },
    ];
    for (const c of cases) {
      const response = await browser.fetch('/partner/token', {
        method: 'POST',
        headers: c.headers,
        body: c.body,
      });
      assert.equal(response.status, c.status, c.name);
      const body = await response.json();
      assert.equal(body.error, c.error, c.name);
      assert.equal(body.access_token, undefined, c.name);
    }
    // no Origin at all: only a browser's Sec-Fetch-Site: same-origin lets it through
    for (const [site, status] of [
      [undefined, 403],
      ['cross-site', 403],
      ['same-origin', 200],
    ] as const) {
      const response = await browser.fetch('/partner/token', {
        method: 'POST',
        sameOrigin: false,
        headers: { 'Content-Type': 'application/json', ...(site && { 'Sec-Fetch-Site': site }) },
        body: `{"project_id":${PROJECT}}`,
      });
      assert.equal(response.status, status, `Sec-Fetch-Site: ${site ?? '(none)'}`);
    }
    // the preflight a cross-site page needs for JSON is never granted
    const preflight = await fetch(`${running.url}/partner/token`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    // proxy and revoke are guarded the same way; a refused revoke leaves the connection alone
    const proxy = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      headers: { Origin: 'https://evil.example' },
      json: {},
    });
    assert.equal(proxy.status, 403);
    const revoke = await browser.fetch('/partner/oauth/revoke', {
      headers: { Origin: 'https://evil.example' },
      json: {},
    });
    assert.equal(revoke.status, 403);
    assert.equal((await (await browser.fetch('/partner/session')).json()).connected, true);
  });

  it('accepts an export callback only with a valid signature of the timestamp, the ids and the body', async () => {
    const body = JSON.stringify({ project: { [PROJECT]: ['http://127.0.0.1/x.png'] }, design: {} });
    const post = async (headers: Record<string, string>, payload = body) =>
      fetch(`${running.url}/partner/export-callback`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: payload,
      });
    const now = () => String(Math.floor(Date.now() / 1000));
    /** The headers the planner sends: a timestamp, the ids, and the HMAC of `<timestamp>.<export id>.<project id>.<body>`. */
    const signed = async (
      key: string,
      exportId: string,
      payload = body,
      projectId = String(PROJECT),
      timestamp = now(),
    ) => ({
      'X-Planner-Timestamp': timestamp,
      'X-Planner-Export-Id': exportId,
      'X-Planner-Project-Id': projectId,
      'X-Planner-Signature': await hmac(key, `${timestamp}.${exportId}.${projectId}.${payload}`),
    });
    assert.equal((await post({ 'X-Planner-Export-Id': '77' })).status, 401, 'unsigned');
    assert.equal((await post(await signed('guess', '77'))).status, 401, 'wrong key');
    assert.equal(
      (await post({ ...(await signed(SECRET, '77')), 'X-Planner-Signature': await hmac(SECRET, body) }))
        .status,
      401,
      'the body alone signed: the ids are not covered',
    );
    assert.equal(
      (
        await post({
          ...(await signed(SECRET, '77')),
          'X-Planner-Signature': await hmac(SECRET, `77.${PROJECT}.${body}`),
        })
      ).status,
      401,
      'the old form without a timestamp',
    );
    assert.equal((await post(await signed(SECRET, '77', body + ' '))).status, 401, 'other body');
    // a captured callback replayed under another export id (or project id, or time) does not verify
    assert.equal(
      (await post({ ...(await signed(SECRET, '77')), 'X-Planner-Export-Id': '78' })).status,
      401,
      'replayed under another export id',
    );
    assert.equal(
      (await post({ ...(await signed(SECRET, '77')), 'X-Planner-Project-Id': '1' })).status,
      401,
      'another project id',
    );
    assert.equal(
      (await post({ ...(await signed(SECRET, '77')), 'X-Planner-Timestamp': now() + '0' })).status,
      401,
      'another timestamp',
    );
    assert.equal((await post(await signed(SECRET, ''))).status, 400, 'no export id');
    const notAMap = '{"project": "x"}';
    assert.equal((await post(await signed(SECRET, '77', notAMap), notAMap)).status, 400);
    const script = JSON.stringify({ project: { 1: ['javascript:alert(1)'] }, design: {} });
    assert.equal((await post(await signed(SECRET, '77', script), script)).status, 400, 'only http(s) URLs');
    const huge = JSON.stringify({ project: { 1: ['http://x/' + 'a'.repeat(1_100_000)] }, design: {} });
    assert.equal((await post(await signed(SECRET, '77', huge), huge)).status, 413, 'at most 1 MB');
    const fresh = await signed(SECRET, '77');
    assert.equal((await post(fresh)).status, 200);
    // the API key signs the callbacks of exports made with the API key; PLANNER_API_KEY in the env lets the partner accept those
    assert.equal((await post(await signed(API_KEY, '78'))).status, 200);
  });

  it('mounts the XML API callback beside it, signed with the API key over the timestamp, up to 1 MB', async () => {
    const links = Array.from(
      { length: 600 },
      (_, i) => `<link xlink:href="http://127.0.0.1/files/${i}.png" type="image/png"/>`,
    ).join('');
    const xml = `<?xml version="1.0"?><result xmlns="https://planner.example/export/result" xmlns:xlink="http://www.w3.org/1999/xlink">${links}</result>`;
    assert.ok(xml.length > 30_000, 'larger than the small-body limit of the other routes');
    const post = async (key: string, exportId: string, signedText?: string) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(`${running.url}/partner/export-callback-xml`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/xml',
          'X-Planner-Timestamp': timestamp,
          'X-Planner-Export-Id': exportId,
          'X-Planner-Project-Id': String(PROJECT),
          'X-Planner-Signature': await hmac(key, signedText ?? `${timestamp}.${exportId}.${PROJECT}.${xml}`),
        },
        body: xml,
      });
      return { status: response.status, error: ((await response.json()) as { error?: string }).error };
    };
    assert.deepEqual(await post('guess', '88'), { status: 401, error: 'bad_signature' });
    assert.deepEqual(
      await post(API_KEY, '88', `88.${PROJECT}.${xml}`),
      { status: 401, error: 'bad_signature' },
      'the old form without a timestamp',
    );
    assert.deepEqual(await post(API_KEY, '88'), { status: 200, error: undefined });
    const status = await fetch(`${running.url}/partner/exports/88/status`);
    assert.notEqual(status.status, 500);
  });

  it('refuses a stale, a future-dated and a replayed XML callback', async () => {
    const xml = `<result xmlns="https://planner.example/export/result" xmlns:xlink="http://www.w3.org/1999/xlink"><link xlink:href="http://127.0.0.1/files/a.zip" type="application/zip"/></result>`;
    const post = async (exportId: string, timestamp: number) => {
      const headers = {
        'Content-Type': 'application/xml',
        'X-Planner-Timestamp': String(timestamp),
        'X-Planner-Export-Id': exportId,
        'X-Planner-Project-Id': String(PROJECT),
        'X-Planner-Signature': await hmac(API_KEY, `${timestamp}.${exportId}.${PROJECT}.${xml}`),
      };
      return async () => {
        const response = await fetch(`${running.url}/partner/export-callback-xml`, {
          method: 'POST',
          headers,
          body: xml,
        });
        return { status: response.status, error: ((await response.json()) as { error?: string }).error };
      };
    };
    // 10 s past the 5-minute window on either side: a timestamp is whole seconds, and the server reads
    // the clock later than this line (a future-dated one at +301 s is inside the window once a second
    // has gone by, which a busy machine takes)
    const seconds = Math.floor(Date.now() / 1000);
    assert.deepEqual(await (await post('92', seconds - 310))(), { status: 401, error: 'stale_callback' });
    assert.deepEqual(await (await post('92', seconds + 310))(), { status: 401, error: 'stale_callback' });
    assert.deepEqual(await (await post('92', Number.NaN))(), { status: 401, error: 'stale_callback' });
    const justInTime = await post('92', seconds - 290);
    assert.deepEqual(await justInTime(), { status: 200, error: undefined }, 'within the window');
    assert.deepEqual(await justInTime(), { status: 409, error: 'replayed_callback' }, 'the same one again');
    // a replay mark is the signature: the same export delivered again, signed afresh, is taken
    assert.deepEqual(await (await post('92', seconds - 280))(), { status: 200, error: undefined });
  });

  it('refuses a stale, a future-dated and a replayed callback', async () => {
    const post = async (exportId: string, timestamp: number, payload: string) => {
      const headers = {
        'Content-Type': 'application/json',
        'X-Planner-Timestamp': String(timestamp),
        'X-Planner-Export-Id': exportId,
        'X-Planner-Project-Id': String(PROJECT),
        'X-Planner-Signature': await hmac(SECRET, `${timestamp}.${exportId}.${PROJECT}.${payload}`),
      };
      return async () => {
        const response = await fetch(`${running.url}/partner/export-callback`, {
          method: 'POST',
          headers,
          body: payload,
        });
        return { status: response.status, error: ((await response.json()) as { error?: string }).error };
      };
    };
    const body = (n: number) =>
      JSON.stringify({ project: { [PROJECT]: [`http://127.0.0.1/${n}.png`] }, design: {} });
    // 10 s past the window on either side (whole seconds, and the server reads the clock later)
    const seconds = Math.floor(Date.now() / 1000);
    const stale = await post('91', seconds - 310, body(1));
    assert.deepEqual(await stale(), { status: 401, error: 'stale_callback' }, 'older than 5 minutes');
    const future = await post('91', seconds + 310, body(2));
    assert.deepEqual(await future(), { status: 401, error: 'stale_callback' }, 'from the future');
    const notANumber = await post('91', Number.NaN, body(3));
    assert.deepEqual(await notANumber(), { status: 401, error: 'stale_callback' });
    const justInTime = await post('91', seconds - 290, body(4));
    const first = await justInTime();
    assert.deepEqual(first, { status: 200, error: undefined }, 'within the window');
    assert.deepEqual(await justInTime(), { status: 409, error: 'replayed_callback' }, 'the same one again');
  });

  it('without configured planner bases, does not follow a foreign Host header with its secret', async () => {
    // a partner deployed without PLANNER_OAUTH_BASE / PLANNER_API_BASE and without an in-process transport
    const app = new Hono().route('/partner', createPartner({ clientSecret: SECRET, env: {} }));
    const partner = await listen(app);
    try {
      const port = new URL(partner.url).port;
      const answer = await new Promise<{ status: number; body: string; location?: string }>(
        (resolve, reject) => {
          const req = httpRequest(
            { host: '127.0.0.1', port, path: '/partner/oauth/start', headers: { Host: 'evil.example' } },
            (res) => {
              let text = '';
              res.on('data', (chunk) => (text += chunk));
              res.on('end', () =>
                resolve({ status: res.statusCode!, body: text, location: res.headers.location }),
              );
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
      assert.equal(answer.status, 500);
      assert.equal(JSON.parse(answer.body).error, 'not_configured');
      assert.equal(answer.location, undefined);
      // on its own loopback origin (a developer machine) the emulator default applies
      const local = await fetch(`${partner.url}/partner/oauth/start`, { redirect: 'manual' });
      assert.equal(local.status, 302);
      assert.equal(new URL(local.headers.get('location')!).origin, partner.url);
    } finally {
      await partner.close();
    }
  });
});

describe('partner back end deployed on its own origin, talking to the planner over HTTP', () => {
  let planner: Running;
  let partner: Running;
  before(async () => {
    // the partner's port must be known before the planner starts (it whitelists the callback)
    const slot: { app?: Hono } = {};
    const shell = new Hono();
    shell.all('*', (c) => slot.app!.fetch(c.req.raw));
    partner = await listen(shell);
    // the planner whitelists the partner's callback from the environment
    process.env.PLANNER_REDIRECT_URIS = `${partner.url}/partner/oauth/callback`;
    try {
      planner = await startDemoServer({ rooms: 5 });
    } finally {
      delete process.env.PLANNER_REDIRECT_URIS;
    }
    slot.app = new Hono().route(
      '/partner',
      createPartner({
        oauthBase: `${planner.url}/planning`,
        apiBase: `${planner.url}/planning/api/v2`,
        env: {},
      }),
    );
  });
  after(async () => {
    await partner.close();
    await planner.close();
  });

  it('signs in, hands out a token, receives the callback and reports the files ready', async () => {
    const browser = new TestBrowser(partner.url);
    const start = await browser.fetch('/partner/oauth/start?return_to=/portal');
    const authorize = new URL(start.headers.get('location')!);
    assert.equal(authorize.origin, planner.url);
    const granted = await fetch(authorize, { redirect: 'manual' });
    assert.equal(granted.status, 301);
    const back = await browser.fetch(granted.headers.get('location')!);
    assert.equal(back.status, 302);
    assert.equal(back.headers.get('location'), '/portal');
    const { access_token } = await (
      await browser.fetch('/partner/token', { json: { project_id: PROJECT } })
    ).json();
    const exported = await fetch(`${planner.url}/planning/api/v2/projects/${PROJECT}/export.json`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: '2d',
        fmt: ['jpg'],
        width: 40,
        height: 30,
        paper: { combine: true },
        callback: `${partner.url}/partner/export-callback`,
      }),
    });
    const { export_id } = await exported.json();
    assert.equal((await exportStatus(browser, export_id)).status, 'ready');
    // a redirect URI the planner does not know is refused there, never redirected to
    const unknown = await fetch(
      `${planner.url}/planning/oauth/authorize?client_id=demo-client&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/partner/oauth/callback')}`,
      { redirect: 'manual' },
    );
    assert.equal(unknown.status, 403);
    assert.equal(unknown.headers.get('location'), null);
  });
});
