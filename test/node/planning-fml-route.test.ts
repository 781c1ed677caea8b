// The emulator's FML JSON form, GET /planning/api/v2/projects/:id/fml (issue 13), over real HTTP: the
// real projects as their files hold them when ../shared/realdata exists, project 186997360 always (a
// generated plan of the same shape without realdata), 404 for an unknown project, and rule 2: another
// account's private project is refused.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import type { Running } from './helpers/server.ts';
import { startDemoServer } from './helpers/server.ts';
import { startPlanningV2 } from './helpers/planning.ts';
import { apiKey } from '../../src/api/planning/server.ts';

const REAL = 186997360;
/** Account B's private project (seeded). */
const B_PRIVATE = 29200001;

interface FmlJson {
  id?: number;
  floors?: {
    name?: string;
    level?: number;
    height?: number;
    designs?: { walls?: unknown[]; areas?: unknown[] }[];
  }[];
}

async function getFml(base: string, id: number | string, key = 'demo-key') {
  const response = await fetch(`${base}/projects/${id}/fml`, {
    headers: { Authorization: apiKey(key).authorization },
  });
  const text = await response.text();
  return { response, text };
}

/** Walls and areas of every design, counted: what a reader of the plan needs to be there. */
function counts(doc: FmlJson) {
  const designs = (doc.floors ?? []).flatMap((f) => f.designs ?? []);
  return {
    floors: doc.floors?.length ?? 0,
    walls: designs.reduce((n, d) => n + (d.walls?.length ?? 0), 0),
    areas: designs.reduce((n, d) => n + (d.areas?.length ?? 0), 0),
  };
}

describe('planning v2: GET /projects/:id/fml (the FML JSON form)', () => {
  let running: Running;
  let base: string;
  let generated: Running;

  before(async () => {
    ({ running, base } = await startPlanningV2(2));
    // a server that never sees ../shared/realdata: every project is generated
    generated = await startDemoServer({ rooms: 2, realdataDir: null });
  });
  after(async () => {
    await running.close();
    await generated.close();
  });

  it('serves every real project as its file holds it', async (t) => {
    const root = findRealdata();
    const dir = root ? join(root, 'floorplanner', 'fml-json-v3') : '';
    if (!root || !existsSync(dir)) {
      t.skip(
        'the real FML JSON (../shared/realdata/floorplanner/fml-json-v3) is not present in this checkout',
      );
      return;
    }
    const files = readdirSync(dir).filter((f) => /^project-\d+-.*\.fml\.json$/.test(f));
    assert.ok(files.length > 0, 'real files');
    for (const file of files) {
      const id = Number(/^project-(\d+)-/.exec(file)![1]);
      const { response, text } = await getFml(base, id);
      assert.equal(response.status, 200, `project ${id}`);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      const served = JSON.parse(text) as FmlJson;
      const held = JSON.parse(readFileSync(join(dir, file), 'utf8')) as FmlJson;
      assert.deepEqual(served, held, `project ${id} is its file`);
      assert.ok(counts(served).floors >= 1 && counts(served).walls > 0, `project ${id} has floors and walls`);
    }
  });

  it('serves 186997360 without realdata too: generated floors with walls and areas, in FML JSON', async () => {
    const { response, text } = await getFml(`${generated.url}/planning/api/v2`, REAL);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const doc = JSON.parse(text) as FmlJson;
    assert.equal(doc.id, REAL);
    const { floors, walls, areas } = counts(doc);
    assert.ok(floors >= 1, 'floors');
    assert.ok(walls > 0, 'walls');
    assert.ok(areas > 0, 'areas');
    for (const floor of doc.floors!) {
      assert.equal(typeof floor.name, 'string');
      assert.ok(Number.isFinite(floor.level), 'a level');
      assert.ok((floor.height ?? 0) > 0, 'a height');
    }
  });

  it('answers 404 for a project that does not exist, with or without realdata', async () => {
    for (const root of [base, `${generated.url}/planning/api/v2`]) {
      const { response } = await getFml(root, 99999999);
      assert.equal(response.status, 404, root);
    }
  });

  it('rule 2: another account’s private project is refused; its owner gets it', async () => {
    const refused = await getFml(base, B_PRIVATE, 'demo-key');
    assert.equal(refused.response.status, 403);
    assert.ok(!refused.text.includes('"floors"'), 'no plan in the refusal');
    const own = await getFml(base, B_PRIVATE, 'demo-key-b');
    assert.equal(own.response.status, 200);
    assert.ok(counts(JSON.parse(own.text) as FmlJson).floors >= 1);
    // and without credentials at all
    const anonymous = await fetch(`${base}/projects/${REAL}/fml`);
    assert.ok([401, 403].includes(anonymous.status), `anonymous: ${anonymous.status}`);
  });
});
