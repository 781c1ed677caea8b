/**
 * What an `add-to-cart` request holds: products (by `componentId`) and quantities, worked out from the
 * room's products. Pure: no DOM.
 */
import type { AddToCartDetail } from '../../events/add-to-cart.js';
import type { RoomProduct } from '../../model/products.js';

export type CartItem = AddToCartDetail['items'][number];

/**
 * The items for `componentIds` (product hashes; a piece's id stands for its product): each product
 * once, with as many as stand in the room. Without ids: the whole look, every product that has a
 * `componentId`. Unknown ids are left out.
 */
export function cartItems(products: readonly RoomProduct[], componentIds?: Iterable<string>): CartItem[] {
  const sellable = products.filter((p): p is RoomProduct & { componentId: string } => !!p.componentId);
  if (componentIds === undefined)
    return sellable.map((p) => ({ componentId: p.componentId, quantity: p.count }));
  const wanted = new Set([...componentIds].filter((id) => typeof id === 'string'));
  return sellable
    .filter((p) => wanted.has(p.componentId) || p.ids.some((id) => wanted.has(id)))
    .map((p) => ({ componentId: p.componentId, quantity: p.count }));
}
