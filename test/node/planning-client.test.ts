// The planning client (src/api/planning) against the planning emulator over real HTTP: API-key and
// OAuth authentication, projects, exports, response validation and the wrapper's retry rules.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { importGraph, root } from './helpers/import-graph.ts';
import { startDemoServer, type Running } from './helpers/server.ts';
import { apiKey } from '../../src/api/planning/server.ts';
import { bearer, type PlanningContext } from '../../src/api/planning/context.ts';
import { buildExportRequest } from '../../src/api/planning/export-request.ts';
import { exportProject, listExports, resultFiles, showExport } from '../../src/api/planning/exports.ts';
import { authorizeUrl, readCallback } from '../../src/api/planning/oauth.ts';
import { exchangeCode, revokeToken } from '../../src/api/planning/server.ts';
import {
  createProject,
  destroyProject,
  listProjects,
  projectToken,
  showProject,
  updateProject,
} from '../../src/api/planning/projects.ts';
import type { ExportRequest } from '../../src/api/planning/export-tables.ts';
import { rejection } from './helpers/planning.ts';

const PROJECT_ID = 186997360;
const CLIENT = { clientId: 'demo-client', clientSecret: 'demo-secret' };

function exportBody(patch: Record<string, unknown> = {}): ExportRequest {
  const built = buildExportRequest({
    fmt: ['png'],
    width: 400,
    height: 300,
    type: '2d',
    paper: { combine: false },
    callback: 'exports@partner.example',
    ...patch,
  });
  assert.ok(built.ok, built.ok ? '' : built.errors.join('; '));
  return built.body;
}

describe('planning client against the emulator', () => {
  let running: Running;
  let ctx: PlanningContext;
  let emulatorReady = false;

  before(async () => {
    running = await startDemoServer({ rooms: 5 });
    ctx = { base: `${running.url}/planning/api/v2`, auth: apiKey('demo-key'), retries: 1 };
    const probe = await fetch(`${ctx.base}/projects.json`, {
      headers: { Authorization: ctx.auth!.authorization },
    });
    emulatorReady = probe.status !== 404;
  });
  after(() => running.close());

  const arm = (fault: Record<string, unknown>) =>
    fetch(`${running.url}/emulator/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fault),
    });
  const logged = async (path: string) =>
    (await (await fetch(`${running.url}/emulator/requests?path=${encodeURIComponent(path)}`)).json()) as {
      method: string;
    }[];

  /** A 404 from the planning emulator is a failure, never a reason to skip: a skip would hide it. */
  function ready(_t: unknown): boolean {
    assert.ok(emulatorReady, 'the planning part of the emulator does not answer (GET /projects.json is 404)');
    return true;
  }

  it('projects: index, show, create, update, token, destroy with the API key', async (t) => {
    if (!ready(t)) return;
    const list = await listProjects(ctx, { page: 1, per_page: 50 });
    assert.ok(list.some((p) => p.id === PROJECT_ID));
    const shown = await showProject(ctx, PROJECT_ID);
    assert.equal(shown.id, PROJECT_ID);
    assert.equal(typeof shown.public, 'boolean');

    const created = await createProject(ctx, { name: 'Client test', description: 'made by the node test' });
    assert.equal(created.name, 'Client test');
    const updated = await updateProject(ctx, created.id, { name: 'Renamed', public: true });
    assert.equal(updated.name, 'Renamed');
    assert.equal(updated.public, true);
    const token = await projectToken(ctx, created.id, { expires_in: 600 });
    assert.ok(token.token.length > 8);
    await destroyProject(ctx, created.id);
    const gone = await rejection(showProject(ctx, created.id));
    assert.ok([403, 404].includes(gone.status), String(gone.status));
  });

  it('refuses ids that are not positive integers before any request', async () => {
    await assert.rejects(showProject(ctx, -1), RangeError);
    await assert.rejects(showProject(ctx, Number.NaN), RangeError);
  });

  it('a wrong API key or token is a 403 ApiError', async (t) => {
    if (!ready(t)) return;
    const wrongKey = await rejection(listProjects({ ...ctx, auth: apiKey('wrong') }));
    assert.equal(wrongKey.status, 403);
    const wrongToken = await rejection(showProject({ ...ctx, auth: bearer('nope') }, PROJECT_ID));
    assert.equal(wrongToken.status, 403);
  });

  it('OAuth: authorize redirect with a code, exchange, use the token, revoke it', async (t) => {
    if (!ready(t)) return;
    const client = {
      oauthBase: `${running.url}/planning`,
      ...CLIENT,
      redirectUri: `${running.url}/partner/oauth/callback`,
    };
    const url = authorizeUrl(client, { state: 'st4te' });
    assert.equal(new URL(url).pathname, '/planning/oauth/authorize');
    const redirect = await fetch(url, { redirect: 'manual' });
    assert.equal(redirect.status, 301);
    const back = readCallback(redirect.headers.get('location')!);
    assert.ok(back.code, 'a code in the redirect');
    assert.ok(redirect.headers.get('location')!.startsWith(client.redirectUri));

    const token = await exchangeCode(client, back.code!);
    assert.equal(token.token_type, 'Bearer');
    assert.ok(token.expires_in > 0);
    const viaToken = { ...ctx, auth: bearer(token.access_token) };
    assert.equal((await showProject(viaToken, PROJECT_ID)).id, PROJECT_ID);

    const reused = await rejection(exchangeCode(client, back.code!));
    assert.ok([400, 401, 403].includes(reused.status), `reused code: ${reused.status}`);

    const wrongSecret = await rejection(revokeToken({ ...client, clientSecret: 'x' }, token.access_token));
    assert.equal(wrongSecret.status, 403);
    await revokeToken(client, token.access_token);
    const revoked = await rejection(showProject(viaToken, PROJECT_ID));
    assert.equal(revoked.status, 403);

    const unknownClient = await fetch(authorizeUrl({ ...client, clientId: 'nobody' }, { state: 's' }), {
      redirect: 'manual',
    });
    assert.ok([403, 404].includes(unknownClient.status), String(unknownClient.status));
  });

  it('export: a valid 2D request gives real files; exports index and show list it', async (t) => {
    if (!ready(t)) return;
    const outcome = await exportProject(ctx, PROJECT_ID, exportBody({ fmt: ['png', 'pdf'] }));
    assert.equal(outcome.kind, 'files');
    if (outcome.kind !== 'files') return;
    assert.equal(typeof outcome.exportId, 'number');
    const files = resultFiles(outcome.result);
    assert.ok(files.length >= 2, JSON.stringify(outcome.result));
    const png = files.find((f) => /png/i.test(f.url))!;
    const response = await fetch(new URL(png.url, running.url));
    assert.equal(response.status, 200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"

    const exports = await listExports(ctx);
    assert.ok(exports.length >= 1 && exports.length <= 100);
    const latest = exports.reduce((a, b) => (b.id > a.id ? b : a));
    assert.equal(latest.id, outcome.exportId);
    assert.equal((await showExport(ctx, latest.id)).id, latest.id);
  });

  it('export: a 3D request with views is accepted', async (t) => {
    if (!ready(t)) return;
    const body = exportBody({
      type: '3d',
      fmt: ['jpg'],
      views: [{ type: 'top' }, { type: 'nw', section: 120 }],
    });
    const outcome = await exportProject(ctx, PROJECT_ID, body);
    assert.ok(['files', 'queued'].includes(outcome.kind));
  });

  it('export: what only the service can check is a 422 with its message; POST is never retried', async (t) => {
    if (!ready(t)) return;
    const invalid = await rejection(exportProject(ctx, PROJECT_ID, exportBody({ designs: [1] })));
    assert.equal(invalid.status, 422);
    assert.equal(invalid.message, 'invalid parameters specified');

    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    await arm({ match: `/planning/api/v2/projects/${PROJECT_ID}/export.json`, status: 503 });
    const failed = await rejection(exportProject(ctx, PROJECT_ID, exportBody()));
    assert.equal(failed.status, 503);
    const calls = await logged(`/planning/api/v2/projects/${PROJECT_ID}/export.json`);
    assert.equal(calls.length, 1);
  });

  it('GETs are retried after a 5xx; a wrong-shaped answer is an invalid ApiError', async (t) => {
    if (!ready(t)) return;
    await fetch(`${running.url}/emulator/reset`, { method: 'POST' });
    await arm({ match: `/planning/api/v2/projects/${PROJECT_ID}.json`, status: 502 });
    assert.equal((await showProject({ ...ctx, retries: 1 }, PROJECT_ID)).id, PROJECT_ID);
    assert.equal((await logged(`/planning/api/v2/projects/${PROJECT_ID}.json`)).length, 2);

    await arm({ match: '/planning/api/v2/projects.json', method: 'GET', body: 'wrong-shape' });
    const wrong = await rejection(listProjects(ctx));
    assert.equal(wrong.kind, 'invalid');
    await arm({ match: '/planning/api/v2/exports.json', body: 'malformed' });
    assert.equal((await rejection(listExports(ctx))).kind, 'invalid');
  });
});

describe('what the browser and the server each load', () => {
  it('the element never reaches the API-key code (Basic key:x is server side only)', () => {
    const graph = importGraph('src/elements/project-export-button/project-export-button.ts');
    assert.ok(graph.size > 5, 'the graph was walked');
    const files = [...graph.keys()].map((f) => f.slice(root.length + 1));
    assert.ok(!files.includes('src/api/planning/api-key.ts'), files.join('\n'));
    for (const [file, text] of graph) assert.ok(!/\bBasic\s/.test(text), `${file} mentions Basic auth`);
  });

  it('the OAuth helper and the client use no DOM and no Node-only module', () => {
    for (const entry of [
      'src/api/planning/oauth.ts',
      'src/api/planning/oauth-tokens.ts',
      'src/api/planning/server.ts',
      'src/api/planning/projects.ts',
      'src/api/planning/exports.ts',
      'src/api/planning/users.ts',
      'src/api/planning/permissions.ts',
      'src/api/planning/media.ts',
      'src/api/planning/designs.ts',
      'src/api/planning/room-type-sets.ts',
      'src/api/planning/templates.ts',
      'src/api/planning/fml.ts',
    ]) {
      for (const [file, text] of importGraph(entry)) {
        assert.ok(!/from ['"]node:/.test(text), `${file} imports a node: module`);
        assert.ok(
          !/\b(document|window|localStorage|HTMLElement)\b/.test(
            text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''),
          ),
          `${file} uses the DOM`,
        );
      }
    }
  });
});
