/**
 * roomProducts(): the furniture grouped by componentId, with counts that add up to the model's
 * furniture, on a hand-made model (always) and on the real sample room 6346838 (skipped with a
 * message when ../shared/realdata is absent).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { furnitureOf, readModel, roomProducts } from '../../src/model/index.ts';
import { boxPlan, doorComponent } from '../shared/fixtures.ts';
import { loadRealRoom } from './helpers/real-sample.ts';

const real = loadRealRoom();

/** A 600 × 300 room, split into `west` and `east` at x = 300, with three chairs, a table and a lamp without product. */
function handMade() {
  const plan = boxPlan(600, 300);
  plan.points.push([300, 0], [300, 300]);
  plan.areas = {
    west: { indices: [0, 4, 5, 3], name: 'Kitchen' },
    east: { indices: [4, 1, 2, 5] },
  };
  const piece = (id: string, componentId: string | undefined, x: number, category?: string) => ({
    type: 'Component',
    ID: id,
    ...(componentId ? { component_id: componentId } : {}),
    ...(category ? { category } : {}),
    position: [x, 150, 0],
    rotation: [0, 0, 0],
    bounding_box: [
      [-20, -25, 0],
      [20, 25, 90],
    ],
  });
  return {
    plan,
    components: [
      piece('c1', 'chair', 100, 'Chair'),
      piece('t1', 'table', 150, 'Table'),
      doorComponent({ ID: 'door', position: [100, 0, 104] }),
      piece('c2', 'chair', 200, 'Chair'),
      piece('c3', 'chair', 450, 'Chair'),
      piece('lamp', undefined, 500),
    ],
  };
}

describe('roomProducts', () => {
  it('groups a hand-made room’s furniture by componentId, with counts, sizes and areas', () => {
    const { model } = readModel(handMade());
    const products = roomProducts(model);
    assert.deepEqual(
      products.map((p) => [p.componentId, p.count, p.ids.join(' ')]),
      [
        ['chair', 3, 'c1 c2 c3'],
        ['table', 1, 't1'],
        [undefined, 1, 'lamp'],
      ],
    );
    const [chair, table, lamp] = products;
    assert.equal(chair!.category, 'Chair');
    assert.deepEqual(chair!.size, { width: 40, depth: 50, height: 90 });
    // the chairs stand in both areas; the model's own name is the label
    assert.deepEqual(chair!.areas, [{ name: 'west', label: 'Kitchen' }, { name: 'east' }]);
    assert.deepEqual(table!.areas, [{ name: 'west', label: 'Kitchen' }]);
    assert.equal(lamp!.category, undefined);
    // the door is not furniture
    assert.equal(
      products.reduce((sum, p) => sum + p.count, 0),
      furnitureOf(model).length,
    );
    assert.equal(furnitureOf(model).length, 5);
  });

  it('gives nothing for a room without furniture', () => {
    const { model } = readModel({ plan: boxPlan(300, 300), components: [] });
    assert.deepEqual(roomProducts(model), []);
  });

  it('adds up to the real sample’s furniture (room 6346838)', (t) => {
    if (real.skip) return t.skip(real.skip);
    const { model } = readModel(real.room);
    const products = roomProducts(model);
    const furniture = furnitureOf(model);
    assert.ok(furniture.length > 10, `${furniture.length} pieces`);
    assert.equal(
      products.reduce((sum, p) => sum + p.count, 0),
      furniture.length,
    );
    // every piece in exactly one product, and one product per distinct componentId
    const ids = products.flatMap((p) => p.ids);
    assert.equal(new Set(ids).size, furniture.length);
    const hashes = new Set(furniture.map((c) => c.componentId).filter(Boolean));
    assert.equal(products.filter((p) => p.componentId).length, hashes.size);
    // some product stands in the room more than once (chairs); most stand in an area (a few outside)
    assert.ok(products.some((p) => p.count > 1));
    assert.ok(products.filter((p) => p.areas.length > 0).length >= 0.8 * products.length);
  });
});
