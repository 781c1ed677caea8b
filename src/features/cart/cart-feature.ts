/**
 * The cart feature of `<room-viewer>` and `<room-plan>`, written once over ProductsHost: add to cart
 * without the element knowing any shop (`cart`, `addToCart()`, `add-to-cart`, and on the viewer a
 * hotspot's `data-add-to-cart`). The pieces it uses are cart.ts.
 */
import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Constructor } from '../../internal/mixin.js';
import type { ModelComponent } from '../../model/types.js';
import type { ProductsHost } from '../products/products-host.js';
import {
  cartItems,
  hotspotCartIds,
  hotspotClick,
  lookButton,
  oneOfEach,
  requestCart,
  CART_STRINGS,
} from './cart.js';

/** What the mixin adds (documented on the class below). */
export interface CartProperties {
  cart: boolean;
  addToCart(componentIds?: Iterable<string> | string): boolean;
}

export interface CartOptions {
  /** A click on a slotted hotspot's `data-add-to-cart` element asks for its products (the viewer's hotspots). */
  hotspots?: boolean;
}

export function CartFeature<T extends Constructor<ProductsHost>>(
  Base: T,
  { hotspots = false }: CartOptions = {},
): T & Constructor<CartProperties> {
  // its event and parts are declared on each element (room-viewer.ts, room-plan.ts): the manifest's
  // analyzer does not read a mixin's class tags
  abstract class WithCart extends Base {
    /**
     * Shows the "add to cart" buttons: one per piece in the room's description (`part="add-to-cart"`)
     * and "add the whole look" (`part="add-look"`). The page does the cart: it listens to `add-to-cart`.
     */
    @property({ type: Boolean, reflect: true }) cart = false;

    /**
     * Asks the page to add products to its cart: fires `add-to-cart` (source `api`) with the products
     * `componentIds` names (product hashes, or pieces' ids for their products; a space-separated string
     * works too), each as many as stand in the room; without ids, the whole look. Works without `cart`.
     * @returns {boolean} False when no product matched or the page cancelled the event.
     */
    addToCart(componentIds?: Iterable<string> | string): boolean {
      const ids = typeof componentIds === 'string' ? componentIds.split(/\s+/).filter(Boolean) : componentIds;
      return requestCart(this, this.analytics, cartItems(this.products, ids), 'api');
    }

    override connectedCallback(): void {
      super.connectedCallback();
      if (hotspots) this.addEventListener('click', this.#onClick);
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.removeEventListener('click', this.#onClick);
    }

    protected override pieceCart(): ((component: ModelComponent) => void) | undefined {
      return this.cart
        ? (component) =>
            requestCart(this, this.analytics, oneOfEach(this.products, [component.id]), 'description')
        : super.pieceCart();
    }

    protected override renderFeatures(): unknown[] {
      const look =
        this.cart && this.roomShown && !this.furnitureHidden()
          ? lookButton(
              this.products,
              (key, values) => this.language.t(CART_STRINGS, key, values),
              () => requestCart(this, this.analytics, cartItems(this.products), 'look'),
            )
          : undefined;
      return [...super.renderFeatures(), look ?? nothing];
    }

    /** A click on a hotspot's `data-add-to-cart` element (the page's own button) asks for its products. */
    #onClick = (event: MouseEvent) => {
      const hit = hotspotClick(this, event);
      if (!hit?.cart) return;
      requestCart(
        this,
        this.analytics,
        oneOfEach(this.products, hotspotCartIds(hit.hotspot, hit.cart)),
        'hotspot',
      );
    };
  }
  return WithCart;
}
