import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatArea,
  formatLength,
  planGeometry,
  pointInRing,
  readModel,
  signedArea,
  totalFloorArea,
  wallFootprints,
  type PlanGeometry,
  type RoomModel,
  type Vec2,
} from '../../src/model/index.ts';
import { loadRealRoom } from './helpers/real-sample.ts';
import { boxPlan, doorComponent } from '../shared/fixtures.ts';

const real = loadRealRoom();

function realPlan(): { model: RoomModel; plan: PlanGeometry } {
  const { model } = readModel(real.room);
  return { model, plan: planGeometry(model) };
}

const covered = (p: Vec2, rings: Vec2[][]) => rings.some((ring) => pointInRing(p, ring));

describe('planGeometry on the real sample (room 6346838)', () => {
  it('gives 52 wall footprints, counter-clockwise, about length × thickness each', (t) => {
    if (real.skip) return t.skip(real.skip);
    const { plan } = realPlan();
    assert.equal(plan.walls.length, 52);
    for (const wall of plan.walls) {
      const area = signedArea(wall.polygon);
      const length = Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]);
      assert.ok(area > 0, `${wall.name} is counter-clockwise`);
      // joins add or remove at most a half-thickness square at each end
      const nominal = length * wall.thickness;
      const slack = wall.thickness * wall.thickness;
      assert.ok(Math.abs(area - nominal) <= slack + 1e-6, `${wall.name}: ${area} vs ${nominal}`);
      for (const [x, y] of wall.polygon) assert.ok(Number.isFinite(x) && Number.isFinite(y));
    }
  });

  it('puts each of the 21 doors and windows into the wall its parentID names', (t) => {
    if (real.skip) return t.skip(real.skip);
    const { model, plan } = realPlan();
    assert.equal(plan.unplacedOpenings, undefined);
    const openings = plan.walls.flatMap((w) => w.openings.map((o) => ({ wall: w, o })));
    assert.equal(openings.length, 21);
    for (const { wall, o } of openings) {
      const component = model.components.find((c) => c.id === o.componentId)!;
      assert.equal(wall.name, `wall${component.parentId}`, o.componentId);
      assert.equal(o.assignedBy, 'parent');
      const length = Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]);
      assert.ok(o.offset - o.width / 2 >= -1e-9 && o.offset + o.width / 2 <= length + 1e-9, o.componentId);
      // the opening's centre is where the component stands
      const d = [(wall.end[0] - wall.start[0]) / length, (wall.end[1] - wall.start[1]) / length];
      const x = wall.start[0] + d[0]! * o.offset;
      const y = wall.start[1] + d[1]! * o.offset;
      assert.ok(Math.hypot(x - component.position[0], y - component.position[1]) < 0.01, o.componentId);
    }
    const doors = openings.filter(({ o }) => o.kind === 'door');
    assert.equal(doors.length, 8);
    for (const { o } of doors) {
      assert.equal(o.bottom, 0);
      assert.ok(o.top === 208 || Math.abs(o.top - 230) < 1e-6, `${o.componentId}: top ${o.top}`);
      assert.ok(o.swingSide === 1 || o.swingSide === -1);
      assert.ok(o.hinge === 'start' || o.hinge === 'end');
    }
    assert.equal(openings.filter(({ o }) => o.kind === 'window').length, 13);
    assert.equal(plan.walls.find((w) => w.name === 'wall59')!.openings.length, 12);
  });

  it('swings each door into the area it names (open_direction "i" or none)', (t) => {
    if (real.skip) return t.skip(real.skip);
    const { model, plan } = realPlan();
    for (const wall of plan.walls) {
      for (const o of wall.openings.filter((x) => x.kind === 'door')) {
        const area = plan.areas.find((a) => a.name === o.area)!;
        const length = Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]);
        const d = [(wall.end[0] - wall.start[0]) / length, (wall.end[1] - wall.start[1]) / length] as const;
        const reach = (wall.thickness / 2 + 20) * o.swingSide!;
        const probe: Vec2 = [
          wall.start[0] + d[0] * o.offset - d[1] * reach,
          wall.start[1] + d[1] * o.offset + d[0] * reach,
        ];
        const direction = model.components.find((c) => c.id === o.componentId)!.configuration?.open_direction;
        assert.ok(direction === 'i' || direction === undefined, `${o.componentId} opens inward`);
        assert.ok(pointInRing(probe, area.polygon), `${o.componentId} swings into ${o.area}`);
      }
    }
  });

  it('gives 10 areas with positive floor areas, nesting and labels inside', (t) => {
    if (real.skip) return t.skip(real.skip);
    const { plan } = realPlan();
    assert.equal(plan.areas.length, 10);
    const byName = Object.fromEntries(plan.areas.map((a) => [a.name, a]));
    for (const a of plan.areas) {
      assert.ok(a.area > 0, a.name);
      assert.equal(a.area, Math.abs(signedArea(a.polygon)));
      assert.ok(signedArea(a.polygon) > 0, `${a.name} counter-clockwise`);
      assert.ok(pointInRing(a.labelPoint, a.polygon), `${a.name}: label inside`);
    }
    // area6 (living space) holds the corridor area1 and the bedroom area4 (they share its outline)
    assert.equal(byName.area6!.depth, 0);
    assert.equal(byName.area1!.depth, 1);
    assert.equal(byName.area4!.depth, 1);
    assert.deepEqual(
      plan.areas
        .filter((a) => a.depth === 0)
        .map((a) => a.name)
        .sort(),
      ['area0', 'area2', 'area3', 'area5', 'area6', 'area7', 'area8', 'area9'],
    );
    // the outer area's label sits in its own part, not on the areas inside it
    assert.ok(!pointInRing(byName.area6!.labelPoint, byName.area1!.polygon));
    assert.ok(!pointInRing(byName.area6!.labelPoint, byName.area4!.polygon));
    assert.equal(formatArea(byName.area6!.area), '81.7 m²');
    assert.equal(formatArea(byName.area4!.area), '6.5 m²');
    assert.equal(formatArea(totalFloorArea(plan)), '110.8 m²');
  });

  it('bounds the plan by the outer faces of its walls', (t) => {
    if (real.skip) return t.skip(real.skip);
    const { model, plan } = realPlan();
    const xs = model.points.map((p) => p[0]);
    const ys = model.points.map((p) => p[1]);
    // outer walls are 30 cm thick (15 each side), the north wall 17
    assert.ok(Math.abs(plan.bounds.min[0] - (Math.min(...xs) - 15)) < 1e-6);
    assert.ok(Math.abs(plan.bounds.max[0] - (Math.max(...xs) + 15)) < 1e-6);
    assert.ok(Math.abs(plan.bounds.min[1] - (Math.min(...ys) - 15)) < 1e-6);
    assert.ok(Math.abs(plan.bounds.max[1] - (Math.max(...ys) + 8.5)) < 1e-6);
    assert.equal(plan.height, 250);
    assert.equal(formatLength(plan.bounds.max[0] - plan.bounds.min[0]), '15.41 m');
  });
});

describe('planGeometry joins and openings on small plans', () => {
  const square = (thickness: number): Vec2[][] =>
    wallFootprints(
      [
        [0, 0, 400, 0],
        [400, 0, 400, 300],
        [400, 300, 0, 300],
        [0, 300, 0, 0],
      ].map(([a, b, c, d]) => ({ start: [a, b] as Vec2, end: [c, d] as Vec2, thickness })),
    );

  it('mitres the corners of a closed room: footprints tile the wall band exactly', () => {
    const rings = square(20);
    const total = rings.reduce((s, r) => s + signedArea(r), 0);
    assert.equal(Math.round(total), 420 * 320 - 380 * 280);
    assert.ok(
      rings[0]!.some(([x, y]) => x === -10 && y === -10),
      'outer corner reached',
    );
    assert.ok(
      rings[0]!.some(([x, y]) => x === 10 && y === 10),
      'inner corner reached',
    );
  });

  it('leaves no hole at a T-join and keeps collinear walls flush', () => {
    const rings = wallFootprints([
      { start: [0, 0], end: [200, 0], thickness: 10 },
      { start: [-200, 0], end: [0, 0], thickness: 10 },
      { start: [0, 0], end: [0, 150], thickness: 10 },
    ]);
    for (let x = -4.5; x <= 4.5; x += 1) {
      for (let y = -4.5; y <= 4.5; y += 1) assert.ok(covered([x, y], rings), `(${x}, ${y}) covered`);
    }
    for (const ring of rings) for (const [, y] of ring) assert.ok(y >= -5 - 1e-9, 'nothing pokes out below');
    const straight = wallFootprints([
      { start: [0, 0], end: [100, 0], thickness: 10 },
      { start: [100, 0], end: [200, 0], thickness: 10 },
    ]);
    assert.equal(Math.max(...straight[0]!.map((p) => p[0])), 100);
    assert.equal(Math.min(...straight[1]!.map((p) => p[0])), 100);
  });

  it('cuts a very sharp corner square instead of a long spike', () => {
    const rings = wallFootprints([
      { start: [0, 0], end: [300, 0], thickness: 20 },
      { start: [0, 0], end: [300, 10], thickness: 20 },
    ]);
    for (const ring of rings) for (const [x] of ring) assert.ok(x >= -20, `no spike (x ${x})`);
  });

  function roomWith(components: unknown[]) {
    const plan = boxPlan(400, 300);
    plan.points.push([0, 100], [150, 100], [150, 0]);
    // an L-shaped area: its centroid is near the inner corner, the label must be well inside
    plan.areas.area1 = { indices: [4, 5, 6, 1, 2, 3], name: 'Living' };
    return readModel({ plan, components }).model;
  }
  const door = (extra: Record<string, unknown>) =>
    doorComponent({
      ID: 'd',
      position: [200, 0, 104],
      configuration: { open_direction: 'i', open_side: 'l' },
      area: 'area0',
      ...extra,
    });

  it('projects an opening whose parentID names no wall onto the nearest wall, and reports the lost ones', () => {
    const model = roomWith([
      door({ parentID: '77' }),
      door({ ID: 'far', position: [200, 150, 104] }),
      door({ ID: 'east', parentID: null, position: [404, 150, 104] }),
    ]);
    const plan = planGeometry(model);
    const south = plan.walls.find((w) => w.name === 'wall0')!;
    assert.equal(south.openings.length, 1);
    assert.equal(south.openings[0]!.assignedBy, 'nearest');
    assert.equal(south.openings[0]!.offset, 200);
    assert.equal(plan.walls.find((w) => w.name === 'wall1')!.openings[0]!.componentId, 'east');
    assert.deepEqual(plan.unplacedOpenings, ['far']);
  });

  it('takes a parentID that lies far from its wall as wrong and uses the position', () => {
    const plan = planGeometry(roomWith([door({ parentID: '2' })]));
    assert.equal(plan.walls.find((w) => w.name === 'wall2')!.openings.length, 0);
    assert.equal(plan.walls.find((w) => w.name === 'wall0')!.openings.length, 1);
  });

  it('swings a door inward or outward and puts the hinges on the side open_side names', () => {
    const inward = planGeometry(roomWith([door({ parentID: '0' })])).walls[0]!.openings[0]!;
    // wall0 runs +x; the room (area0) is on its left (+y) side
    assert.equal(inward.swingSide, 1);
    assert.equal(inward.hinge, 'end');
    const outward = planGeometry(
      roomWith([door({ parentID: '0', configuration: { open_direction: 'o', open_side: 'r' } })]),
    ).walls[0]!.openings[0]!;
    assert.equal(outward.swingSide, -1);
    assert.equal(outward.hinge, 'end');
  });

  it('clamps an opening wider than its wall or hanging past its end', () => {
    const plan = planGeometry(
      roomWith([
        door({ parentID: '1', position: [400, 10, 104], aperture: { bounds: [82, 208] } }),
        door({ ID: 'wide', parentID: '0', aperture: { bounds: [900, 208] } }),
      ]),
    );
    const east = plan.walls.find((w) => w.name === 'wall1')!.openings[0]!;
    assert.equal(east.offset, 41);
    const wide = plan.walls.find((w) => w.name === 'wall0')!.openings[0]!;
    assert.equal(wide.width, 400);
    assert.equal(wide.offset, 200);
  });

  it('labels an L-shaped area well inside it and names it when the model does', () => {
    const plan = planGeometry(roomWith([]));
    const living = plan.areas.find((a) => a.name === 'area1')!;
    assert.equal(living.label, 'Living');
    assert.equal(living.area, 400 * 300 - 150 * 100);
    assert.ok(pointInRing(living.labelPoint, living.polygon));
    // at least 90 cm from every edge (the widest circle in this L has radius 100)
    const [x, y] = living.labelPoint;
    assert.ok(y >= 100 - 1 || x >= 150 + 90, `label at ${x}, ${y}`);
    assert.ok(Math.min(x, 400 - x, 300 - y) >= 90, `label at ${x}, ${y}`);
    assert.equal(living.depth, 1, 'inside area0');
  });

  it('gives empty bounds and no throw for an empty model', () => {
    const plan = planGeometry(readModel({ plan: { points: [], walls: {}, areas: {} } }).model);
    assert.deepEqual(plan.bounds, { min: [0, 0], max: [0, 0] });
    assert.deepEqual(plan.walls, []);
  });

  it('formats areas and lengths in metric and imperial units', () => {
    assert.equal(formatArea(120_000, 'metric'), '12.0 m²');
    assert.equal(formatArea(120_000, 'imperial'), '129 ft²');
    assert.equal(formatArea(120_000, 'metric', 'nl'), '12,0 m²');
    assert.equal(formatLength(1179.5, 'metric'), '11.80 m');
    assert.equal(formatLength(1179.5, 'imperial'), '38′ 8″');
  });
});
