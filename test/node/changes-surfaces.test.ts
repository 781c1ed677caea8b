/**
 * Surfaces as the change log holds them (src/features/changes/surface-value.ts): ids, values checked
 * before anything is touched, the description's list; and the paint and floor m² per material
 * (src/features/quantities/surface-quantities.ts) on a hand-made room whose figures are worked out here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChangeRefused } from '../../src/features/changes/change-log.ts';
import {
  areaOfSurface,
  checkSurface,
  parseSurfaceId,
  sideOf,
  surfacesOf,
  surfaceValue,
  wallFaceEnds,
} from '../../src/features/changes/surface-value.ts';
import { surfaceQuantities } from '../../src/features/quantities/surface-quantities.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { boxPlan, doorComponent } from '../shared/fixtures.ts';

/** A stand-in for the page's CSS engine: named colours and #rrggbb only. */
const colours = (value: string): [number, number, number] | undefined =>
  ({ red: [255, 0, 0] as [number, number, number] })[value] ??
  (/^#[0-9a-f]{6}$/i.test(value)
    ? ([1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number])
    : undefined);

/** 400 × 300 cm, walls 20 cm thick and 250 cm high, a door 82 × 208 in wall0; an inner room 100 × 100. */
function room() {
  const plan = boxPlan(400, 300, { wall: 'white', floor: 'oak', ceiling: 'plaster' });
  (plan.points as number[][]).push([100, 100], [200, 100], [200, 200], [100, 200]);
  (plan.areas as Record<string, unknown>).inner = { indices: [4, 5, 6, 7], floor_material: 'tiles' };
  const { model } = readModel({
    plan,
    components: [doorComponent({ ID: 'door', parentID: 'wall0', position: [200, 0, 104] })],
  });
  return planGeometry(model);
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ChangeRefused, String(error));
    return error.reason;
  }
  assert.fail('not refused');
};

describe('surface ids and values', () => {
  it('reads ids (ids may hold colons) and refuses anything else', () => {
    assert.deepEqual(parseSurfaceId('wall:w:1:left'), { kind: 'wall', id: 'w:1', side: 'left' });
    assert.deepEqual(parseSurfaceId('area:a:ceiling'), { kind: 'area', id: 'a', face: 'ceiling' });
    for (const bad of ['wall:w:top', 'area:a:wall', 'floor', '', 42, null, `wall:${'x'.repeat(600)}:left`])
      assert.equal(parseSurfaceId(bad), undefined, String(bad));
    const plan = room();
    assert.equal(checkSurface(plan, 'wall:wall0:right').kind, 'wall');
    assert.equal(
      refusal(() => checkSurface(plan, 'wall:nope:left')),
      'unknown-target',
    );
    assert.equal(
      refusal(() => checkSurface(plan, 'area:area0:roof')),
      'unknown-target',
    );
  });

  it('makes values the log keeps: #rrggbb colours, absolute http(s) textures with a tile size', () => {
    assert.deepEqual(surfaceValue({ color: 'red' }, colours), { color: '#ff0000' });
    assert.equal(surfaceValue(null, colours), null);
    assert.deepEqual(
      surfaceValue({ texture: 'https://cdn.example/oak.jpg', tileSize: 20, rotation: -90 }, colours),
      {
        texture: 'https://cdn.example/oak.jpg',
        tileSize: 20,
        rotation: 270,
      },
    );
    assert.deepEqual(surfaceValue({ texture: 'https://cdn.example/oak.jpg' }, colours), {
      texture: 'https://cdn.example/oak.jpg',
      tileSize: 100,
      rotation: 0,
    });
    for (const bad of [
      { color: 'reddish' },
      { color: 3 },
      { texture: 'data:image/png;base64,AAAA' },
      { texture: 'javascript:alert(1)' },
      { texture: 'https://cdn.example/a.jpg', tileSize: 0 },
      { texture: 'https://cdn.example/a.jpg', tileSize: Number.NaN },
      { texture: 'https://cdn.example/a.jpg', rotation: Infinity },
      { colour: 'red' },
      'red',
      undefined,
    ])
      assert.equal(
        refusal(() => surfaceValue(bad, colours)),
        'bad-value',
        JSON.stringify(bad),
      );
  });

  it('names the faces: left walking from start to end; lists every surface for the description', () => {
    const plan = room();
    const wall0 = plan.walls.find((w) => w.name === 'wall0')!; // (0,0) → (400,0): left is +y, inside
    assert.equal(sideOf(wall0, [200, 5]), 'left');
    assert.equal(sideOf(wall0, [200, -5]), 'right');
    const [a, b] = wallFaceEnds(wall0, 'left');
    assert.ok(Math.abs(a[1] - 10) < 1e-6 && Math.abs(b[1] - 10) < 1e-6, `inner face at y 10: ${a} ${b}`);
    assert.equal(areaOfSurface(plan, { kind: 'wall', id: 'wall0', side: 'left' })?.name, 'area0');
    assert.equal(areaOfSurface(plan, { kind: 'wall', id: 'wall0', side: 'right' }), undefined);
    const list = surfacesOf(plan);
    assert.equal(list.length, 2 * plan.areas.length + 2 * plan.walls.length);
    assert.deepEqual(list[0], { surface: 'area:area0:floor', area: 0, face: 'floor' });
  });
});

describe('paint and floor m² per material', () => {
  it('sums wall faces net of openings and floors net of the areas inside them', () => {
    const plan = room();
    const q = surfaceQuantities(plan);
    const faces = (name: string, side: 'left' | 'right') => {
      const [a, b] = wallFaceEnds(
        plan.walls.find((w) => w.name === name)!,
        side,
      );
      return Math.hypot(b[0] - a[0], b[1] - a[1]);
    };
    let walls = 0;
    for (const w of plan.walls)
      for (const side of ['left', 'right'] as const) walls += faces(w.name, side) * 250;
    // the door (82 × 208) comes off both faces of wall0
    walls -= 2 * 82 * 208;
    assert.equal(q.walls.length, 1);
    assert.equal(q.walls[0]!.material, 'white');
    assert.ok(Math.abs(q.walls[0]!.area - walls / 10_000) < 1e-9, `${q.walls[0]!.area} vs ${walls / 10_000}`);
    assert.equal(q.walls[0]!.surfaces.length, 8);
    // the outer area's own floor is its polygon less the inner room's 1 m²
    const outer = plan.areas.find((a) => a.name === 'area0')!.area / 10_000;
    assert.deepEqual(
      q.floors.map((f) => [f.material, +f.area.toFixed(6)]),
      [
        ['oak', +(outer - 1).toFixed(6)],
        ['tiles', 1],
      ],
    );
    assert.deepEqual(
      q.ceilings.map((f) => f.material),
      ['plaster', ''],
    );
  });

  it('counts a changed surface under its change, the rest under the model', () => {
    const plan = room();
    const q = surfaceQuantities(
      plan,
      new Map([
        ['wall:wall1:left', { color: '#336699' }],
        ['area:inner:floor', { texture: 'https://cdn.example/oak.jpg', tileSize: 20, rotation: 0 }],
      ]),
    );
    const paint = q.walls.find((m) => m.material === '#336699')!;
    assert.equal(paint.source, 'changed');
    assert.deepEqual(paint.surfaces, ['wall:wall1:left']);
    const [a, b] = wallFaceEnds(
      plan.walls.find((w) => w.name === 'wall1')!,
      'left',
    );
    assert.ok(Math.abs(paint.area - (Math.hypot(b[0] - a[0], b[1] - a[1]) * 250) / 10_000) < 1e-9);
    assert.deepEqual(
      q.floors.map((f) => [f.material, f.source]),
      [
        ['oak', 'model'],
        ['https://cdn.example/oak.jpg', 'changed'],
      ],
    );
  });
});
