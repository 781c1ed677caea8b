/**
 * The planning client's two entries: `room-elements/planning.js` (src/api/planning/index.ts) may be
 * bundled into a page, so nothing that takes a secret is reachable from it (no API-key helper, no
 * code exchange, no client_secret); `room-elements/planning/server.js` (src/api/planning/server.ts)
 * holds those helpers for server code. The import graphs are walked as a bundler would (type-only
 * imports load nothing), and the server entry is loaded and used over real HTTP against the emulator.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { importGraph, root } from './helpers/import-graph.ts';
import { useDemoServer } from './helpers/server.ts';

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
const relativeFiles = (graph: Map<string, string>) => [...graph.keys()].map((f) => relative(root, f));

describe('planning client entries: secrets only in the server entry', () => {
  it('the browser entry reaches no API-key helper, no code exchange and no client_secret', () => {
    const graph = importGraph('src/api/planning/index.ts');
    const files = relativeFiles(graph);
    assert.ok(files.length > 10, `the graph was walked: ${files.join(', ')}`);
    assert.ok(!files.includes('src/api/planning/api-key.ts'), files.join('\n'));
    assert.ok(!files.includes('src/api/planning/server.ts'), files.join('\n'));
    for (const [file, text] of graph) {
      const code = withoutComments(text);
      for (const secret of [
        /\bclient_secret\b/,
        /\bclientSecret\b/,
        /\bexchangeCode\b/,
        /\brevokeToken\b/,
        /\bapiKey\b/,
        /\bBasic\s/,
      ])
        assert.ok(!secret.test(code), `${relative(root, file)} has ${secret}`);
    }
  });

  it('the browser entry still has the browser-safe OAuth helpers and no secret-taking export', async () => {
    const browser = (await import('../../src/api/planning/index.ts')) as Record<string, unknown>;
    assert.equal(typeof browser.authorizeUrl, 'function');
    assert.equal(typeof browser.readCallback, 'function');
    assert.equal(typeof browser.exportProject, 'function');
    for (const name of ['apiKey', 'exchangeCode', 'revokeToken'])
      assert.equal(browser[name], undefined, `${name} is exported from the browser entry`);
  });

  it('the server entry has them (and the whole client beside them)', async () => {
    const files = relativeFiles(importGraph('src/api/planning/server.ts'));
    assert.ok(files.includes('src/api/planning/api-key.ts'));
    const server = (await import('../../src/api/planning/server.ts')) as Record<string, unknown>;
    for (const name of ['apiKey', 'exchangeCode', 'revokeToken', 'authorizeUrl', 'listProjects'])
      assert.equal(typeof server[name], 'function', `${name} from the server entry`);
  });
});

describe('planning client server entry over HTTP', () => {
  const running = useDemoServer({ rooms: 5 });

  it('authenticates with the API key and exchanges and revokes a code with the client secret', async () => {
    const planning = await import('../../src/api/planning/server.ts');
    const { apiKey, authorizeUrl, bearer, exchangeCode, listProjects, readCallback, revokeToken } = planning;
    const base = `${running.url}/planning/api/v2`;
    const projects = await listProjects({ base, auth: apiKey('demo-key'), retries: 0 });
    assert.ok(Array.isArray(projects));
    const client = {
      oauthBase: `${running.url}/planning`,
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
      redirectUri: `${running.url}/partner/oauth/callback`,
    };
    const granted = await fetch(authorizeUrl(client, { state: 's1' }), { redirect: 'manual' });
    const back = readCallback(granted.headers.get('location')!);
    assert.equal(back.state, 's1');
    const token = await exchangeCode(client, back.code!);
    assert.ok(token.access_token);
    const viaToken = { base, auth: bearer(token.access_token), retries: 0 };
    assert.ok((await planning.showUserProfile(viaToken)).id);
    await revokeToken(client, token.access_token);
    await assert.rejects(planning.showUserProfile(viaToken), 'the token is revoked');
  });
});
