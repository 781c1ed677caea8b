/**
 * The room's products (src/model/products.ts) worked out once per model shown: `products` on
 * `<room-viewer>` and `<room-plan>`, `model-load`'s detail and the cart all read the same array.
 */
import { roomProducts, type RoomProduct } from '../../model/products.js';
import type { RoomModel } from '../../model/types.js';

const cache = new WeakMap<RoomModel, readonly RoomProduct[]>();

export function productsOf(model: RoomModel | undefined): readonly RoomProduct[] {
  if (!model) return [];
  let products = cache.get(model);
  if (!products) {
    products = Object.freeze(roomProducts(model).map((p) => Object.freeze(p)));
    cache.set(model, products);
  }
  return products;
}
