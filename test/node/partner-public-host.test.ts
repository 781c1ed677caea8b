/**
 * What a page or a forged Host header must not steer (issue 22, findings 12, 15 and 16), over real HTTP:
 * the redirect URI never follows the Host header on a public host, the public demo secret signs no
 * callback there, a page's export `callback` may only name a target the partner allows (not a
 * loopback port of its choice), and an export request with out-of-range numbers (`width: 1e308`) is
 * answered 422 by the partner without reaching the planner.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { createPartner } from '../../server/partner/app.ts';
import { listen, type Running } from './helpers/server.ts';
import { TestBrowser } from './partner-test-browser.ts';
import {
  DEMO_SECRET,
  login,
  PROJECT,
  signedCallback,
  startPartners,
  type Partners,
} from './partner-setup.ts';

/** A GET or POST to `url` with another Host header (what a forged request sends). */
function withHost(
  url: string,
  host: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? 'GET',
        headers: { ...init.headers, Host: host },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('partner back end: a forged Host header steers nothing', () => {
  let partners: Partners;
  let bare: Running;
  before(async () => {
    // bases set (the planner on loopback, so the demo credentials stand in), no redirect URI
    partners = await startPartners(1, () => ({ redirectUri: undefined }));
    // nothing configured at all, over the network (no in-process planner): the demo defaults
    bare = await listen(new Hono().route('/partner', createPartner({ env: {} })));
  });
  after(async () => {
    await partners.close();
    await bare.close();
  });

  it('the redirect URI is not taken from a public Host header', async () => {
    const url = partners.partners[0]!.url;
    const forged = await withHost(`${url}/partner/oauth/start`, 'evil.example');
    assert.notEqual(forged.status, 302, `redirected to ${forged.headers.location}`);
    assert.equal(forged.status, 500);
    assert.equal(JSON.parse(forged.body).error, 'not_configured');
    // on its own loopback origin the demo derivation still works
    const own = await fetch(`${url}/partner/oauth/start`, { redirect: 'manual' });
    assert.equal(own.status, 302);
    const redirectUri = new URL(own.headers.get('location')!).searchParams.get('redirect_uri');
    assert.equal(redirectUri, `${url}/partner/oauth/callback`);
  });

  it('a callback signed with the public demo secret is refused on a public host', async () => {
    const body = JSON.stringify({ project: { [PROJECT]: ['http://127.0.0.1/a.png'] }, design: {} });
    const signedPost = async (host: string, exportId: number) =>
      withHost(
        `${bare.url}/partner/export-callback`,
        host,
        await signedCallback(exportId, { secret: DEMO_SECRET, body }),
      );
    const forged = await signedPost('portal.example', 8101);
    assert.equal(forged.status, 401, forged.body);
    assert.equal(JSON.parse(forged.body).error, 'bad_signature');
    // the local demo (loopback) still takes it
    const local = await signedPost(new URL(bare.url).host, 8102);
    assert.equal(local.status, 200, local.body);
  });
});

describe('partner back end: what a page may put into a proxied export', () => {
  let partners: Partners;
  /** A loopback service the page names (not allowed), and a hook the partner lists (allowed). */
  let receiver: Running;
  let listed: Running;
  const received: string[] = [];
  const hooks = () => {
    const app = new Hono();
    app.post('*', async (c) => {
      received.push(c.req.url);
      return c.json({});
    });
    return app;
  };
  before(async () => {
    receiver = await listen(hooks());
    listed = await listen(hooks());
    partners = await startPartners(1, () => ({ callbackUrls: [`${listed.url}/hooks/export`] }));
  });
  after(async () => {
    await partners.close();
    await receiver.close();
    await listed.close();
  });

  const exportBody = (more: Record<string, unknown>) => ({
    type: '2d',
    fmt: ['png'],
    width: 40,
    height: 30,
    paper: { combine: true },
    ...more,
  });

  it('a callback on a loopback port the partner does not allow is refused, and the planner never posts there', async () => {
    const browser = new TestBrowser(partners.partners[0]!.url);
    await login(browser);
    const response = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: exportBody({ callback: `${receiver.url}/internal/admin` }),
    });
    assert.equal(response.status, 422);
    const problem = (await response.json()) as { issues: { path: string; code: string }[] };
    assert.deepEqual(problem.issues, [{ path: 'callback', code: 'callback-target' }]);
    // the partner's own callback, named by the page, is fine
    const own = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: exportBody({ callback: `${partners.partners[0]!.url}/partner/export-callback` }),
    });
    assert.equal(own.status, 200);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(received, [], 'nothing was posted to the loopback target');
  });

  it('a callback URL the partner lists (PARTNER_CALLBACK_URLS) is allowed, and only that exact URL', async () => {
    const browser = new TestBrowser(partners.partners[0]!.url);
    await login(browser);
    const partner = partners.partners[0]!.url;
    // issue 34: any path on an allowed origin was let through (in the demo, one reset the emulator)
    for (const callback of [
      `${listed.url}/hooks/other`,
      `${listed.url}/hooks/export/more`,
      `${listed.url}/hooks/export?x=1`,
      `${partner}/partner/login`,
      `${partner}/emulator/reset`,
      `${partner}/partner/export-callback-xml`,
    ]) {
      const refused = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
        json: exportBody({ callback }),
      });
      assert.equal(refused.status, 422, callback);
      const problem = (await refused.json()) as { issues: { path: string; code: string }[] };
      assert.deepEqual(problem.issues, [{ path: 'callback', code: 'callback-target' }], callback);
    }
    const response = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: exportBody({ callback: `${listed.url}/hooks/export` }),
    });
    assert.equal(response.status, 200, await response.text());
    for (let i = 0; i < 100 && !received.length; i++) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(
      received,
      [`${listed.url}/hooks/export`],
      'the planner posted to the allowed target only',
    );
  });

  it('out-of-range numbers are answered 422 here and never reach the planner', async () => {
    const browser = new TestBrowser(partners.partners[0]!.url);
    await login(browser);
    const attempts = [
      { width: 1e308 },
      { height: 10_001 },
      { width: '1e308' },
      { designs: [1e308] },
      { paper: { combine: true, margins: { top: 1e300 } } },
      { paper: { combine: true, scalebar: { width: 99_999_999 } } },
    ];
    for (const more of attempts) {
      const response = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
        json: exportBody(more),
      });
      assert.equal(response.status, 422, JSON.stringify(more));
      const problem = (await response.json()) as { details: string[] };
      assert.ok(problem.details.length >= 1, JSON.stringify(more));
    }
    const log = (await (
      await fetch(
        `${partners.planner.url}/emulator/requests?path=/planning/api/v2/projects/${PROJECT}/export.json`,
      )
    ).json()) as { body: { width?: unknown; height?: unknown } }[];
    assert.ok(
      log.every((entry) => Number(entry.body.width) <= 10_000 && Number(entry.body.height) <= 10_000),
      'no out-of-range request reached the planner',
    );
    // the edge of the range passes
    const edge = await browser.fetch(`/partner/proxy/projects/${PROJECT}/export.json`, {
      json: exportBody({ width: 10_000, height: 1 }),
    });
    assert.notEqual(edge.status, 422, await edge.text());
  });
});
