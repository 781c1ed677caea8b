// The made-up home the emulator serves (server/emulator/planning/domain/demo-home.ts), over real HTTP
// as a partner reads it (GET /projects/:id/fml): two floors of named rooms, doors and windows in the
// walls, furniture, a staircase on both floors at the same place, four walkthrough cameras downstairs
// and one upstairs; the kit's FML reader reads it with no problem, and it is the same on every start.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Running } from './helpers/server.ts';
import { startDemoServer } from './helpers/server.ts';
import { apiKey } from '../../src/api/planning/server.ts';
import { DEMO_HOME_ID, REAL_PROJECT_ID } from '../../server/emulator/planning/domain/seed.ts';
import { fmlDesignToRoomModel, planGeometry, pointInRing, readFml } from '../../src/model/index.ts';

async function fml(running: Running, id: number): Promise<string> {
  const response = await fetch(`${running.url}/planning/api/v2/projects/${id}/fml`, {
    headers: { Authorization: apiKey('demo-key').authorization },
  });
  assert.equal(response.status, 200);
  return response.text();
}

describe('the made-up home (the demo’s planning project)', () => {
  let running: Running;
  before(async () => {
    running = await startDemoServer({ rooms: 2, realdataDir: null });
  });
  after(() => running.close());

  it('is a two-floor home with rooms, doors, windows, furniture, stairs and walkthrough cameras', async () => {
    const read = readFml(await fml(running, DEMO_HOME_ID));
    assert.deepEqual(read.problems, [], 'the kit reads it without a problem');
    const [ground, upstairs] = read.plan.floors;
    assert.equal(read.plan.floors.length, 2);
    assert.deepEqual(
      read.plan.floors.map((f) => f.level),
      [0, 1],
    );
    const names = (i: number) => read.plan.floors[i]!.designs[0]!.areas.map((a) => a.name);
    assert.deepEqual(names(0), ['Woonkamer', 'Keuken', 'Hal', 'Werkkamer']);
    assert.deepEqual(names(1), ['Slaapkamer', 'Badkamer', 'Overloop', 'Slaapkamer 2']);
    for (const floor of [ground!, upstairs!]) {
      const design = floor.designs[0]!;
      const openings = design.walls.flatMap((w) => w.openings);
      assert.ok(openings.filter((o) => o.kind === 'door').length >= 3, `${floor.name}: doors in walls`);
      assert.ok(openings.filter((o) => o.kind === 'window').length >= 5, `${floor.name}: windows in walls`);
      assert.ok(design.items.filter((i) => !i.stair).length >= 6, `${floor.name}: furniture`);
      assert.equal(design.stairs.length, 1, `${floor.name}: a staircase`);
      // every walkthrough camera stands in a room, at eye height
      const model = fmlDesignToRoomModel(read.plan, { floor: floor.level });
      assert.deepEqual(model.problems, []);
      const plan = planGeometry(model.model);
      assert.equal(plan.unplacedOpenings?.length ?? 0, 0, 'every opening on its wall');
      for (const camera of design.cameras.filter((c) => c.type === 'walkthrough')) {
        assert.ok(
          plan.areas.some((a) => pointInRing([camera.position[0], camera.position[1]], a.polygon)),
          `${camera.name} stands in a room`,
        );
        assert.equal(camera.position[2], 160);
      }
      // furniture draws as boxes in 3D
      assert.ok(model.model.components.filter((c) => c.kind === 'furniture').length >= 6);
      assert.equal(model.model.stairs?.length, 1);
    }
    const walkthrough = (i: number) =>
      read.plan.floors[i]!.designs[0]!.cameras.filter((c) => c.type === 'walkthrough').length;
    assert.ok(walkthrough(0) >= 4, 'four walkthrough cameras on the ground floor');
    assert.ok(walkthrough(1) >= 1, 'one upstairs');
    // the staircase joins the floors: the same place on both
    const stair = (i: number) => read.plan.floors[i]!.designs[0]!.stairs[0]!;
    assert.ok(pointInRing([stair(0).position[0], stair(0).position[1]], stair(1).footprint));
  });

  it('is the same on every start, and 186997360 without the real samples is the same home', async () => {
    const again = await startDemoServer({ rooms: 2, realdataDir: null });
    try {
      assert.equal(await fml(again, DEMO_HOME_ID), await fml(running, DEMO_HOME_ID));
      const stand = readFml(await fml(running, REAL_PROJECT_ID));
      assert.deepEqual(stand.problems, []);
      assert.equal(stand.plan.floors[0]!.designs[0]!.stairs.length, 1);
    } finally {
      await again.close();
    }
  });
});
