// Document 1, sections 4.2 and 4.4 through the planning client against the emulator over real HTTP:
// rule 2 with three accounts (A cannot read B's private project, can read a public one, can after a
// permission), search, FML show/update/import (every real FML file), download, share planner,
// duplicate, copy, export fml1, the project token, permissions, and the emails in the outbox.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Running } from './helpers/server.ts';
import { findRealdata } from '../../server/emulator/options.ts';
import { apiKey } from '../../src/api/planning/server.ts';
import type { PlanningContext } from '../../src/api/planning/context.ts';
import {
  createPermission,
  destroyPermission,
  listPermissions,
  showPermission,
  updatePermission,
} from '../../src/api/planning/permissions.ts';
import {
  copyProject,
  createProject,
  destroyProject,
  downloadProject,
  duplicateProject,
  exportFml1,
  importProject,
  listProjects,
  projectToken,
  searchProjects,
  sharePlanner,
  showProject,
  showProjectFml,
  undestroyProject,
  updateProject,
  updateProjectFml,
} from '../../src/api/planning/projects.ts';
import { createUser } from '../../src/api/planning/users.ts';
import { rejection, resetPlanning, startPlanningV2 } from './helpers/planning.ts';

const B_PRIVATE = 29200001;
const B_PUBLIC = 29200002;
const REAL = 186997360;

interface Email {
  kind: string;
  to: string;
  subject: string;
  text: string;
  url?: string;
  project_id?: number;
}

describe('planning v2: projects and permissions (sections 4.2, 4.4)', () => {
  let running: Running;
  let base: string;
  let A: PlanningContext;
  let B: PlanningContext;
  let C: PlanningContext;
  const outbox = async () =>
    (await (await fetch(`${running.url}/planning/emulator/outbox`)).json()) as Email[];

  before(async () => {
    ({ running, base, A, B, C } = await startPlanningV2(2));
  });
  after(() => running.close());
  beforeEach(() => resetPlanning(running));

  it('rule 2: A cannot read B’s private project, can read the public one, can after a permission', async () => {
    assert.equal((await rejection(showProject(A, B_PRIVATE))).status, 403);
    assert.equal((await rejection(showProjectFml(A, B_PRIVATE))).status, 403);
    assert.equal((await showProject(A, B_PUBLIC)).name, 'Public showcase');
    assert.equal((await rejection(updateProject(A, B_PUBLIC, { name: 'Mine now' }))).status, 403);
    assert.equal((await rejection(listPermissions(A, B_PRIVATE))).status, 403);

    const granted = await createPermission(B, B_PRIVATE, { user_id: 1001, comment: 'for the kitchen' });
    assert.equal(granted.user_id, 1001);
    assert.equal(granted.project_id, B_PRIVATE);
    // the grant lets A show, edit and delete it
    assert.equal((await showProject(A, B_PRIVATE)).id, B_PRIVATE);
    assert.equal(
      (await updateProject(A, B_PRIVATE, { name: 'Neighbour, renamed' })).name,
      'Neighbour, renamed',
    );
    assert.ok((await searchProjects(A, { name: 'renamed' })).results.some((p) => p.id === B_PRIVATE));
    const exported = await fetch(`${base}/projects/${B_PRIVATE}/export.json`, {
      method: 'POST',
      headers: { Authorization: A.auth!.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: '2d',
        fmt: ['pdf'],
        width: 200,
        height: 150,
        paper: { combine: true },
        callback: 'a@shop.example',
      }),
    });
    assert.equal(exported.status, 200, 'and export it');
    // …but not hand out permissions of its own (only the owner does)
    assert.equal((await rejection(createPermission(A, B_PRIVATE, { user_id: 1003 }))).status, 403);
    // C, without a grant, still cannot
    assert.equal((await rejection(showProject(C, B_PRIVATE))).status, 403);
    await destroyProject(A, B_PRIVATE);
    assert.equal((await rejection(showProject(B, B_PRIVATE))).status, 404);
    await undestroyProject(B, B_PRIVATE);
    await destroyPermission(B, B_PRIVATE, granted.id);
    assert.equal((await rejection(showProject(A, B_PRIVATE))).status, 403, 'the permission is gone');
  });

  it('permissions: create, index, show, update, destroy and their errors', async () => {
    const p = await createPermission(A, REAL, { user_id: 1002, comment: 'Shared for client X' });
    assert.deepEqual(Object.keys(p).sort(), [
      'comment',
      'created_at',
      'id',
      'project_id',
      'updated_at',
      'user_id',
    ]);
    assert.deepEqual(
      (await listPermissions(A, REAL)).map((x) => x.id),
      [p.id],
    );
    assert.equal((await showPermission(A, REAL, p.id)).comment, 'Shared for client X');
    const moved = await updatePermission(A, REAL, p.id, { user_id: 1003, comment: 'Changed' });
    assert.equal(moved.user_id, 1003);
    assert.equal((await showProject(C, REAL)).id, REAL, 'C now holds it');
    assert.equal((await rejection(showProject(B, REAL))).status, 403, 'B no longer does');
    assert.equal((await rejection(createPermission(A, REAL, { user_id: 424242 }))).status, 422);
    assert.equal((await rejection(createPermission(A, REAL, {} as never))).status, 422);
    assert.equal((await rejection(showPermission(A, REAL, 1))).status, 404);
    assert.equal((await rejection(showPermission(B, REAL, p.id))).status, 403);
    await destroyPermission(A, REAL, p.id);
    assert.deepEqual(await listPermissions(A, REAL), []);
    assert.equal((await rejection(destroyPermission(A, REAL, p.id))).status, 404);
  });

  it('partner-only: B may not place projects in other accounts or search by user_id', async () => {
    const sub = await createUser(A, { email: 'shop@x.example', password: 'secret-1' });
    const placed = await createProject(A, { name: 'For the shop', user_id: sub.id });
    assert.equal(placed.user_id, sub.id);
    assert.equal((await searchProjects(A, { user_id: sub.id })).total, 1);
    assert.equal((await rejection(createProject(B, { name: 'x', user_id: 1002 }))).status, 403);
    assert.equal((await rejection(searchProjects(B, { user_id: 1002 }))).status, 403);
    assert.equal(
      (await rejection(createProject(C, { name: 'x', user_id: sub.id }))).status,
      403,
      'not C’s user',
    );
    assert.equal((await rejection(searchProjects(C, { user_id: 1001 }))).status, 403);
  });

  it('search: every parameter, sort_field / sort_order as spelled, paging, and 422 for bad values', async () => {
    const all = await searchProjects(A, { per_page: 100 });
    assert.ok(all.total! >= 13);
    const raw = await (
      await fetch(`${base}/projects/search.json?name=gracht`, {
        headers: { Authorization: A.auth!.authorization },
      })
    ).json();
    assert.equal(typeof raw.total, 'string');
    assert.deepEqual(raw.results.map((p: { name: string }) => p.name).sort(), [
      'Keizersgracht 118',
      'Oudegracht 41',
    ]);
    const byName = await searchProjects(A, { sort_field: 'name', sort_order: 'asc', per_page: 100 });
    const names = byName.results.map((p) => p.name.toLowerCase());
    assert.deepEqual(
      names,
      [...names].sort((a, b) => a.localeCompare(b)),
    );
    const byUpdate = await searchProjects(A, {
      sort_field: 'update_at',
      sort_order: 'desc',
      per_page: 3,
      page: 1,
    });
    assert.equal(byUpdate.results.length, 3);
    assert.equal((await searchProjects(A, { id: REAL })).results[0]?.id, REAL);
    assert.equal((await searchProjects(A, { status: 'public' })).total, 0);
    assert.ok(
      (await searchProjects(A, { status: 'private', public: false, level_id: 2, enable_autosave: false }))
        .total! > 0,
    );
    assert.ok((await searchProjects(A, { city: 'Amsterdam' })).results.some((p) => p.id === REAL));
    assert.ok((await searchProjects(A, { created_at: '2026-06' })).total! > 0);
    for (const key of [
      'description',
      'project_url',
      'external_identifier',
      'exported_at',
      'updated_at',
    ] as const)
      assert.equal((await searchProjects(A, { [key]: 'zzz-nothing' })).total, 0, key);
    // public=all lists every public project, also other users'
    assert.ok((await searchProjects(A, { public: 'all' })).results.some((p) => p.id === B_PUBLIC));
    assert.equal((await rejection(searchProjects(A, { sort_field: 'updated_at' as never }))).status, 422);
    assert.equal((await rejection(searchProjects(A, { sort_order: 'up' as never }))).status, 422);
    assert.equal((await rejection(searchProjects(A, { status: 'hidden' as never }))).status, 422);
    assert.equal((await rejection(searchProjects({ ...A, auth: apiKey('nope') }))).status, 403);
  });

  it('show and update as .fml: text plus a parsed document', async () => {
    const fml = await showProjectFml(A, REAL);
    assert.match(fml.text, /^<\?xml/);
    const project = fml.parsed.project as Record<string, unknown>;
    const floors = (project.floors as { floor: Record<string, unknown>[] }).floor;
    assert.ok(floors.length >= 1);
    const design = (floors[0]!.designs as { design: Record<string, unknown>[] }).design[0]!;
    for (const key of ['id', 'name', 'design-type', 'created-at', 'updated-at', 'project-id', 'floor-id'])
      assert.ok(key in design, key);
    const updated = await updateProjectFml(A, REAL, { name: 'Renamed through FML', public: true });
    assert.equal((updated.parsed.project as { name: string }).name, 'Renamed through FML');
    assert.equal((await showProject(B, REAL)).name, 'Renamed through FML', 'now public: B reads it');
    // an FML body updates too
    const asXml = await fetch(`${base}/projects/${REAL}.fml`, {
      method: 'PUT',
      headers: { Authorization: A.auth!.authorization, 'Content-Type': 'text/xml' },
      body: '<?xml version="1.0"?><project><name>From XML</name><public type="boolean">false</public></project>',
    });
    assert.equal(asXml.status, 200);
    assert.equal((await showProject(A, REAL)).name, 'From XML');
    assert.equal((await rejection(showProject(B, REAL))).status, 403);
  });

  it('imports every real FML file (project and design documents)', async (t) => {
    const root = findRealdata();
    const dir = root ? join(root, 'floorplanner', 'fml-xml') : '';
    if (!root || !existsSync(dir)) {
      t.skip('the real samples (../shared/realdata/floorplanner/fml-xml) are not present in this checkout');
      return;
    }
    const files = readdirSync(dir).filter((f) => f.endsWith('.xml'));
    assert.ok(files.length > 0);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const project = await importProject(A, text);
      assert.equal(project.user_id, 1001, file);
      const floors = project.floors as { designs: { id: number; name: string }[] }[];
      assert.ok(floors.length >= 1, file);
      const designs = floors.flatMap((f) => f.designs);
      assert.ok(designs.length >= 1, `${file}: has designs`);
      // the stored plan reads back as FML, with the imported walls
      const back = await showProjectFml(A, project.id);
      const lines = (back.text.match(/<line>/g) ?? []).length;
      const sourceWalls = (text.match(/<type>[^<]*wall[^<]*<\/type>/g) ?? []).length;
      if (sourceWalls > 0) assert.ok(lines > 0, `${file}: walls kept`);
      // and it exports like any other project
      const exported = await fetch(`${base}/projects/${project.id}/export.json`, {
        method: 'POST',
        headers: { Authorization: A.auth!.authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          type: '2d',
          fmt: ['png'],
          width: 120,
          height: 90,
          paper: { combine: true },
          callback: 'imports@shop.example',
        }),
      });
      assert.equal(exported.status, 200, `${file}: export`);
    }
    assert.equal((await rejection(importProject(A, '<project><name>x</project>'))).status, 422);
    assert.equal((await rejection(importProject(A, '<room/>'))).status, 422);
    const json = await fetch(`${base}/projects/import.json`, {
      method: 'POST',
      headers: { Authorization: A.auth!.authorization, 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(json.status, 422, 'import needs Content-Type text/xml');
    assert.equal((await rejection(importProject({ ...A, auth: apiKey('nope') }, '<project/>'))).status, 403);
  });

  it('download and export_fml1 answer a URL that serves the FML', async () => {
    const download = await downloadProject(A, REAL);
    const file = await fetch(String(download.url));
    assert.equal(file.status, 200);
    assert.match(await file.text(), /<project>/);
    assert.equal((await downloadProject(B, B_PUBLIC)).project_id, B_PUBLIC, 'a public project downloads');
    assert.equal((await rejection(downloadProject(A, B_PRIVATE))).status, 403);
    const fml1 = await exportFml1(A, REAL);
    assert.equal((await fetch(String(fml1.url))).status, 200);
    assert.ok((await showProject(A, REAL)).exported_at);
    assert.equal((await rejection(exportFml1(A, B_PUBLIC))).status, 403);
  });

  it('share planner, duplicate and copy; the emails land in the outbox', async () => {
    assert.deepEqual(await sharePlanner(A, REAL, { email: 'client@home.example', message: 'Decorate it!' }), {
      status: 'ok',
    });
    const [share] = await outbox();
    assert.equal(share!.kind, 'share_planner');
    assert.equal(share!.to, 'client@home.example');
    assert.match(share!.text, /Decorate it!/);
    assert.equal((await fetch(share!.url!)).status, 200, 'the link opens the editor');
    assert.equal((await rejection(sharePlanner(A, REAL, { email: 'not an email' }))).status, 422);
    assert.equal((await rejection(sharePlanner(A, B_PUBLIC, { email: 'x@y.example' }))).status, 403);

    const dup = await duplicateProject(B, B_PUBLIC);
    assert.equal(dup.user_id, 1002);
    assert.notEqual(dup.id, B_PUBLIC);
    const fromPublic = await duplicateProject(A, B_PUBLIC);
    assert.equal(fromPublic.user_id, 1001, 'duplicate places the copy in the caller’s account');
    assert.equal((await rejection(duplicateProject(A, B_PRIVATE))).status, 403);

    const copied = await copyProject(A, REAL, { email: 'partner-c@planner.example' });
    assert.equal(copied.user_id, 1003);
    assert.equal((await showProject(C, copied.id as number)).id, copied.id);
    const narrowed = (await (
      await fetch(`${running.url}/planning/emulator/outbox?to=partner-c@planner.example&kind=project_copy`)
    ).json()) as Email[];
    assert.equal(narrowed.length, 1);
    assert.equal(narrowed[0]!.project_id, copied.id);
    assert.equal((await rejection(copyProject(A, REAL, { email: 'nobody@nowhere.example' }))).status, 422);
    assert.equal((await rejection(copyProject(B, REAL, { email: 'other@planner.example' }))).status, 403);
  });

  it('project token: expires_in, editor_url as a string; only the owner asks', async () => {
    const plain = await projectToken(A, REAL, { expires_in: 60 });
    assert.equal(plain.expires_in, 60);
    assert.equal(plain.editor_url, undefined);
    const ownEditor = await projectToken(A, REAL, { editor_url: 'https://portal.example/editor' });
    const url = new URL(String(ownEditor.editor_url));
    assert.equal(url.origin + url.pathname, 'https://portal.example/editor');
    assert.equal(url.searchParams.get('token'), ownEditor.token);
    const stand = await projectToken(A, REAL, { editor_url: 'true' });
    assert.equal((await fetch(String(stand.editor_url))).status, 200);
    const byToken = await fetch(`${base}/projects/${REAL}.json?access_token=${plain.token}`);
    assert.equal(byToken.status, 200);
    assert.equal((await rejection(projectToken(A, REAL, { expires_in: 0 }))).status, 422);
    assert.equal((await rejection(projectToken(A, REAL, { editor_url: 'ftp://x' }))).status, 422);
    assert.equal((await rejection(projectToken(A, B_PUBLIC))).status, 403);
  });

  it('index and the rest of the basic operations still answer as before; unknown paths are JSON', async () => {
    assert.ok((await listProjects(A)).length >= 13);
    assert.deepEqual(await listProjects(C), []);
    const created = await createProject(C, { name: 'C’s flat' });
    assert.equal(created.user_id, 1003);
    assert.deepEqual(
      (await listProjects(C)).map((p) => p.id),
      [created.id],
    );
    const unknown = await fetch(`${base}/no/such/path.json`, {
      headers: { Authorization: A.auth!.authorization },
    });
    assert.equal(unknown.status, 404);
    assert.match(unknown.headers.get('content-type') ?? '', /json/);
    const outside = await fetch(`${running.url}/planning/nothing-here`);
    assert.equal(outside.status, 404);
    assert.match(outside.headers.get('content-type') ?? '', /json/);
  });
});
