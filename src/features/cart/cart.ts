/**
 * Add to cart without the element knowing any shop, shared by `<room-viewer>` and `<room-plan>`
 * (cart-feature.ts, the mixin both use): the cancelable `add-to-cart` request, the "add the whole look"
 * button, the words, and a hotspot's `data-add-to-cart`. The page does the cart.
 */
import { CART_STRINGS, type CartKey } from './cart.strings.js';
import { html, type TemplateResult } from 'lit';
import type { AddToCartDetail } from '../../events/add-to-cart.js';
import type { RoomProduct } from '../../model/products.js';
import type { Analytics } from '../../internal/analytics/analytics-controller.js';
import { cartItems, type CartItem } from './cart-items.js';
import { hotspotClick } from '../../internal/analytics/hotspot-click.js';

export { hotspotClick };

export { cartItems, type CartItem };
export { CART_STRINGS, type CartKey };
// the look button's styles, in a module of their own: the viewer's come before its first frame, its code after (issue 33)
export { cartStyles } from './cart.styles.js';

/**
 * Fires `add-to-cart` on `host` (bubbles, composed, cancelable) unless there is nothing to add; true
 * when the page did not cancel it. A request the page took, in answer to the visitor's click or key,
 * is the `add-to-cart` analytics action.
 */
export function requestCart(
  host: HTMLElement,
  analytics: Analytics,
  items: CartItem[],
  source: AddToCartDetail['source'],
): boolean {
  if (!items.length) return false;
  const detail: AddToCartDetail = { items: items.map((item) => ({ ...item })), source };
  const event = new CustomEvent('add-to-cart', { detail, bubbles: true, composed: true, cancelable: true });
  if (!host.dispatchEvent(event)) return false;
  const extra = items.length === 1 ? { componentId: items[0]!.componentId } : {};
  // the visitor's click or key in the element (its buttons, a hotspot), never a page's script on its
  // own nor the page's own button (analytics-controller.ts)
  analytics.trackIfVisitor('add-to-cart', extra);
  return true;
}

/** The "add the whole look" button (`part="add-look"`), when the room has products to sell. */
export function lookButton(
  products: readonly RoomProduct[],
  words: (key: CartKey, values?: Record<string, string | number>) => string,
  onClick: () => void,
): TemplateResult | undefined {
  const count = products.filter((p) => p.componentId).length;
  if (!count) return undefined;
  return html`<button
    type="button"
    part="add-look"
    class="add-look"
    aria-label=${words('addLookLabel', { count })}
    @click=${onClick}
  >
    ${words('addLook')}
  </button>`;
}

/** One of each product (a piece's button, a hotspot): the items for `ids` with quantity 1. */
export function oneOfEach(products: readonly RoomProduct[], ids: Iterable<string>): CartItem[] {
  return cartItems(products, ids).map((item) => ({ ...item, quantity: 1 }));
}

/** The ids a hotspot's `data-add-to-cart` names: its value (space-separated), else the hotspot's `data-component-id`. */
export function hotspotCartIds(hotspot: HTMLElement, cart: HTMLElement): string[] {
  const own = (cart.getAttribute('data-add-to-cart') ?? '').trim();
  const ids = own || (hotspot.getAttribute('data-component-id') ?? '').trim();
  return ids.split(/\s+/).filter(Boolean);
}
