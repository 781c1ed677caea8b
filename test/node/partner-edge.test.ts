/**
 * The partner back end must run on edge runtimes: bundled for a browser-like platform (what Workers
 * and Deno Deploy offer) it may import no Node built-in; and the bundle must work with only the Web
 * APIs a Worker has (Request, Response, fetch, crypto.subtle), exercised here without process.env.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';

describe('partner back end on edge runtimes', () => {
  it('bundles for the browser platform with no Node built-in and serves the login page from the bundle', async () => {
    const result = await build({
      entryPoints: ['server/partner/index.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const inputs = Object.keys(result.metafile!.inputs);
    assert.ok(
      inputs.some((i) => i.includes('node_modules/hono/')),
      'hono is bundled in',
    );
    assert.ok(!inputs.some((i) => i.startsWith('node:')), inputs.filter((i) => i.startsWith('node:')).join());
    // the server entry: the planning client comes along, the Node-only Redis store does not
    assert.ok(inputs.some((i) => i.includes('src/api/planning/oauth.ts')));
    assert.ok(
      !inputs.some((i) => /node_modules\/(@redis|redis)\//.test(i)),
      'no redis client in the edge bundle',
    );
    const code = result.outputFiles[0]!.text;
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    const { createPartner } = (await import(url)) as typeof import('../../server/partner/index.ts');
    const app = createPartner({
      env: { PLANNER_CLIENT_ID: 'portal', PLANNER_CLIENT_SECRET: 'edge-secret' },
      oauthBase: 'https://planner.example',
      apiBase: 'https://planner.example/api/v2',
      redirectUri: 'https://portal.example/oauth/callback',
    });
    const page = await app.fetch(new Request('https://portal.example/login'));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Connect your planner account/);
    const start = await app.fetch(new Request('https://portal.example/oauth/start'));
    assert.equal(start.status, 302);
    const location = new URL(start.headers.get('location')!);
    assert.equal(location.origin + location.pathname, 'https://planner.example/oauth/authorize');
    assert.equal(location.searchParams.get('redirect_uri'), 'https://portal.example/oauth/callback');
    // the login cookie (no session before a completed login), Secure on a host that is not loopback
    assert.match(start.headers.get('set-cookie')!, /^partner_session_login=/);
    assert.match(start.headers.get('set-cookie')!, /HttpOnly.*Secure|Secure.*HttpOnly/);
    // Secure also behind a TLS-terminating proxy, where the app sees http:// but a public host
    const proxied = await app.fetch(new Request('http://portal.example/oauth/start'));
    assert.match(proxied.headers.get('set-cookie')!, /; Secure/);
  });
});
