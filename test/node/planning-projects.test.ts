/**
 * Document 1, sections 4.2 and 5 in the emulator: authentication by API key and access token, and
 * the project operations (create, show json / fml, index, update, destroy, undestroy, token).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { oauthToken, startPlanningV2 } from './helpers/planning.ts';
import { startDemoServer, type Running } from './helpers/server.ts';

const KEY = { Authorization: 'Basic ' + btoa('demo-key:x') };
const PROJECT = 186997360;

describe('planning emulator: authentication', () => {
  let running: Running;
  let api: string;
  before(async () => {
    ({ running, base: api } = await startPlanningV2(5));
  });
  after(() => running.close());

  const accessToken = async () => (await oauthToken(running.url)).access_token;

  it('lets any page call it with a token header (CORS), never with cookies', async () => {
    const preflight = await fetch(`${api}/projects/186997360/export.json`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://portal.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/i);
    assert.equal(preflight.headers.get('access-control-allow-credentials'), null);
    const answer = await fetch(`${api}/projects.json`, {
      headers: { ...KEY, Origin: 'https://portal.example' },
    });
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    assert.equal(answer.headers.get('access-control-allow-credentials'), null);
  });

  it('accepts the API key by HTTP Basic with x as password, and nothing else', async () => {
    assert.equal((await fetch(`${api}/projects.json`, { headers: KEY })).status, 200);
    const refused: [string, Record<string, string>][] = [
      ['no credentials', {}],
      ['wrong key', { Authorization: 'Basic ' + btoa('other-key:x') }],
      ['wrong password', { Authorization: 'Basic ' + btoa('demo-key:y') }],
      ['no password', { Authorization: 'Basic ' + btoa('demo-key') }],
      ['not base64', { Authorization: 'Basic %%%' }],
      ['unknown bearer', { Authorization: 'Bearer 0123' }],
      ['the key as a bearer token', { Authorization: 'Bearer demo-key' }],
    ];
    for (const [name, headers] of refused) {
      const response = await fetch(`${api}/projects.json`, { headers });
      assert.equal(response.status, 403, name);
      assert.deepEqual(await response.json(), { status: 403, error: 'Forbidden' });
    }
  });

  it('accepts an access token as Bearer header, query parameter, JSON member and form field', async () => {
    const token = await accessToken();
    assert.equal(
      (await fetch(`${api}/projects.json`, { headers: { Authorization: `Bearer ${token}` } })).status,
      200,
    );
    assert.equal((await fetch(`${api}/projects.json?access_token=${token}`)).status, 200);
    const json = await fetch(`${api}/projects.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: token, project: { name: 'By JSON token' } }),
    });
    assert.equal(json.status, 200);
    assert.equal((await json.json()).name, 'By JSON token');
    const form = await fetch(`${api}/projects.json`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: token, 'project[name]': 'By form token' }),
    });
    assert.equal(form.status, 200);
    assert.equal((await form.json()).name, 'By form token');
  });
});

describe('planning emulator: projects', () => {
  let running: Running;
  let api: string;
  before(async () => {
    ({ running, base: api } = await startPlanningV2(5));
  });
  after(() => running.close());

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${api}${path}`, {
      ...init,
      headers: { ...KEY, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
    });

  it('lists the caller’s projects, shaped like the real samples, page by page', async () => {
    const all = await (await call('/projects.json?per_page=100')).json();
    assert.ok(all.length >= 13);
    assert.ok(
      all.every((p: { user_id: number }) => p.user_id === 1001),
      'only the demo user’s',
    );
    const sample = all.find((p: { id: number }) => p.id === PROJECT);
    assert.deepEqual(Object.keys(sample).sort(), [
      'created_at',
      'description',
      'design_count',
      'enable_autosave',
      'exported_at',
      'external_identifier',
      'floor_count',
      'floors',
      'id',
      'level_id',
      'name',
      'project_url',
      'public',
      'status',
      'thumbnail',
      'thumbnail_3d',
      'updated_at',
      'user_id',
    ]);
    assert.match(sample.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(Object.keys(sample.floors[0]).sort(), [
      'created_at',
      'height',
      'id',
      'level',
      'name',
      'project_id',
      'updated_at',
    ]);
    const page1 = await (await call('/projects.json?page=1&per_page=5')).json();
    const page2 = await (await call('/projects.json?page=2&per_page=5')).json();
    assert.equal(page1.length, 5);
    assert.deepEqual(
      page2.map((p: { id: number }) => p.id),
      all.slice(5, 10).map((p: { id: number }) => p.id),
    );
    const defaults = await (await call('/projects.json')).json();
    assert.equal(defaults.length, Math.min(50, all.length));
    const beyond = await (await call('/projects.json?page=99')).json();
    assert.deepEqual(beyond, []);
  });

  it('is deterministic: two servers with the same seed list the same projects', async () => {
    const other = await startDemoServer({ rooms: 5 });
    try {
      const a = await (await call('/projects.json?per_page=100')).json();
      const b = await (
        await fetch(`${other.url}/planning/api/v2/projects.json?per_page=100`, { headers: KEY })
      ).json();
      assert.deepEqual(
        b.map((p: { id: number; project_url: string }) => [p.id, p.project_url]),
        a.map((p: { id: number; project_url: string }) => [p.id, p.project_url]),
      );
    } finally {
      await other.close();
    }
  });

  it('shows a project as json with designs and cameras, and as FML XML', async () => {
    const project = await (await call(`/projects/${PROJECT}.json`)).json();
    assert.equal(project.id, PROJECT);
    assert.equal(project.name, 'Amstelveenseweg 1092 A, Amsterdam');
    const designs = project.floors.flatMap((f: { designs: { id: number }[] }) => f.designs.map((d) => d.id));
    assert.deepEqual(designs, [305031409, 305031445]);
    const fml = await call(`/projects/${PROJECT}.fml`);
    assert.match(fml.headers.get('content-type')!, /xml/);
    const xml = await fml.text();
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<project>/);
    assert.match(xml, /<design>\s*<id type="integer">305031409<\/id>/);
    assert.match(xml, /<type>default_wall<\/type>/);
    assert.equal((await call('/projects/1.json')).status, 404);
    assert.equal((await call('/projects/abc.json')).status, 404);
  });

  it('shows the real FML geometry of project 186997360 when the real samples are present', async (t) => {
    const running2 = await startDemoServer({ rooms: 5, realdataDir: null });
    try {
      const generated = await (
        await fetch(`${running2.url}/planning/api/v2/projects/${PROJECT}.fml`, { headers: KEY })
      ).text();
      const here = await (await call(`/projects/${PROJECT}.fml`)).text();
      const project = await (await call(`/projects/${PROJECT}.json`)).json();
      if (project.floors[0].height !== 2.85) {
        t.skip('../shared/realdata is missing: project 186997360 is generated here');
        return;
      }
      // 38 + 50 walls in the real document; the generated stand-in (the made-up home) has 7 per design
      assert.equal((here.match(/<line>/g) ?? []).length, 88);
      assert.equal((generated.match(/<line>/g) ?? []).length, 14);
      assert.deepEqual(
        project.floors[0].cameras.map((c: { id: number }) => c.id),
        [332402629, 332402632],
      );
    } finally {
      await running2.close();
    }
  });

  it('refuses another user’s private project (403) and shows their public one', async () => {
    assert.equal((await call('/projects/29200001.json')).status, 403);
    assert.equal((await call('/projects/29200002.json')).status, 200);
    assert.equal(
      (await call('/projects/29200002.json', { method: 'PUT', body: '{"name":"mine now"}' })).status,
      403,
    );
    assert.equal((await call('/projects/29200002.json', { method: 'DELETE' })).status, 403);
    assert.equal((await call('/projects/29200002/token.json')).status, 403);
  });

  it('creates (with defaults and floors), updates, destroys and undestroys', async () => {
    const created = await (
      await call('/projects.json', { method: 'POST', body: JSON.stringify({ project: {} }) })
    ).json();
    assert.equal(created.name, 'New floorplan');
    assert.equal(created.user_id, 1001);
    assert.equal(created.floor_count, 1);
    const withFloors = await (
      await call('/projects.json', {
        method: 'POST',
        body: JSON.stringify({
          project: {
            name: 'Portveien 2',
            public: false,
            external_identifier: 'ID123',
            floors_attributes: [{ name: 'Ground floor' }, { name: 'Attic' }],
          },
        }),
      })
    ).json();
    assert.deepEqual(
      withFloors.floors.map((f: { name: string }) => f.name),
      ['Ground floor', 'Attic'],
    );
    assert.equal(withFloors.external_identifier, 'ID123');

    const invalid = await call('/projects.json', {
      method: 'POST',
      body: JSON.stringify({ project: { name: '', public: 'maybe' } }),
    });
    assert.equal(invalid.status, 422);
    const problem = await invalid.json();
    assert.equal(problem.error, 'invalid parameters specified');
    assert.equal(problem.details.length, 2);

    // update: nested under `project`, or at the top level as the public sample client sends it; PUT, PATCH or POST
    const nested = await (
      await call(`/projects/${created.id}.json`, {
        method: 'PUT',
        body: JSON.stringify({ project: { name: 'Renamed', public: true } }),
      })
    ).json();
    assert.equal(nested.name, 'Renamed');
    assert.equal(nested.public, true);
    const flat = await (
      await call(`/projects/${created.id}.json`, {
        method: 'PATCH',
        body: JSON.stringify({ description: 'A nice hut' }),
      })
    ).json();
    assert.equal(flat.description, 'A nice hut');
    const form = await fetch(`${api}/projects/${created.id}.fml`, {
      method: 'POST',
      headers: KEY,
      body: new URLSearchParams({ 'project[name]': 'Via form' }),
    });
    assert.match(await form.text(), /<name>Via form<\/name>/);
    assert.equal(
      (await call(`/projects/${created.id}.json`, { method: 'PUT', body: '{"external_identifier":"12345"}' }))
        .status,
      422,
    );

    const destroyed = await call(`/projects/${created.id}.json`, { method: 'DELETE' });
    assert.deepEqual(await destroyed.json(), {});
    assert.equal((await call(`/projects/${created.id}.json`)).status, 404);
    const listed = await (await call('/projects.json?per_page=100')).json();
    assert.ok(!listed.some((p: { id: number }) => p.id === created.id));
    const back = await call(`/projects/${created.id}/undestroy.json`, { method: 'POST' });
    assert.equal((await back.json()).id, created.id);
    assert.equal((await call(`/projects/${created.id}.json`)).status, 200);
  });

  it('gives a project token that opens that project only, and an editor link', async () => {
    const response = await call(`/projects/${PROJECT}/token.json?expires_in=60&editor_url=true`);
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.match(body.token, /^[0-9a-f]{32}$/);
    assert.equal(body.expires_in, 60);
    assert.equal(body.editor_url, `${running.url}/planning/editor/${PROJECT}?token=${body.token}`);
    assert.equal((await fetch(`${api}/projects/${PROJECT}.json?access_token=${body.token}`)).status, 200);
    assert.equal((await fetch(`${api}/projects/29200002.json?access_token=${body.token}`)).status, 403);
    assert.equal((await fetch(`${api}/projects.json?access_token=${body.token}`)).status, 403);
    const editor = await fetch(body.editor_url);
    assert.equal(editor.status, 200);
    assert.match(await editor.text(), /Amstelveenseweg 1092 A, Amsterdam/);
    const plan = await fetch(`${running.url}/planning/editor/${PROJECT}/plan.png?token=${body.token}`);
    assert.equal(plan.headers.get('content-type'), 'image/png');
    assert.equal((await fetch(`${running.url}/planning/editor/${PROJECT}?token=nope`)).status, 403);
    const plain = await (await call(`/projects/${PROJECT}/token.json`)).json();
    assert.equal(plain.editor_url, undefined);
    assert.equal((await call(`/projects/${PROJECT}/token.json?expires_in=-5`)).status, 422);
  });
});
