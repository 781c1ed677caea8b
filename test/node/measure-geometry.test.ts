import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planGeometry, readModel, type Vec2 } from '../../src/model/index.ts';
import { snapPoint, wallAt, wallLength } from '../../src/elements/room-plan/features/snap.ts';
import { modelPointAt } from '../../src/elements/room-plan/view-box.ts';
import { wallsToLower } from '../../src/three/cutaway.ts';
import { boxPlan } from '../shared/fixtures.ts';

/** A 400 × 300 cm room, walls 20 cm thick. */
const plan = planGeometry(readModel({ plan: boxPlan(400, 300) }).model);
const wallAlong = (from: Vec2, to: Vec2) =>
  plan.walls.findIndex(
    (w) =>
      Math.hypot(w.start[0] - from[0], w.start[1] - from[1]) < 1 &&
      Math.hypot(w.end[0] - to[0], w.end[1] - to[1]) < 1,
  );
const south = wallAlong([0, 0], [400, 0]);
const north = wallAlong([400, 300], [0, 300]);

describe('measuring on the plan (room-plan/features/snap.ts)', () => {
  it('snaps to a wall end within 10 px, favouring the end over its footprint corners', () => {
    // 2 cm a pixel: the end (0, 0) is 3 px away, a footprint corner (10, 10) about 5 px
    assert.deepEqual(snapPoint(plan, [4, 4], 2), { point: [0, 0], snapped: true });
    // 30 px away from every end and corner, 1 px off the inner face of the south wall (y = 10)
    const edge = snapPoint(plan, [200, 12], 2);
    assert.equal(edge.snapped, true);
    assert.deepEqual(edge.point, [200, 10]);
    // nothing near: the point stays
    assert.deepEqual(snapPoint(plan, [200, 150], 2), { point: [200, 150], snapped: false });
  });

  it('finds the wall under the pointer and its length end to end', () => {
    assert.equal(wallAt(plan, [200, 0], 4), south);
    assert.equal(wallAt(plan, [200, 13], 4), south);
    assert.equal(wallAt(plan, [200, 150], 4), -1);
    assert.equal(wallLength(plan.walls[south]!), 400);
  });

  it('turns a client pixel into a model point (y flipped) with the scale', () => {
    // a 400 × 300 box showing the viewBox (0, -300)–(400, 0) at 1 cm a pixel
    const { point, perPixel } = modelPointAt(
      { x: 0, y: -300, width: 400, height: 300 },
      { left: 10, top: 20, width: 400, height: 300 },
      110,
      70,
    );
    assert.deepEqual(point, [100, 250]);
    assert.equal(perPixel, 1);
  });
});

describe('the cutaway (cutaway.ts): which walls go down', () => {
  it('lowers the wall between the camera and the target, only that one', () => {
    assert.deepEqual(wallsToLower(plan.walls, [200, -600], [200, 150]), [south]);
    assert.deepEqual(wallsToLower(plan.walls, [200, 900], [200, 150]), [north]);
    // from the south-west corner, both near walls
    assert.deepEqual(
      wallsToLower(plan.walls, [-500, -500], [200, 150]).sort(),
      [south, wallAlong([0, 300], [0, 0])].sort(),
    );
    // inside the room, looking at its middle: none
    assert.deepEqual(wallsToLower(plan.walls, [100, 100], [200, 150]), []);
  });
});
