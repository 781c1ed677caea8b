// Document 1, sections 4.5 to 4.9 through the planning client against the emulator over real HTTP:
// media (base64 and remote uploads, the served bytes compared), designs (flat JSON paths, FML create
// and update, share with its email, camera delete), room type sets (every route and alias),
// templates (editor_settings table, the per_page cap, the forbidden bodies) and the exports list.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import type { Running } from './helpers/server.ts';
import { apiKey } from '../../src/api/planning/server.ts';
import type { PlanningContext } from '../../src/api/planning/context.ts';
import {
  createDesign,
  createDesignFml,
  destroyCamera,
  destroyDesign,
  shareDesign,
  showDesign,
  updateDesign,
  updateDesignFml,
} from '../../src/api/planning/designs.ts';
import { listExports, showExport } from '../../src/api/planning/exports.ts';
import {
  createMedia,
  destroyMedia,
  listMedia,
  showMedia,
  toBase64,
  updateMedia,
} from '../../src/api/planning/media.ts';
import { showProject, updateProject } from '../../src/api/planning/projects.ts';
import {
  createRoomTypeSet,
  defaultRoomTypeSets,
  destroyRoomTypeSet,
  listRoomTypeSets,
  roomTypeSetsByIds,
  showRoomTypeSet,
  updateRoomTypeSet,
} from '../../src/api/planning/room-type-sets.ts';
import {
  createTemplate,
  destroyTemplate,
  listTemplates,
  showTemplate,
  updateTemplate,
} from '../../src/api/planning/templates.ts';
import { rejection, resetPlanning, startPlanningV2 } from './helpers/planning.ts';

const REAL = 186997360;
const B_PRIVATE = 29200001;
const B_PUBLIC = 29200002;

function png(width: number, height: number): Uint8Array {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([i % 251, 80, 160, 255], i);
  return new Uint8Array(PNG.sync.write(image));
}

const DESIGN_FML = `<?xml version="1.0" encoding="UTF-8"?>
<design>
  <name>Studio</name>
  <lines type="array">
    <line><type>default_wall</type><points>0 0 0 4 0 0,0 0 2.8 4 0 2.8</points><thickness>0.2</thickness></line>
    <line><type>default_wall</type><points>4 0 0 4 3 0</points><thickness>0.2</thickness></line>
  </lines>
  <areas type="array"><area><color>#d4e2f0</color><points>0 0 0, 4 0 0, 4 3 0, 0 3 0</points></area></areas>
</design>`;

describe('planning v2: media, designs, room type sets, templates, exports (sections 4.5 to 4.9)', () => {
  let running: Running;
  let base: string;
  let A: PlanningContext;
  let B: PlanningContext;
  let place: { project_id: number; floor_id: number };
  let design: number;
  const outbox = async () =>
    (await (await fetch(`${running.url}/planning/emulator/outbox`)).json()) as {
      kind: string;
      to: string;
      text: string;
    }[];

  before(async () => {
    ({ running, base, A, B } = await startPlanningV2(2));
  });
  after(() => running.close());
  beforeEach(async () => {
    await resetPlanning(running);
    const project = await showProject(A, REAL);
    const floor = (project.floors as { id: number; designs: { id: number }[] }[])[0]!;
    place = { project_id: REAL, floor_id: floor.id };
    design = floor.designs[0]!.id;
  });

  it('media: a base64 upload is stored and served byte for byte; a remote one is fetched', async () => {
    const bytes = png(37, 21);
    const media = await createMedia(A, REAL, {
      title: 'Moodboard',
      kind: 'image',
      description: 'colours',
      file: { name: 'mood board.png', data: toBase64(bytes) },
    });
    assert.equal(media.width, 37);
    assert.equal(media.height, 21);
    assert.equal(media.size, bytes.byteLength);
    assert.equal(media.content_type, 'image/png');
    assert.equal(media.project_id, REAL);
    assert.equal(media.url, null);
    const served = await fetch(media.filename!.url!);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    // a capability URL like an export file's (routes/stored-file.ts): inline, any origin, never sniffed
    assert.equal(served.headers.get('content-disposition'), 'inline; filename="mood_board.png"');
    assert.equal(served.headers.get('access-control-allow-origin'), '*');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(served.headers.get('cache-control'), 'private, max-age=3600');
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), bytes);
    const missing = await fetch(media.filename!.url!.replace(/[^/]+$/, 'other.png'));
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), { status: 404, error: 'Not Found' });

    const remote = await createMedia(A, REAL, { title: 'Copy', remote_filename_url: media.filename!.url! });
    assert.equal(remote.url, media.filename!.url);
    assert.equal(remote.width, 37);
    assert.deepEqual(new Uint8Array(await (await fetch(remote.filename!.url!)).arrayBuffer()), bytes);

    assert.deepEqual(
      (await listMedia(A, REAL)).map((m) => m.id),
      [media.id, remote.id],
    );
    assert.equal((await showMedia(A, REAL, media.id)).title, 'Moodboard');
    const bigger = png(64, 48);
    const updated = await updateMedia(A, REAL, media.id, {
      title: 'Board 2',
      file: { name: 'b.png', data: toBase64(bigger) },
    });
    assert.equal(updated.title, 'Board 2');
    assert.equal(updated.width, 64);
    assert.deepEqual(new Uint8Array(await (await fetch(updated.filename!.url!)).arrayBuffer()), bigger);
    await destroyMedia(A, REAL, remote.id);
    assert.equal((await rejection(showMedia(A, REAL, remote.id))).status, 404);

    const errors: [Parameters<typeof createMedia>[2], string][] = [
      [{ file: { data: toBase64(bytes) } }, 'title: is required'],
      [{ title: 'x' }, 'file: send file'],
      [{ title: 'x', file: { data: btoa('not an image') } }, 'not a PNG'],
      [{ title: 'x', file: { data: '@@@' } }, 'file.data: is not base64'],
      [{ title: 'x', remote_filename_url: 'ftp://x' }, 'remote_filename_url: must be'],
      [{ title: 'x', remote_filename_url: `${running.url}/planning/nothing.png` }, 'answered HTTP 404'],
    ];
    for (const [body, detail] of errors) {
      const error = await rejection(createMedia(A, REAL, body));
      assert.equal(error.status, 422, detail);
      assert.ok(
        (error.body as { details: string[] }).details.some((d) => d.includes(detail)),
        detail,
      );
    }
    assert.equal(
      (await rejection(createMedia(B, REAL, { title: 'x', file: { data: toBase64(bytes) } }))).status,
      403,
    );
    assert.equal((await rejection(listMedia(B, REAL))).status, 403);
    assert.equal((await rejection(destroyMedia(B, REAL, media.id))).status, 403);
  });

  it('designs: create, show, update, destroy on the flat paths (query or body ids)', async () => {
    const created = await createDesign(A, place, { name: 'Second idea' });
    assert.equal(created.project_id, REAL);
    assert.equal(created.floor_id, place.floor_id);
    assert.equal(created.design_type, 'save');
    for (const key of [
      'user_id',
      'design_hash',
      'thumb_url',
      'original_design_id',
      'thumb_2d_generated_at',
      'thumb_3d_generated_at',
    ])
      assert.ok(key in created, key);
    assert.equal((await showDesign(A, place, created.id)).name, 'Second idea');
    assert.equal((await updateDesign(A, place, created.id, { name: 'Renamed' })).name, 'Renamed');
    // ids in the JSON body instead of the query string
    const viaBody = await fetch(`${base}/designs/${created.id}.json`, {
      method: 'PUT',
      headers: { Authorization: A.auth!.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...place, design: { name: 'Body ids' } }),
    });
    assert.equal(viaBody.status, 200);
    assert.equal((await viaBody.json()).name, 'Body ids');
    await destroyDesign(A, place, created.id);
    assert.equal((await rejection(showDesign(A, place, created.id))).status, 404);
    const noIds = await fetch(`${base}/designs/${design}.json`, {
      headers: { Authorization: A.auth!.authorization },
    });
    assert.equal(noIds.status, 422);
    assert.ok((await noIds.json()).details.includes('project_id: is required (query string or body)'));
    assert.equal((await rejection(createDesign(A, place, { name: '' }))).status, 422);
    assert.equal((await rejection(showDesign(A, { ...place, floor_id: 1 }, design))).status, 404);
    // someone else's private project: 403; a public one: readable, not changeable
    const bFloor = (await showProject(B, B_PRIVATE)).floors as { id: number; designs: { id: number }[] }[];
    const bPlace = { project_id: B_PRIVATE, floor_id: bFloor[0]!.id };
    assert.equal((await rejection(showDesign(A, bPlace, bFloor[0]!.designs[0]!.id))).status, 403);
    const pub = (await showProject(B, B_PUBLIC)).floors as { id: number; designs: { id: number }[] }[];
    const pubPlace = { project_id: B_PUBLIC, floor_id: pub[0]!.id };
    assert.equal((await showDesign(A, pubPlace, pub[0]!.designs[0]!.id)).project_id, B_PUBLIC);
    assert.equal((await rejection(createDesign(A, pubPlace, { name: 'x' }))).status, 403);
  });

  it('designs: FML create and update answer FML; share emails it; camera delete', async () => {
    const created = await createDesignFml(A, place, DESIGN_FML);
    const element = created.parsed.design as Record<string, unknown>[] | Record<string, unknown> as
      Record<string, unknown>[] | Record<string, unknown>;
    const doc = (Array.isArray(element) ? element[0] : element) as Record<
      string,
      { '#text'?: string } | string
    >;
    assert.equal(doc.name, 'Studio');
    const id = Number((doc.id as { '#text': string })['#text']);
    assert.equal(Number((doc['floor-id'] as { '#text': string })['#text']), place.floor_id);
    assert.equal((created.text.match(/<line>/g) ?? []).length, 2);
    const updated = await updateDesignFml(A, place, id, DESIGN_FML.replace('Studio', 'Loft'));
    assert.match(updated.text, /<name>Loft<\/name>/);
    assert.equal((await showDesign(A, place, id)).name, 'Loft');
    assert.equal((await rejection(createDesignFml(A, place, '<project/>'))).status, 422);
    assert.equal((await rejection(updateDesignFml(A, place, 1, DESIGN_FML))).status, 404);
    assert.equal((await rejection(createDesignFml(B, place, DESIGN_FML))).status, 403);

    const share = await shareDesign(A, {
      ...place,
      fml: updated.text,
      email: 'friend@home.example',
      message: 'What do you think?',
    });
    assert.equal(share.design_id, id);
    assert.equal(share.project_id, REAL);
    assert.equal(share.email, 'friend@home.example');
    assert.equal((await fetch(share.url!)).status, 200);
    const mail = (await outbox()).find((m) => m.kind === 'design_share');
    assert.equal(mail?.to, 'friend@home.example');
    assert.match(mail!.text, /What do you think\?/);
    const missing = await rejection(shareDesign(A, { ...place, fml: '', email: 'x', message: '' }));
    assert.equal(missing.status, 422);
    assert.equal((missing.body as { details: string[] }).details.length, 3);

    const project = await showProject(A, REAL);
    const floors = project.floors as {
      id: number;
      cameras: { id: number }[];
      designs: { cameras: { id: number }[] }[];
    }[];
    const withCamera = floors.find((f) => f.cameras.length || f.designs.some((d) => d.cameras.length));
    if (withCamera) {
      const camera = withCamera.cameras[0] ?? withCamera.designs.find((d) => d.cameras.length)!.cameras[0]!;
      const at = { project_id: REAL, floor_id: withCamera.id };
      assert.equal((await rejection(destroyCamera(B, at, camera.id))).status, 403);
      await destroyCamera(A, at, camera.id);
      assert.equal((await rejection(destroyCamera(A, at, camera.id))).status, 404);
    }
  });

  it('room type sets: every route, the POST aliases, defaults and by_ids', async () => {
    const defaults = await defaultRoomTypeSets(A);
    assert.ok(defaults.length >= 3 && defaults.every((s) => s.is_default && s.user_id === null));
    const mine = await createRoomTypeSet(A, { set_name: 'Kitchens' });
    assert.equal(mine.user_id, 1001);
    assert.equal(mine.deleted_at, null);
    const second = await createRoomTypeSet(A, { set_name: 'Baths' });
    assert.deepEqual(
      (await listRoomTypeSets(A)).map((s) => s.id),
      [mine.id, second.id],
    );
    assert.deepEqual(
      (await listRoomTypeSets(A, { offset: 1 })).map((s) => s.id),
      [second.id],
    );
    assert.deepEqual(await listRoomTypeSets(B), []);
    assert.ok(
      (await defaultRoomTypeSets(A)).some((s) => s.id === mine.id),
      'own sets are added to the defaults',
    );
    assert.ok(!(await defaultRoomTypeSets(B)).some((s) => s.id === mine.id));
    assert.deepEqual(
      (await roomTypeSetsByIds(A, [second.id, defaults[0]!.id])).map((s) => s.id),
      [second.id, defaults[0]!.id],
    );
    assert.equal((await rejection(roomTypeSetsByIds(B, [mine.id]))).status, 404);
    assert.equal((await showRoomTypeSet(A, mine.id)).set_name, 'Kitchens');
    assert.equal((await rejection(showRoomTypeSet(B, mine.id))).status, 403);
    assert.equal((await updateRoomTypeSet(A, mine.id, { set_name: 'Kitchens 2' })).set_name, 'Kitchens 2');
    assert.equal(
      (await updateRoomTypeSet(A, mine.id, { set_name: 'Kitchens 3' }, 'PATCH')).set_name,
      'Kitchens 3',
    );
    assert.equal(
      (await updateRoomTypeSet(A, mine.id, { set_name: 'Kitchens 4' }, 'POST')).set_name,
      'Kitchens 4',
    );
    assert.equal((await rejection(updateRoomTypeSet(A, mine.id, { set_name: '' }))).status, 422);
    assert.equal((await rejection(createRoomTypeSet(A, {} as never))).status, 422);
    const refused = await rejection(destroyRoomTypeSet(B, mine.id));
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { status: 'forbidden' });
    assert.deepEqual((await rejection(destroyRoomTypeSet(A, defaults[0]!.id))).body, { status: 'forbidden' });
    assert.deepEqual(await destroyRoomTypeSet(A, mine.id), { status: 'ok' });
    assert.deepEqual(await destroyRoomTypeSet(A, second.id, 'POST'), { status: 'ok' });
    assert.equal((await rejection(showRoomTypeSet(A, mine.id))).status, 404);
    assert.deepEqual(await listRoomTypeSets(A), []);
    assert.equal((await rejection(listRoomTypeSets({ ...A, auth: apiKey('nope') }))).status, 403);
  });

  it('templates: editor_settings checked, per_page above 50 is 50, 404 and forbidden bodies', async () => {
    const set = await createRoomTypeSet(A, { set_name: 'For templates' });
    const template = await createTemplate(A, {
      name: 'House style',
      editor_settings: {
        cutSection: 1,
        cutSection3D: 120,
        wallTopColor2D: 'f0a',
        wallTopColor3D: '334455',
        measurementSystem: 'meter',
        collections: '12,13',
        room_type_sets: set.id,
        exportFormat: 'pdf',
        exportRatio: { png: '16:9', pdf: 'A3' },
        exportOrientation: 'portrait',
        combine: 0,
        exportEnabled2D: 1,
        exportEnabled3D: 0,
        exportScale2D: 100,
        exportView3D: 'nw',
        exportLabels3D: true,
        exportOrtho3D: 0,
        exportEmail: 'exports@shop.example',
        exportLogoUrl: 'https://shop.example/logo.png',
      },
    });
    assert.equal(template.name, 'House style');
    assert.equal(template.editor_settings?.exportView3D, 'nw');
    assert.equal((await showTemplate(A, template.id!)).user_id, 1001);
    const bad = await rejection(
      createTemplate(A, {
        name: 'Bad',
        editor_settings: {
          cutSection: 2 as never,
          wallTopColor2D: '#fff',
          measurementSystem: 'yard' as never,
          exportRatio: { pdf: '16:9' as never },
          exportScale2D: 75 as never,
          room_type_sets: 424242,
          surprise: 1,
        } as never,
      }),
    );
    assert.equal(bad.status, 422);
    assert.equal((bad.body as { details: string[] }).details.length, 7);
    assert.equal((await rejection(createTemplate(A, { name: '' }))).status, 422);

    for (let i = 0; i < 55; i++) await createTemplate(A, { name: `T${i}` });
    assert.equal((await listTemplates(A, { per_page: 200 })).length, 50);
    assert.equal((await listTemplates(A, { per_page: 200, page: 2 })).length, 6);
    assert.equal((await listTemplates(A, { per_page: 10, page: 3 })).length, 10);
    assert.deepEqual(await listTemplates(B), []);

    assert.equal((await updateTemplate(A, template.id!, { name: 'House style 2' })).name, 'House style 2');
    assert.equal(
      (await updateTemplate(A, template.id!, { name: 'House style 3' }, 'POST')).name,
      'House style 3',
    );
    assert.equal((await rejection(showTemplate(B, template.id!))).status, 404, 'not the caller’s: 404');
    const refusedUpdate = await rejection(updateTemplate(B, template.id!, { name: 'x' }));
    assert.equal(refusedUpdate.status, 403);
    assert.deepEqual(refusedUpdate.body, { status: 'forbidden' });
    assert.deepEqual((await rejection(destroyTemplate(B, template.id!))).body, { status: 'forbidden' });
    const wrong = { ...A, auth: apiKey('nope') };
    assert.deepEqual((await rejection(createTemplate(wrong, { name: 'x' }))).body, { status: 'forbidden' });
    assert.equal((await rejection(listTemplates(wrong))).status, 403);
    assert.deepEqual(await destroyTemplate(A, template.id!), { status: 'ok' });
    assert.equal((await rejection(showTemplate(A, template.id!))).status, 404);
    assert.equal((await rejection(destroyTemplate(A, 987654))).status, 404);
  });

  it('a project created from a template; exports list and show are the caller’s', async () => {
    const template = await createTemplate(A, { name: 'Base' });
    const created = await fetch(`${base}/projects.json`, {
      method: 'POST',
      headers: { Authorization: A.auth!.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        project: { name: 'From a template', project_template_attributes: { template_id: template.id } },
      }),
    });
    assert.equal(created.status, 200);
    const fromB = await fetch(`${base}/projects.json`, {
      method: 'POST',
      headers: { Authorization: B.auth!.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ project: { project_template_attributes: { template_id: template.id } } }),
    });
    assert.equal(fromB.status, 422, 'someone else’s template');

    assert.deepEqual(await listExports(A), []);
    const exported = await fetch(`${base}/projects/${REAL}/export.json`, {
      method: 'POST',
      headers: { Authorization: A.auth!.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: '2d',
        fmt: ['png'],
        width: 200,
        height: 150,
        paper: { combine: true },
        callback: 'me@shop.example',
      }),
    });
    assert.equal(exported.status, 200);
    const list = await listExports(A);
    assert.equal(list.length, 1);
    assert.equal((await showExport(A, list[0]!.id)).project_id, REAL);
    assert.equal((await rejection(showExport(B, list[0]!.id))).status, 403);
    assert.deepEqual(await listExports(B), []);
    // export emails land in the outbox too
    assert.ok((await outbox()).some((m) => m.kind === 'export' && m.to === 'me@shop.example'));
    await updateProject(A, REAL, { name: 'Still mine' });
  });
});
