/**
 * What an `add-to-cart` request holds (src/features/cart/cart-items.ts): the whole look, the products
 * named by hash or by a piece's id, each once with as many as stand in the room; pieces without a
 * product hash are left out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cartItems } from '../../src/features/cart/cart-items.ts';
import { oneOfEach } from '../../src/features/cart/cart.ts';
import { readModel, roomProducts } from '../../src/model/index.ts';
import { boxPlan } from '../shared/fixtures.ts';

const piece = (id: string, componentId?: string) => ({
  type: 'Component',
  ID: id,
  ...(componentId ? { component_id: componentId } : {}),
  position: [100, 100, 0],
  rotation: [0, 0, 0],
  bounding_box: [
    [-10, -10, 0],
    [10, 10, 50],
  ],
});

const products = roomProducts(
  readModel({
    plan: boxPlan(400, 300),
    components: [piece('a1', 'chair'), piece('b', 'table'), piece('a2', 'chair'), piece('x')],
  }).model,
);

describe('cartItems', () => {
  it('gives the whole look: every product with a hash, as many as stand in the room', () => {
    assert.deepEqual(cartItems(products), [
      { componentId: 'chair', quantity: 2 },
      { componentId: 'table', quantity: 1 },
    ]);
  });

  it('takes product hashes and pieces’ ids, each product once, unknown ids left out', () => {
    assert.deepEqual(cartItems(products, ['a2', 'chair', 'nothing']), [
      { componentId: 'chair', quantity: 2 },
    ]);
    assert.deepEqual(cartItems(products, ['x']), []);
    assert.deepEqual(cartItems(products, []), []);
  });

  it('one of each for a piece’s button or a hotspot', () => {
    assert.deepEqual(oneOfEach(products, ['a1', 'b']), [
      { componentId: 'chair', quantity: 1 },
      { componentId: 'table', quantity: 1 },
    ]);
  });
});
