import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planGeometry, readModel } from '../../src/model/index.ts';
import type { RoomModel, Vec2, Vec3 } from '../../src/model/types.ts';
import { MODEL_LIMITS } from '../../src/model/read/reader.ts';
import { SpatialIndex } from '../../src/model/spatial-index.ts';
import { nestedRingsModel } from '../shared/fixtures.ts';
import { assertPaced } from './helpers/pace.ts';

/** A street grid of `n` walls (each 300 cm), a door in every wall, points shared at the crossings. */
function gridModel(n: number, doors = n) {
  const side = Math.ceil(Math.sqrt(n / 2)) + 1;
  const points: Vec2[] = [];
  for (let y = 0; y <= side; y++) for (let x = 0; x <= side; x++) points.push([x * 300, y * 300]);
  const at = (x: number, y: number) => y * (side + 1) + x;
  const walls: Record<string, unknown> = {};
  const components: unknown[] = [];
  let count = 0;
  for (let y = 0; y <= side && count < n; y++) {
    for (let x = 0; x < side && count < n; x++, count++) {
      walls[`wall${count}`] = { indices: [at(x, y), at(x + 1, y)], thickness: 10 };
      if (count < doors)
        components.push({
          id: `d${count}`,
          type: 'ArchitecturalComponent',
          category: 'doors',
          parentID: String(count),
          position: [x * 300 + 150, y * 300, 104],
          rotation: [0, 0, 0],
          bounding_box: [
            [-40, -5, -104],
            [40, 5, 104],
          ],
        });
    }
  }
  for (let x = 0; x <= side && count < n; x++) {
    for (let y = 0; y < side && count < n; y++, count++) {
      walls[`wall${count}`] = { indices: [at(x, y), at(x, y + 1)], thickness: 10 };
      // no parentID: placed by the nearest wall, through the spatial index
      if (count < doors)
        components.push({
          id: `d${count}`,
          type: 'ArchitecturalComponent',
          category: 'windows',
          position: [x * 300, y * 300 + 150, 150],
          rotation: [0, 0, 0],
          bounding_box: [
            [-40, -5, -50],
            [40, 5, 50],
          ],
        });
    }
  }
  return { plan: { height: 250, points, walls, areas: {} }, components };
}

/** gridModel(n) as readModel would give it were the caps higher (plan geometry must hold on its own). */
function planModel(n: number): RoomModel {
  const raw = gridModel(n);
  const points = raw.plan.points;
  const walls = Object.entries(raw.plan.walls).map(([name, w]) => {
    const [a, b] = (w as { indices: [number, number] }).indices;
    return { name, a, b, thickness: 10 };
  });
  const components = raw.components.map((c) => {
    const d = c as {
      id: string;
      category: string;
      parentID?: string;
      position: Vec3;
      bounding_box: [Vec3, Vec3];
    };
    return {
      id: d.id,
      kind: d.category === 'doors' ? ('door' as const) : ('window' as const),
      position: d.position,
      rotation: [0, 0, 0] as Vec3,
      boundingBox: d.bounding_box,
      parentId: d.parentID ?? null,
    };
  });
  return { height: 250, points, walls, areas: [], materials: {}, components };
}

describe('room models of hostile size', () => {
  it('keeps at most MODEL_LIMITS of each list and says what it left out', () => {
    const { model, problems, drawable } = readModel(gridModel(MODEL_LIMITS.walls + 500, 0));
    assert.ok(drawable);
    assert.equal(model.walls.length, MODEL_LIMITS.walls);
    assert.ok(problems.some((p) => p.path === 'plan.walls' && /only the first 2000/.test(p.message)));
    const many = readModel({
      ...gridModel(10, 0),
      components: new Array(MODEL_LIMITS.components + 1).fill({}),
    });
    assert.ok(many.problems.some((p) => p.path === 'components' && /only the first/.test(p.message)));
  });

  it('keeps at most MODEL_LIMITS.openings doors and windows, furniture apart', () => {
    const { model, problems } = readModel(gridModel(MODEL_LIMITS.walls + 100, MODEL_LIMITS.walls + 100));
    assert.equal(model.components.length, MODEL_LIMITS.openings);
    assert.ok(problems.some((p) => p.path === 'components' && /doors, windows/.test(p.message)));
  });

  it('places 20 000 openings into 20 000 walls without quadratic work (geometry past the read caps)', () => {
    // the model as readModel would give it were the caps higher: plan geometry must hold on its own
    const model = planModel(20_000);
    const started = performance.now();
    const plan = planGeometry(model);
    const ms = performance.now() - started;
    assert.equal(plan.walls.length, 20_000);
    const openings = plan.walls.reduce((sum, w) => sum + w.openings.length, 0);
    assert.equal(openings, 20_000, 'every door and window found its wall');
    assert.equal(plan.unplacedOpenings, undefined);
    // the pairwise version took 5.7 s for this; over the quiet bound, against a tenth of the work timed now
    // (linear work: ~10x; the pairwise version: ~100x)
    const tenth = planModel(2_000);
    assertPaced(ms, {
      quietBound: 4000,
      baseline: () => planGeometry(tenth),
      ratio: 30,
      what: 'planGeometry',
    });
  });

  it('the spatial index finds exactly the boxes that overlap, wide ones included', () => {
    const boxes = [
      { minX: 0, minY: 0, maxX: 10, maxY: 10 },
      { minX: 100, minY: 100, maxX: 110, maxY: 110 },
      { minX: -1000, minY: 50, maxX: 1000, maxY: 51 }, // across everything
      { minX: Number.NaN, minY: 0, maxX: 1, maxY: 1 }, // garbage: never found
    ];
    const index = new SpatialIndex(boxes, (b) => b);
    assert.deepEqual(index.search({ minX: 5, minY: 5, maxX: 5, maxY: 5 }), [boxes[0]]);
    assert.deepEqual(index.search({ minX: 0, minY: 40, maxX: 200, maxY: 60 }), [boxes[2]]);
    assert.equal(index.search({ minX: -5000, minY: -5000, maxX: 5000, maxY: 5000 }).length, 3);
    assert.deepEqual(index.search({ minX: 500, minY: 500, maxX: 600, maxY: 600 }), []);
  });
  it('nested many-vertex areas: 8 rings of 2 000 vertices work out in well under a second, nested', () => {
    // issue 22 finding 2: every vertex of each area against every edge of each larger one (and the
    // label search over all of them) took 39 s here; now a bounded sample and coarse outlines
    const started = performance.now();
    const { model, problems } = readModel(nestedRingsModel(8, 2000));
    const plan = planGeometry(model);
    const ms = performance.now() - started;
    console.log(`[hostile] 8 nested rings of 2 000 vertices: readModel + planGeometry ${Math.round(ms)} ms`);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      plan.areas.map((a) => a.depth),
      [0, 1, 2, 3, 4, 5, 6, 7],
    );
    // each label lies in its ring's band: between its own outline and the next one in
    plan.areas.forEach((area, k) => {
      const r = Math.hypot(...area.labelPoint);
      assert.ok(r <= 5000 - k * 90 && (k === 7 || r >= 5000 - (k + 1) * 90 - 1), `ring ${k} label at ${r}`);
    });
    // a generous guard (several times the figure on a loaded 2-core machine), not the goal; over it,
    // against one ring of the same size timed now (the pairwise version grew with the square of the rings)
    assertPaced(ms, {
      quietBound: 8000,
      baseline: () => planGeometry(readModel(nestedRingsModel(1, 2000)).model),
      ratio: 40,
      what: 'readModel + planGeometry of 8 nested rings',
    });
  });

  it('caps the vertices of one area and of all areas, and says so', () => {
    const big = readModel(nestedRingsModel(1, MODEL_LIMITS.areaVertices + 1));
    assert.equal(big.model.areas.length, 0);
    assert.match(
      big.problems.map((p) => p.message).join('\n'),
      /has 2001 vertices, more than 2000; area left out/,
    );
    // 25 areas over the same 2 000 points (indices may share points: the point cap does not bound them)
    const shared = nestedRingsModel(1, 2000) as { plan: { areas: Record<string, unknown> } };
    const ring = shared.plan.areas.ring0;
    for (let k = 0; k < 25; k++) shared.plan.areas[`ring${k}`] = ring;
    const many = readModel(shared);
    assert.equal(many.model.areas.length, MODEL_LIMITS.areaVertexTotal / 2000);
    const left = many.problems.filter((p) => /vertices together/.test(p.message));
    assert.equal(left.length, 1);
    assert.equal(left[0]!.path, 'plan.areas.ring20');
  });
});

/**
 * `count` areas of `sides` vertices each, centred at the origin (`nested`: each 10 cm larger than the
 * one before, so every area lies in all the larger ones) or side by side in a row (the baseline: as
 * many areas and vertices, nothing nested). The hostile shape of issue 35 is 2 000 nested squares.
 */
function polygonsModel(count: number, sides: number, nested: boolean): Record<string, unknown> {
  const points: Vec2[] = [];
  const areas: Record<string, unknown> = {};
  for (let k = 0; k < count; k++) {
    const radius = nested ? 10 + k * 10 : 40;
    const cx = nested ? 0 : k * 100;
    const indices: number[] = [];
    for (let i = 0; i < sides; i++) {
      const a = Math.PI / 4 + (i / sides) * Math.PI * 2;
      indices.push(points.length);
      points.push([cx + Math.cos(a) * radius, Math.sin(a) * radius]);
    }
    areas[`a${k}`] = { indices, name: `Area ${k}` };
  }
  const walls = { w0: { indices: [0, 1], thickness: 20 } };
  return { plan: { height: 250, points, walls, areas }, components: [] };
}

/**
 * readModel + planGeometry of `raw`: the processor time of the fastest of `runs` runs (ms). Processor
 * time rather than the clock, and the fastest run: other work on a loaded machine only adds to both.
 */
function bestTime(raw: unknown, runs = 3): { ms: number; plan: ReturnType<typeof planGeometry> } {
  let ms = Infinity;
  let plan!: ReturnType<typeof planGeometry>;
  for (let i = 0; i < runs; i++) {
    const started = process.cpuUsage();
    plan = planGeometry(readModel(raw).model);
    const used = process.cpuUsage(started);
    ms = Math.min(ms, (used.user + used.system) / 1000);
  }
  return { ms, plan };
}

describe('hostile geometry through room-elements/model.js (issue 35)', () => {
  for (const [sides, count] of [
    [4, 2000],
    // as many 20-gons as the point cap holds (1 000): 7.8 s before
    [20, 1000],
  ] as const) {
    it(`${count} nested ${sides}-gons: nesting found without testing every pair of outlines`, () => {
      const baseline = bestTime(polygonsModel(count, sides, false));
      const hostile = bestTime(polygonsModel(count, sides, true));
      console.log(
        `[hostile] ${count} nested ${sides}-gons: readModel + planGeometry ${Math.round(hostile.ms)} ms of processor time ` +
          `(the same areas side by side: ${Math.round(baseline.ms)} ms)`,
      );
      // the largest is outermost, each one deeper than the next larger
      const depths = hostile.plan.areas.map((a) => a.depth);
      assert.deepEqual(
        depths,
        depths.map((_, k) => count - 1 - k),
      );
      assert.ok(baseline.plan.areas.every((a) => a.depth === 0));
      // about 3 times the side-by-side baseline here; every pair of outlines tested was 26 times (squares)
      // and 235 times (20-gons). A generous guard, not the goal (that is ≤ 500 ms on a quiet machine).
      assert.ok(
        hostile.ms < 10 * baseline.ms + 200,
        `${Math.round(hostile.ms)} ms nested vs ${Math.round(baseline.ms)} ms side by side`,
      );
    });
  }

  it('counts every area an area lies in, also two that overlap without nesting', () => {
    // b lies where a and c overlap; a and c contain b but not each other; d lies in b (so in a and c)
    const square = (x: number, y: number, w: number, h: number): Vec2[] => [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ];
    const rings = [square(0, 0, 600, 400), square(300, 100, 100, 100), square(200, 0, 600, 500)];
    rings.push(square(320, 120, 40, 40));
    const points = rings.flat();
    const areas = Object.fromEntries(
      rings.map((_, k) => [`r${k}`, { indices: [0, 1, 2, 3].map((i) => k * 4 + i) }]),
    );
    const { model } = readModel({ plan: { height: 250, points, walls: {}, areas }, components: [] });
    const plan = planGeometry(model);
    assert.deepEqual(
      plan.areas.map((a) => a.depth),
      [0, 2, 0, 3],
    );
  });

  it('one area of 400 000 vertices sent as JSON text: read in about the time JSON.parse takes', () => {
    const points: Vec2[] = [];
    const indices: number[] = [];
    for (let i = 0; i < 400_000; i++) {
      const a = (i / 400_000) * Math.PI * 2;
      indices.push(i);
      points.push([Math.cos(a) * 5000, Math.sin(a) * 5000]);
    }
    const text = JSON.stringify({
      plan: {
        height: 250,
        points,
        walls: { w0: { indices: [0, 1], thickness: 20 } },
        areas: { big: { indices } },
      },
      components: [],
    });
    // processor time, the fastest of three runs each, as bestTime() measures
    const cpu = (work: () => void) => {
      const started = process.cpuUsage();
      work();
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    let parse = Infinity;
    let ms = Infinity;
    let result!: ReturnType<typeof readModel>;
    for (let i = 0; i < 3; i++) {
      parse = Math.min(
        parse,
        cpu(() => JSON.parse(text)),
      );
      ms = Math.min(
        ms,
        cpu(() => {
          result = readModel(text);
          planGeometry(result.model);
        }),
      );
    }
    console.log(
      `[hostile] one area of 400 000 vertices as JSON text: readModel + planGeometry ${Math.round(ms)} ms of processor time ` +
        `(JSON.parse alone ${Math.round(parse)} ms)`,
    );
    assert.ok(
      result.problems.some((p) => /has 400000 vertices, more than 2000; area left out/.test(p.message)),
    );
    assert.ok(ms < 3 * parse + 200, `${Math.round(ms)} ms (JSON.parse ${Math.round(parse)} ms)`);
  });
});
