/**
 * src/model/near.ts: a loop over the boxes for a plan's few walls and areas, the spatial index (a chunk
 * of its own, issue 33) for many once it is loaded, and the same answers either way. This file imports
 * neither the model barrel nor the model worker (both hand the index over at once): the first tests run
 * without the index, as a page's first frame does.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  INDEX_MIN_ITEMS,
  loadSpatialIndex,
  nearBoxes,
  wantsSpatialIndex,
  type Box,
} from '../../src/model/near.ts';
import { planGeometry } from '../../src/model/plan-geometry.ts';
import { roomProducts } from '../../src/model/products.ts';
import { roomQuantities } from '../../src/model/quantities.ts';
import { readModel } from '../../src/model/read-model.ts';
import { seededRandom } from '../shared/seeded-random.ts';

const SEED = 3301;

/** `count` boxes scattered over 10 m, a few of them garbage (NaN) or across everything. */
function boxes(count: number, random: () => number): Box[] {
  return Array.from({ length: count }, (_, i) => {
    if (i % 37 === 5) return { minX: Number.NaN, minY: 0, maxX: 1, maxY: 1 };
    if (i % 53 === 7) {
      const y = random() * 1000;
      return { minX: -5000, minY: y, maxX: 5000, maxY: y + 5 };
    }
    const x = random() * 1000;
    const y = random() * 1000;
    return { minX: x, minY: y, maxX: x + random() * 60, maxY: y + random() * 60 };
  });
}

/**
 * A plan of `walls` walls on a street grid with a door or window in each (half of them placed by their
 * parent, half by the nearest wall), `areas` overlapping rooms and nested ones, and furniture in them.
 */
function cityModel(walls: number, areas: number, random: () => number): Record<string, unknown> {
  const side = Math.ceil(Math.sqrt(walls));
  const points: [number, number][] = [];
  for (let y = 0; y <= side; y++) for (let x = 0; x <= side; x++) points.push([x * 300, y * 300]);
  const at = (x: number, y: number) => y * (side + 1) + x;
  const wallMap: Record<string, unknown> = {};
  const components: unknown[] = [];
  let n = 0;
  for (let y = 0; y <= side && n < walls; y++)
    for (let x = 0; x < side && n < walls; x++, n++) {
      wallMap[`wall${n}`] = { indices: [at(x, y), at(x + 1, y)], thickness: 10 + (n % 3) * 5 };
      components.push({
        ID: `o${n}`,
        type: 'ArchitecturalComponent',
        category: n % 2 ? 'doors' : 'windows',
        ...(n % 2 ? { parentID: String(n) } : {}),
        position: [x * 300 + 40 + random() * 220, y * 300 + (random() - 0.5) * 8, 104],
        bounding_box: [
          [-40, -5, -104],
          [40, 5, 104],
        ],
        configuration: { open_direction: n % 4 < 2 ? 'i' : 'o', open_side: n % 3 ? 'l' : 'r' },
      });
    }
  const areaMap: Record<string, unknown> = {};
  for (let k = 0; k < areas; k++) {
    const x = random() * side * 300;
    const y = random() * side * 300;
    const w = 50 + random() * 600;
    const h = 50 + random() * 600;
    const i = points.length;
    points.push([x, y], [x + w, y], [x + w, y + h], [x, y + h]);
    areaMap[`area${k}`] = { indices: [i, i + 1, i + 2, i + 3], name: `Room ${k}` };
    components.push({
      ID: `f${k}`,
      type: 'Component',
      component_id: `product-${k % 7}`,
      position: [x + w / 2, y + h / 2, 0],
      bounding_box: [
        [-20, -20, 0],
        [20, 20, 80],
      ],
    });
  }
  return { plan: { height: 250, points, walls: wallMap, areas: areaMap }, components };
}

/** What the plan, its products and its quantities come to (the parts that look walls and areas up by place). */
function workedOut(raw: unknown) {
  const { model } = readModel(raw);
  const plan = planGeometry(model);
  return { plan, products: roomProducts(model), quantities: roomQuantities(model, plan) };
}

const random = seededRandom(SEED);
const sizes = [
  [12, 3],
  [INDEX_MIN_ITEMS - 1, INDEX_MIN_ITEMS - 1],
  [INDEX_MIN_ITEMS, 20],
  [400, INDEX_MIN_ITEMS + 50],
] as const;
const models = sizes.map(([walls, areas]) => cityModel(walls, areas, random));
const searched = boxes(600, random);
const queries = boxes(200, random).filter((q) => Number.isFinite(q.minX));

describe('boxes near a box (src/model/near.ts, issue 33)', () => {
  // the answers of the loop, worked out before the index is loaded (the order of the tests matters)
  const byLoop = models.map(workedOut);
  const loopSearch = nearBoxes(searched, (b) => b);
  const loopAnswers = queries.map((q) => loopSearch.search(q));

  it('without the index, a search is a loop over every box: every overlapping box once, in order, garbage never', () => {
    assert.equal(loopSearch.constructor, Object, 'a plain loop while the index is not loaded');
    queries.forEach((q, i) => {
      const expected = searched.filter(
        (b) =>
          [b.minX, b.minY, b.maxX, b.maxY].every(Number.isFinite) &&
          b.minX <= q.maxX &&
          b.maxX >= q.minX &&
          b.minY <= q.maxY &&
          b.maxY >= q.minY,
      );
      assert.deepEqual(loopAnswers[i], expected, `query ${i}`);
    });
  });

  it('a model wants the index from INDEX_MIN_ITEMS walls or areas on', () => {
    const wants = models.map((raw) => wantsSpatialIndex(readModel(raw).model));
    assert.deepEqual(wants, [false, false, true, true]);
  });

  it('with the index loaded, many items go through it and give the same answers, in the same order', async () => {
    await loadSpatialIndex();
    const { SpatialIndex } = await import('../../src/model/spatial-index.ts');
    const indexed = nearBoxes(searched, (b) => b);
    assert.ok(indexed instanceof SpatialIndex, `${searched.length} boxes go through the index`);
    assert.ok(!(nearBoxes(searched.slice(0, INDEX_MIN_ITEMS - 1), (b) => b) instanceof SpatialIndex));
    // the grid meets the boxes cell by cell (the wide ones first); the answers come in the items' order
    const several = loopAnswers.filter((answer) => answer.length > 1).length;
    assert.ok(several > queries.length / 2, `${several} of ${queries.length} queries find several boxes`);
    queries.forEach((q, i) => assert.deepEqual(indexed.search(q), loopAnswers[i], `query ${i}`));
  });

  it('plan geometry, products and quantities come out the same with the index as with the loop', () => {
    models.forEach((raw, i) => {
      const byIndex = workedOut(raw);
      const [walls, areas] = sizes[i]!;
      const placed = byIndex.plan.walls.reduce((sum, w) => sum + w.openings.length, 0);
      assert.ok(placed > walls * 0.9, `${placed} of ${walls} openings placed`);
      assert.ok(byIndex.products.some((p) => p.areas.length > 0) || areas < 5);
      assert.deepEqual(byIndex, byLoop[i], `${walls} walls, ${areas} areas (seed ${SEED})`);
    });
  });
});
