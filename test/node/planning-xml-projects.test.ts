/**
 * Document 2, section 4 "Projects" against the emulator over real HTTP, through the typed client:
 * create (drawing-url, a drawing file), index (compact, q), the user-scoped list, show, update,
 * destroy, FML export, copy, deliver, collaborate, publish and unpublish (the publish rule of
 * section 3), external identifiers, and one service with the v2 API.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  collaborate,
  copyProject,
  createProject,
  createUser,
  deliverProject,
  destroyProject,
  exportProjectFml,
  listProjects,
  listUserProjects,
  publishProject,
  showProject,
  unpublishProject,
  updateProject,
} from '../../src/api/planning-xml/index.ts';
import { usePlanningXml, xmlRejection } from './helpers/planning.ts';

const KEY = { Authorization: 'Basic ' + btoa('demo-key:x') };
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('planning XML API: projects', () => {
  const { running, xml, embed } = usePlanningXml();
  let v2: string;
  before(() => {
    v2 = `${running.url}/planning/api/v2`;
  });

  it('creates a project with floors and a drawing-url, visible through v2 as the same record', async () => {
    const project = await createProject(xml, {
      name: 'Portveien 2',
      description: 'A nice little house with 2 floors',
      public: false,
      externalIdentifier: 'ID123',
      floors: [
        { name: 'Ground floor', drawingUrl: 'http://example.com/some-image.jpg' },
        { name: 'First floor' },
      ],
    });
    assert.equal(project.name, 'Portveien 2');
    assert.equal(project.externalIdentifier, 'ID123');
    assert.equal(project.public, false);
    assert.equal(project.userId, 1001);
    assert.equal(project.floors?.length, 2);
    assert.equal(project.floors![0]!.name, 'Ground floor');
    assert.equal(project.floors![0]!.drawing?.url, 'http://example.com/some-image.jpg');
    assert.equal(project.floors![0]!.drawing?.contentType, 'image/jpeg');
    assert.ok(project.floors![0]!.designs.length >= 1);
    assert.equal(project.floors![0]!.designs[0]!.designType, 'save');
    const res = await fetch(`${v2}/projects/${project.id}.json`, { headers: KEY });
    assert.equal(res.status, 200);
    const json = (await res.json()) as { name: string; external_identifier: string; floors: unknown[] };
    assert.equal(json.name, 'Portveien 2');
    assert.equal(json.external_identifier, 'ID123');
    assert.equal(json.floors.length, 2);
  });

  it('shows a project made through v2, and reads it by external identifier', async () => {
    const res = await fetch(`${v2}/projects.json`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ project: { name: 'Made in v2', external_identifier: 'from-v2' } }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const id = ((await res.json()) as { id: number }).id;
    assert.equal((await showProject(xml, id)).name, 'Made in v2');
    assert.equal((await showProject(embed, 'from-v2')).id, id);
  });

  it('takes a drawing as a base64 file element, and refuses other drawing types', async () => {
    const project = await createProject(xml, {
      name: 'With a drawing file',
      floors: [
        { name: 'Ground floor', drawing: { file: PNG_1X1, name: 'plan.png', contentType: 'image/png' } },
      ],
    });
    const url = project.floors![0]!.drawing!.url!;
    const served = await fetch(url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), PNG_1X1);
    for (const ctx of [xml, embed]) {
      const error = await xmlRejection(
        createProject(ctx, { name: 'x', drawingUrl: 'http://example.com/plan.bmp' }),
      );
      assert.equal(error.status, 422);
      assert.deepEqual(error.fields, ['drawing-url']);
    }
    // CDATA around the base64, as section 4 allows
    const body =
      '<project><name>CDATA</name><floors type="array"><floor><name>F</name>' +
      `<drawing type="file" name="p.gif" content-type="image/gif"><![CDATA[${btoa('GIF89a')}]]></drawing></floor></floors></project>`;
    const res = await fetch(`${xml.base}/projects.xml`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'text/xml' },
      body,
    });
    assert.equal(res.status, 201);
    assert.match(await res.text(), /<content_type>image\/gif<\/content_type>/);
  });

  it('refuses an external identifier that starts with a number or is taken', async () => {
    const digit = await xmlRejection(createProject(xml, { name: 'x', externalIdentifier: '123abc' }));
    assert.deepEqual(digit.fields, ['external-identifier']);
    const taken = await xmlRejection(createProject(embed, { name: 'x', externalIdentifier: 'ID123' }));
    assert.equal(taken.status, 422);
    assert.deepEqual(taken.messages, ['External identifier has already been taken']);
  });

  it('refuses a name or a description longer than the service allows, in its words', async () => {
    const name = await xmlRejection(createProject(xml, { name: 'n'.repeat(256) }));
    assert.equal(name.status, 422);
    assert.deepEqual(name.messages, ['Name is too long (maximum is 255 characters)']);
    const description = await xmlRejection(createProject(xml, { name: 'x', description: 'd'.repeat(5001) }));
    assert.deepEqual(description.messages, ['Description is too long (maximum is 5000 characters)']);
    const blank = await xmlRejection(createProject(xml, { name: '  ' }));
    assert.deepEqual(blank.messages, ["Name can't be blank"]);
  });

  it('lists projects: compact leaves floors out, q searches name and description, pages', async () => {
    const full = await listProjects(xml, { perPage: 3 });
    assert.equal(full.length, 3);
    assert.ok(full.every((p) => Array.isArray(p.floors)));
    const compact = await listProjects(xml, { perPage: 3, compact: true });
    assert.ok(compact.every((p) => p.floors === undefined && typeof p.floorsCount === 'number'));
    assert.deepEqual(
      compact.map((p) => p.id),
      full.map((p) => p.id),
    );
    assert.deepEqual((await listProjects(xml, { q: 'portveien', compact: true })).map((p) => p.name).sort(), [
      'Portveien 2',
      'Portveien 2',
    ]);
    assert.deepEqual(
      (await listProjects(xml, { q: 'nice little', compact: true })).map((p) => p.externalIdentifier),
      ['ID123'],
    );
    const second = await listProjects(xml, { perPage: 2, page: 2, compact: true });
    assert.deepEqual(
      second.map((p) => p.id),
      (await listProjects(xml, { perPage: 4, compact: true })).slice(2).map((p) => p.id),
    );
  });

  it('scopes project calls by user: create, the list with a prefix q on the external id, show', async () => {
    const user = await createUser(xml, {
      email: 'owner@customer.example',
      accountType: 'pro',
      countryCode: 'NL',
      language: 'nl',
      externalIdentifier: 'cust-owner',
    });
    const a = await createProject(
      xml,
      { name: 'House A', externalIdentifier: 'house-a' },
      { user: 'cust-owner' },
    );
    await createProject(xml, { name: 'House B', externalIdentifier: 'house-b' }, { user: user.id });
    await createProject(xml, { name: 'Flat', externalIdentifier: 'flat-1' }, { user: user.id });
    assert.equal(a.userId, user.id);
    const all = await listUserProjects(xml, 'cust-owner');
    assert.equal(all.length, 3);
    assert.ok(all.every((p) => Array.isArray(p.floors) && p.floors.every((f) => Array.isArray(f.designs))));
    assert.deepEqual((await listUserProjects(xml, user.id, { q: 'house' })).map((p) => p.name).sort(), [
      'House A',
      'House B',
    ]);
    assert.equal((await showProject(xml, 'house-a', { user: 'cust-owner' })).id, a.id);
    // a project of another user is not found under this user
    assert.equal((await xmlRejection(showProject(xml, 186997360, { user: user.id }))).status, 404);
  });

  it('updates (PUT and the POST /update alias) and destroys (DELETE and POST /destroy)', async () => {
    const p = await createProject(xml, { name: 'To change' });
    assert.equal((await updateProject(xml, p.id, { name: 'Changed', description: 'now' })).name, 'Changed');
    const viaPost = await updateProject(embed, p.id, { externalIdentifier: 'changed-1' }, { viaPost: true });
    assert.equal(viaPost.externalIdentifier, 'changed-1');
    assert.equal((await showProject(xml, 'changed-1')).description, 'now');
    await destroyProject(xml, 'changed-1', { viaPost: true });
    assert.equal((await xmlRejection(showProject(xml, p.id))).status, 404);
    const q = await createProject(xml, { name: 'Another' });
    await destroyProject(xml, q.id);
    assert.equal((await xmlRejection(showProject(embed, q.id))).status, 404);
    const v2res = await fetch(`${v2}/projects/${q.id}.json`, { headers: KEY });
    assert.equal(v2res.status, 404, 'gone in v2 too');
  });

  it("refuses another account's private project (403) and lets it read a public one", async () => {
    const denied = await xmlRejection(showProject(xml, 29200001));
    assert.equal(denied.status, 403);
    assert.deepEqual(denied.messages, ['You are not allowed to see this project']);
    const embedDenied = await xmlRejection(showProject(embed, 29200001));
    assert.equal(embedDenied.status, 403);
    assert.equal(embedDenied.form, 'embed');
    assert.equal((await showProject(xml, 29200002)).public, true);
    assert.equal((await xmlRejection(updateProject(xml, 29200002, { name: 'mine now' }))).status, 403);
    assert.equal((await xmlRejection(showProject(xml, 99999999))).status, 404);
  });

  it('exports a project as FML', async () => {
    const { xml: text, project } = await exportProjectFml(xml, 186997360);
    assert.match(text, /^<\?xml/);
    assert.equal(project.id, 186997360);
    assert.ok(project.floors!.length >= 1);
    const design = project.floors![0]!.designs[0]!;
    assert.equal(design.designType, 'save');
    assert.ok(Array.isArray(design.lines) && design.lines.length > 0);
  });

  it('copies a project inside the account, remembering the original', async () => {
    const copy = await copyProject(xml, 'ID123');
    const source = await showProject(xml, 'ID123');
    assert.notEqual(copy.id, source.id);
    assert.equal(copy.name, source.name);
    assert.equal(copy.originalProjectId, source.id);
    assert.equal(copy.userId, source.userId);
    assert.equal(copy.floors?.length, source.floors?.length);
    assert.notEqual(copy.floors![0]!.id, source.floors![0]!.id);
  });

  it('delivers a copy to another user, with or without the notification email', async () => {
    const before = ((await (await fetch(`${running.url}/planning/emulator/outbox`)).json()) as unknown[])
      .length;
    const delivered = await deliverProject(xml, 'ID123', 'other@planner.example', { disableEmail: false });
    assert.ok(delivered.projectId);
    const outbox = (await (await fetch(`${running.url}/planning/emulator/outbox`)).json()) as {
      to: string;
      kind: string;
    }[];
    assert.equal(outbox.length, before + 1);
    assert.equal(outbox.at(-1)!.to, 'other@planner.example');
    await deliverProject(xml, 'ID123', 'other@planner.example', { disableEmail: true });
    assert.equal(
      ((await (await fetch(`${running.url}/planning/emulator/outbox`)).json()) as unknown[]).length,
      before + 1,
    );
    // the copy belongs to the recipient (account B), visible through v2 with B's key
    const res = await fetch(`${v2}/projects/${delivered.projectId}.json`, {
      headers: { Authorization: 'Basic ' + btoa('demo-key-b:x') },
    });
    assert.equal(res.status, 200);
    const unknown = await xmlRejection(deliverProject(embed, 'ID123', 'nobody@nowhere.example'));
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.fields, ['email']);
    // disable_email is required
    const res2 = await fetch(`${xml.base}/projects/ID123/deliver.xml`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'text/xml' },
      body: '<email>other@planner.example</email>',
    });
    assert.equal(res2.status, 422);
    assert.match(await res2.text(), /<error on="disable_email">/);
    // as a child element
    const res3 = await fetch(`${xml.base}/projects/ID123/deliver.xml`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'text/xml' },
      body: '<email>other@planner.example<disable_email>1</disable_email></email>',
    });
    assert.equal(res3.status, 200);
  });

  it('gives a user edit rights (collaborate), as a v2 permission', async () => {
    const user = await collaborate(xml, 'ID123', 'owner@customer.example');
    assert.equal(user.email, 'owner@customer.example');
    const project = await showProject(xml, 'ID123');
    const res = await fetch(`${v2}/projects/${project.id}/permissions.json`, { headers: KEY });
    if (res.status === 200) {
      const list = (await res.json()) as { user_id: number }[];
      assert.ok(list.some((p) => p.user_id === user.id));
    }
    assert.equal((await xmlRejection(collaborate(xml, 'ID123', 'not-an-email'))).status, 422);
  });

  it('publishes and unpublishes; a published project cannot be made private or deleted', async () => {
    const p = await createProject(xml, { name: 'To publish', externalIdentifier: 'pub-1' });
    const config = await publishProject(xml, 'pub-1', {
      path: 'my-house',
      styleId: 3,
      show3d: true,
      allowPrint: true,
      allowCcAddresses: true,
      receiveBcc: true,
      ccAddresses: ['a@x.example', 'b@x.example'],
      elementCategories: [12, 14],
      initModule: 'details',
    });
    assert.equal(config.path, 'my-house');
    assert.equal(config.styleId, 3);
    assert.equal(config.show3d, true);
    assert.equal(config.showSidebar, false);
    assert.equal(config.receiveBcc, true);
    assert.deepEqual(config.ccAddresses, ['a@x.example', 'b@x.example']);
    assert.deepEqual(config.elementCategories, [12, 14]);
    assert.equal(config.initModule, 'details');
    const page = await fetch(String(config.url));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /To publish/);
    assert.equal((await showProject(xml, p.id)).public, true);
    for (const ctx of [xml, embed]) {
      const priv = await xmlRejection(updateProject(ctx, p.id, { public: false }));
      assert.equal(priv.status, 422);
      assert.deepEqual(priv.fields, ['public']);
      assert.equal((await xmlRejection(destroyProject(ctx, p.id))).status, 422);
    }
    const taken = await xmlRejection(publishProject(xml, 'ID123', { path: 'my-house' }));
    assert.deepEqual(taken.messages, ['Path has already been taken']);
    const noPath = await xmlRejection(publishProject(embed, 'ID123', { path: '' }));
    assert.equal(noPath.status, 422);
    assert.deepEqual(noPath.fields, ['path']);
    const unpublished = await unpublishProject(xml, p.id);
    assert.equal(unpublished.id, p.id);
    assert.equal(unpublished.public, true, 'unpublished, still public until made private');
    assert.equal((await updateProject(xml, p.id, { public: false })).public, false);
    await destroyProject(xml, p.id);
    assert.equal((await fetch(String(config.url))).status, 404);
  });

  it('holds the publish rule through the v2 API too: no delete, no private while published (422 saying why)', async () => {
    const p = await createProject(xml, { name: 'Published for v2', externalIdentifier: 'pub-v2' });
    const config = await publishProject(xml, p.id, { path: 'v2-rule' });
    const auth = { Authorization: `Basic ${btoa('demo-key:x')}` };
    const v2call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${v2}${path}`, {
        method,
        headers: body === undefined ? auth : { ...auth, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const deleted = await v2call('DELETE', `/projects/${p.id}.json`);
    assert.equal(deleted.status, 422);
    assert.equal(deleted.body.error, 'invalid parameters specified');
    assert.deepEqual(deleted.body.details, [
      'public: the project is published: unpublish it before deleting it',
    ]);
    for (const body of [{ project: { public: false } }, { public: 'false' }]) {
      const made = await v2call('PUT', `/projects/${p.id}.json`, body);
      assert.equal(made.status, 422);
      assert.deepEqual(made.body.details, [
        'public: cannot be turned off while the project is published: unpublish it first',
      ]);
    }
    // an FML project document sent as the update is held to the same rule
    const fml = await fetch(`${v2}/projects/${p.id}.json`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/xml' },
      body: '<project><public>false</public></project>',
    });
    assert.equal(fml.status, 422);
    // nothing changed: still there, still public, still published
    const shown = await v2call('GET', `/projects/${p.id}.json`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.public, true);
    assert.equal((await showProject(xml, p.id)).published, true);
    assert.equal((await fetch(String(config.url))).status, 200);
    // other changes still go through; unpublished (through XML), v2 may make it private and delete it
    assert.equal(
      (await v2call('PUT', `/projects/${p.id}.json`, { project: { name: 'Renamed' } })).status,
      200,
    );
    await unpublishProject(xml, p.id);
    const priv = await v2call('PUT', `/projects/${p.id}.json`, { project: { public: false } });
    assert.equal(priv.status, 200);
    assert.equal(priv.body.public, false);
    assert.equal((await v2call('DELETE', `/projects/${p.id}.json`)).status, 200);
    assert.equal((await xmlRejection(showProject(xml, p.id))).status, 404);
  });

  it('goes back to the seeded start with the shared reset hook, side tables included', async () => {
    const p = await createProject(xml, { name: 'Before reset', externalIdentifier: 'reset-me' });
    const config = await publishProject(xml, p.id, { path: 'reset-page' });
    assert.equal((await fetch(String(config.url))).status, 200);
    const reset = await fetch(`${running.url}/planning/emulator/reset`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(reset.status, 200);
    assert.equal((await fetch(String(config.url))).status, 404);
    assert.equal((await xmlRejection(showProject(xml, 'reset-me'))).status, 404);
    assert.equal((await showProject(xml, 186997360)).published, false);
  });
});
