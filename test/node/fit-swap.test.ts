/**
 * The swap's fit rule (src/features/swap/fit.ts) and its placement (replacement.ts) on a hand-made
 * 600 × 400 room whose numbers are worked out by hand: 20 cm walls on the lines x = 0, 600 and
 * y = 0, 400 (inner faces at 10, 590, 10 and 390), an 82 cm door in the south wall, a sofa with its
 * back on the south wall's face (x 250 … 450), an armchair beside it (x 470 … 550), a rug under it
 * and a lamp standing on it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planGeometry, readModel } from '../../src/model/index.ts';
import type { ModelComponent, Vec2 } from '../../src/model/types.ts';
import { checkFit, doorSwing, footprintOf, overlapDepth, wallOutline } from '../../src/features/swap/fit.ts';
import { anchorOf, placeReplacement, replacementProblem } from '../../src/features/swap/replacement.ts';
import { boxPlan, doorComponent } from '../shared/fixtures.ts';

const piece = (id: string, at: [number, number, number], size: [number, number, number], more = {}) => ({
  type: 'Component',
  ID: id,
  component_id: `product-${id}`,
  position: at,
  rotation: [0, 0, 0],
  bounding_box: [
    [-size[0] / 2, -size[1] / 2, 0],
    [size[0] / 2, size[1] / 2, size[2]],
  ],
  ...more,
});

function room(extra: Record<string, unknown>[] = []) {
  const { model, problems } = readModel({
    plan: boxPlan(600, 400),
    components: [
      // back edge on the south wall's face (y = 10): y 10 … 105, x 250 … 450
      piece('sofa', [350, 57.5, 0], [200, 95, 85]),
      // x 470 … 550, y 20 … 100
      piece('chair', [510, 60, 0], [80, 80, 80]),
      piece('rug', [350, 150, 0], [240, 170, 1]),
      piece('lamp', [430, 57.5, 40], [20, 20, 50], { parentID: 'sofa' }),
      // hinges at the opening's end (x 141), the leaf swinging into the room (+y)
      doorComponent({
        ID: 'door',
        parentID: 'wall0',
        area: 'area0',
        position: [100, 0, 104],
        rotation: [270, 0, 0],
        configuration: { open_direction: 'i', open_side: 'l' },
      }),
      ...extra,
    ],
  });
  assert.deepEqual(
    problems.filter((p) => !p.accepted),
    [],
  );
  return { model, plan: planGeometry(model) };
}

const byId = (components: readonly ModelComponent[], id: string) => components.find((c) => c.id === id)!;

/** Swaps `id` for a product of this size and checks the fit as replaceComponent() does. */
function trySwap(id: string, size: { width: number; depth: number; height: number }, extra = []) {
  const { model, plan } = room(extra);
  const current = byId(model.components, id);
  const placed = placeReplacement(current, { size });
  return {
    placed,
    verdict: checkFit(plan, model.components, id, footprintOf(placed), footprintOf(current)),
  };
}

describe('overlapDepth: the separating-axis penetration depth', () => {
  const square = (x: number, y: number, side: number): Vec2[] => [
    [x, y],
    [x + side, y],
    [x + side, y + side],
    [x, y + side],
  ];
  it('is the least move that separates two overlapping squares', () => {
    assert.equal(overlapDepth(square(0, 0, 10), square(7, 2, 10)), 3);
    assert.equal(overlapDepth(square(0, 0, 10), square(2, 9, 10)), 1);
  });
  it('is 0 for squares that touch or are apart', () => {
    assert.equal(overlapDepth(square(0, 0, 10), square(10, 0, 10)), 0);
    assert.equal(overlapDepth(square(0, 0, 10), square(30, 30, 10)), 0);
  });
  it('sees a diamond corner 2 cm into a square as 2 cm deep', () => {
    // a square turned 45°, its corner at x = 12 reaching into the square x 10 … 20
    const diamond: Vec2[] = [
      [2, 5],
      [7, 0],
      [12, 5],
      [7, 10],
    ];
    assert.ok(Math.abs(overlapDepth(diamond, square(10, -5, 20)) - 2) < 1e-9);
  });
});

describe('footprints, walls and door swings from above', () => {
  it('turns a box by its rotation about z and places it', () => {
    const f = footprintOf({
      position: [100, 50, 10],
      rotation: [0, 0, 90],
      boundingBox: [
        [-20, -5, 0],
        [20, 5, 30],
      ],
    });
    const xs = f.corners.map((c) => Math.round(c[0]));
    const ys = f.corners.map((c) => Math.round(c[1]));
    assert.deepEqual([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)], [95, 105, 30, 70]);
    assert.deepEqual([f.bottom, f.top], [10, 40]);
  });
  it('widens a wall by half its thickness each side', () => {
    assert.deepEqual(wallOutline([0, 0], [600, 0], 20), [
      [0, 10],
      [0, -10],
      [600, -10],
      [600, 10],
    ]);
  });
  it("draws the door's quarter-disc from its hinge on the wall face", () => {
    const { plan } = room();
    const wall = plan.walls.find((w) => w.name === 'wall0')!;
    const door = wall.openings[0]!;
    assert.equal(door.swingSide, 1);
    assert.equal(door.hinge, 'end');
    const swing = doorSwing(wall.start, wall.end, wall.thickness, door);
    // the hinge at x 100 + 41 on the face y = 10; closed towards x = 59, open to y = 92
    assert.deepEqual(swing[0], [141, 10]);
    assert.ok(Math.hypot(swing[1]![0] - 59, swing[1]![1] - 10) < 1e-9);
    assert.ok(Math.hypot(swing.at(-1)![0] - 141, swing.at(-1)![1] - 92) < 1e-9);
  });
});

describe('placeReplacement keeps the anchor, the facing and the bottom', () => {
  it('keeps the back edge centre on the wall and grows into the room', () => {
    const { model } = room();
    const sofa = byId(model.components, 'sofa');
    assert.deepEqual(anchorOf(sofa), [0, -47.5, 0]);
    const placed = placeReplacement(sofa, {
      componentId: 'new-sofa',
      size: { width: 260, depth: 110, height: 70 },
      category: 'Sofa',
    });
    assert.deepEqual(placed.position, sofa.position);
    assert.deepEqual(placed.rotation, sofa.rotation);
    assert.deepEqual(placed.boundingBox, [
      [-130, -47.5, 0],
      [130, 62.5, 70],
    ]);
    assert.equal(placed.id, 'sofa');
    assert.equal(placed.componentId, 'new-sofa');
    const f = footprintOf(placed);
    // the back still on the wall's face (y = 10), the front 110 cm out
    assert.deepEqual(
      [Math.min(...f.corners.map((c) => c[1])), Math.max(...f.corners.map((c) => c[1]))],
      [10, 120],
    );
  });
  it('says what is wrong with a replacement that has no size', () => {
    assert.match(replacementProblem({})!, /size/);
    assert.match(replacementProblem({ size: { width: 100, depth: 0, height: 80 } })!, /depth/);
    assert.match(replacementProblem({ size: { width: 100, depth: 50, height: 'tall' } })!, /height/);
    assert.match(replacementProblem(null)!, /object/);
    assert.equal(replacementProblem({ size: { width: 100, depth: 50, height: 80 } }), undefined);
  });
});

describe('checkFit', () => {
  it('takes a sofa that fits', () => {
    // x 310 … 390: clear of the chair (470) and the door (141)
    assert.deepEqual(trySwap('sofa', { width: 80, depth: 95, height: 85 }).verdict, { fits: true });
  });
  it('refuses a sofa that crosses a wall: collision, 10 cm into the east wall', () => {
    // the chair out of the way: width 500 spans x 100 … 600, 10 cm into the east wall (x 590 … 610);
    // walls are checked before the door swing it also reaches
    const { model, plan } = room();
    const others = model.components.filter((c) => c.id !== 'chair');
    const sofa = byId(others, 'sofa');
    const placed = placeReplacement(sofa, { size: { width: 500, depth: 95, height: 85 } });
    const verdict = checkFit(plan, others, 'sofa', footprintOf(placed), footprintOf(sofa));
    assert.equal(verdict.fits, false);
    if (verdict.fits) return;
    assert.equal(verdict.reason, 'collision');
    assert.equal(verdict.against, 'wall1');
    assert.equal(verdict.depth, 10);
  });
  it('refuses a cabinet that blocks the door: door', () => {
    // a cabinet 60 wide, 40 deep at x 180 (x 150 … 210), its back 20 cm off the wall (y 30 … 70)
    const cabinet = piece('cabinet', [180, 50, 0], [60, 40, 90]);
    assert.deepEqual(trySwap('cabinet', { width: 60, depth: 40, height: 90 }, [cabinet] as never).verdict, {
      fits: true,
    });
    // 120 wide: x 120 … 240, into the swing (the hinge at x 141, 82 cm leaf)
    const { verdict } = trySwap('cabinet', { width: 120, depth: 40, height: 90 }, [cabinet] as never);
    assert.equal(verdict.fits, false);
    if (!verdict.fits) {
      assert.equal(verdict.reason, 'door');
      assert.equal(verdict.against, 'door');
      // the least move out: 21 cm to the right (x 120 → 141, the hinge's x)
      assert.ok(Math.abs(verdict.depth - 21) < 1e-9);
    }
    // 76 wide: x 142 … 218, 1 cm clear of the hinge's x = 141: fits
    assert.deepEqual(trySwap('cabinet', { width: 76, depth: 40, height: 90 }, [cabinet] as never).verdict, {
      fits: true,
    });
  });
  it('refuses a sofa that overlaps a neighbour by more than 1 cm: overlap', () => {
    // the chair starts at x 470. Width 242: x 229 … 471, 1 cm into it: fits; 244: 2 cm: refused
    assert.deepEqual(trySwap('sofa', { width: 242, depth: 95, height: 85 }).verdict, { fits: true });
    const { verdict } = trySwap('sofa', { width: 244, depth: 95, height: 85 });
    assert.deepEqual(verdict, { fits: false, reason: 'overlap', against: 'chair', depth: 2 });
  });
  it('ignores the rug under the sofa (1 cm high) and the lamp standing on it', () => {
    // 150 cm deep: over the rug (y 65 … 235); the lamp on it is its own business
    assert.deepEqual(trySwap('sofa', { width: 200, depth: 150, height: 85 }).verdict, { fits: true });
  });
  it('does not hold what the piece already overlaps against a replacement no deeper into it', () => {
    // a sofa drawn 3 cm into the north wall (turned to face south: its back at y = 393)
    const sunk = piece('sunk', [300, 363, 0], [100, 60, 80], { rotation: [0, 0, 180] });
    const { model, plan } = room([sunk]);
    const current = byId(model.components, 'sunk');
    const others = model.components.map((c) => (c.id === 'sunk' ? current : c));
    const same = placeReplacement(current, { size: { width: 100, depth: 80, height: 80 } });
    assert.deepEqual(checkFit(plan, others, 'sunk', footprintOf(same), footprintOf(current)), { fits: true });
    // but a new piece there would be refused
    const verdict = checkFit(plan, others, 'sunk', footprintOf(same));
    assert.equal(verdict.fits ? '' : verdict.reason, 'collision');
  });
});
