/**
 * The tour links floors through their stairs (src/model/tour/stair-links.ts): on the emulator's
 * two-floor demo home (project 29250001) and on a made-up two-floor home (test/fixtures/tour-stairs-home.ts)
 * whose nearest stop to the stairs stands behind a wall. Checked by an oracle of this test's own: points
 * every 0.5 cm along the way from the stop to the stairs, tested against every wall's rectangle and
 * its door gaps. And a plan with no stairs (real project 186997360 names none) keeps its floors apart.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import { DEMO_HOME_ID, seedProjects } from '../../server/emulator/planning/domain/seed.ts';
import { projectFmlJson } from '../../server/emulator/planning/formats/fml-json.ts';
import { readFml, type FmlPlan, type Vec2 } from '../../src/model/index.ts';
import { buildTour, type Tour, type TourLink, type TourStop } from '../../src/model/tour/index.ts';
import { STAIRS_HOME, stairsHome } from '../fixtures/tour-stairs-home.ts';
import { angleGap, oracleBlocked } from '../shared/tour-oracle.ts';

const byName = (tour: Tour, name: string): TourStop => {
  const stop = tour.stops.find((s) => s.name === name);
  assert.ok(stop, `a stop named ${name}`);
  return stop;
};
const floorOf = (tour: Tour, id: string) => tour.stops.find((s) => s.id === id)!.floor;
const acrossFloors = (tour: Tour) => tour.links.filter((l) => floorOf(tour, l.from) !== floorOf(tour, l.to));
/** FML (y down) to the model frame (y up). */
const model = (p: { x: number; y: number }): Vec2 => [p.x, -p.y];
const bearing = (from: Vec2, to: Vec2) => (Math.atan2(to[0] - from[0], to[1] - from[1]) * 180) / Math.PI;

/** Every stair link: points at a spot the stop reaches through no wall, at its bearing, with its distance. */
function checkStairLinks(plan: FmlPlan, tour: Tour): void {
  for (const link of acrossFloors(tour)) {
    assert.ok(link.stair, `${link.from} → ${link.to} is a stair link`);
    const from = tour.stops.find((s) => s.id === link.from)!;
    const eye: Vec2 = [from.position[0], from.position[1]];
    const walls = plan.floors[from.floor]!.designs[0]!.walls;
    assert.ok(!oracleBlocked(eye, link.stair.at, walls), `${from.name} reaches the stairs through no wall`);
    assert.ok(angleGap(link.yaw, bearing(eye, link.stair.at)) < 1, `${from.name}: yaw ${link.yaw}`);
    const distance = Math.hypot(link.stair.at[0] - eye[0], link.stair.at[1] - eye[1]);
    assert.ok(Math.abs(link.distance - distance) < 1e-6);
    assert.ok(link.pitch < 0, 'drawn on the floor where the stairs start');
    // up from the lower floor, down from the upper
    const to = tour.stops.find((s) => s.id === link.to)!;
    const up = plan.floors[to.floor]!.level > plan.floors[from.floor]!.level;
    assert.equal(link.stair.way, up ? 'up' : 'down');
  }
}

describe('tour: stairs link floors', () => {
  it('the demo home (29250001): Hal ↔ Overloop by the stairs in the hall, drawn at the stairs', () => {
    const project = seedProjects(1, null).find((p) => p.id === DEMO_HOME_ID)!;
    const plan = readFml(projectFmlJson(project, null)).plan;
    const tour = buildTour(plan);
    const hal = byName(tour, 'Hal');
    const overloop = byName(tour, 'Overloop');
    assert.deepEqual(
      acrossFloors(tour).map((l) => [l.from, l.to, l.stair?.way]),
      [
        [hal.id, overloop.id, 'up'],
        [overloop.id, hal.id, 'down'],
      ],
    );
    // the staircase (FML x 30..120, y 500..760): its foot the south end, nearer the hall's camera
    const up = acrossFloors(tour)[0]!;
    assert.deepEqual(up.stair!.at, model({ x: 75, y: 760 }));
    assert.deepEqual(acrossFloors(tour)[1]!.stair!.at, model({ x: 75, y: 500 }));
    checkStairLinks(plan, tour);
  });

  it('a made-up two-floor home: the stop that reaches the stairs through no wall, not the nearest', () => {
    const plan = readFml(stairsHome()).plan;
    const tour = buildTour(plan);
    const [hal, overloop] = [byName(tour, 'Hal'), byName(tour, 'Overloop')];
    assert.deepEqual(
      acrossFloors(tour).map((l) => [l.from, l.to]),
      [
        [hal.id, overloop.id],
        [overloop.id, hal.id],
      ],
    );
    const [up, down] = acrossFloors(tour) as [TourLink, TourLink];
    // the west rooms' stops are nearer the stairs' north end, but behind the wall
    const keuken = byName(tour, 'Keuken');
    const north = model(STAIRS_HOME.north);
    const south = model(STAIRS_HOME.south);
    assert.ok(Math.hypot(keuken.position[0] - north[0], keuken.position[1] - north[1]) < up.distance);
    assert.deepEqual(up.stair!.at, south, 'the foot: the end the hall reaches');
    assert.deepEqual(down.stair!.at, north, 'the head: the other end');
    assert.ok(angleGap(up.yaw, bearing([hal.position[0], hal.position[1]], south)) < 1);
    checkStairLinks(plan, tour);
    // no link of the west rooms leaves their floor
    assert.ok(!acrossFloors(tour).some((l) => l.from === keuken.id || l.to === keuken.id));
  });

  it('stairs drawn on the lower floor only still lead up; stairs with no floor above link nothing', () => {
    const lower = buildTour(readFml(stairsHome({ upperStairs: false })).plan);
    assert.equal(acrossFloors(lower).length, 2);
    const single = stairsHome();
    single.floors = single.floors.slice(0, 1);
    const alone = buildTour(readFml(single).plan);
    assert.equal(alone.links.filter((l) => l.stair).length, 0);
  });

  it('stairs no stop reaches (walled in) link nothing, and say nothing wrong', () => {
    const walled = stairsHome();
    // a wall right round the staircase on the ground floor
    const box = (a: [number, number], b: [number, number]) => ({
      a: { x: a[0], y: a[1] },
      b: { x: b[0], y: b[1] },
      thickness: 10,
      az: { z: 0, h: 250 },
      bz: { z: 0, h: 250 },
      balance: 0.5,
      openings: [],
    });
    walled.floors[0]!.designs[0]!.walls.push(
      box([415, 90], [520, 90]) as never,
      box([520, 90], [520, 370]) as never,
      box([520, 370], [415, 370]) as never,
    );
    const tour = buildTour(readFml(walled).plan);
    assert.equal(acrossFloors(tour).length, 0);
    assert.deepEqual(tour.problems, []);
  });

  it('a plan with no staircase keeps its floors apart (real project 186997360 names none)', (t) => {
    const root = findRealdata();
    if (!root) return t.skip('the real samples (../shared/realdata) are not present in this checkout');
    const dir = join(root, 'floorplanner', 'fml-json-v3');
    const file = readdirSync(dir).find((f) => f.startsWith('project-186997360-'));
    if (!file) return t.skip('project 186997360 is not among the real samples');
    const plan = readFml(readFileSync(join(dir, file), 'utf8')).plan;
    const stairs = plan.floors.flatMap((f) => f.designs[0]?.stairs ?? []);
    const tour = buildTour(plan);
    if (!stairs.length) {
      // its items carry catalogue hashes only, none named a staircase: nothing to link by
      assert.equal(acrossFloors(tour).length, 0);
      return;
    }
    checkStairLinks(plan, tour);
  });
});
