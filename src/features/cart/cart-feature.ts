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
// types only: the element hands the code in (the plan at once, the viewer after its first frame)
import type * as Cart from './cart.js';

/** The cart's working code (cart.ts), as the element hands it to the mixin. */
export type CartCode = Pick<
  typeof Cart,
  | 'cartItems'
  | 'hotspotCartIds'
  | 'hotspotClick'
  | 'lookButton'
  | 'oneOfEach'
  | 'requestCart'
  | 'CART_STRINGS'
>;

/** What the mixin adds (documented on the class below). */
export interface CartProperties {
  cart: boolean;
  addToCart(componentIds?: Iterable<string> | string): boolean;
}

export interface CartOptions {
  /** A click on a slotted hotspot's `data-add-to-cart` element asks for its products (the viewer's hotspots). */
  hotspots?: boolean;
  /**
   * The cart's code (cart.ts) for `host`, or undefined while it has not arrived (issue 33: the viewer's
   * comes after its first frame; a call meanwhile waits for it through `whenPartsIn`).
   */
  code: (host: ProductsHost) => CartCode | undefined;
}

export function CartFeature<T extends Constructor<ProductsHost>>(
  Base: T,
  { hotspots = false, code }: CartOptions,
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
     * On `<room-viewer>` before `model-load` the request is held and made once the room's products are in
     * (in the order of the calls), and this answers false.
     * @returns {boolean} False when no product matched or the page cancelled the event.
     */
    addToCart(componentIds?: Iterable<string> | string): boolean {
      // a copy: an iterable held until the code is in may be read only once
      const ids =
        typeof componentIds === 'string'
          ? componentIds.split(/\s+/).filter(Boolean)
          : componentIds && [...componentIds];
      const cart = code(this);
      if (!cart) {
        this.whenPartsIn(() => this.addToCart(ids));
        return false;
      }
      return cart.requestCart(this, this.analytics, cart.cartItems(this.products, ids), 'api');
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
      const cart = code(this);
      return this.cart && cart
        ? (component) =>
            cart.requestCart(
              this,
              this.analytics,
              cart.oneOfEach(this.products, [component.id]),
              'description',
            )
        : super.pieceCart();
    }

    protected override renderFeatures(): unknown[] {
      const cart = code(this);
      const look =
        cart && this.cart && this.roomShown && !this.furnitureHidden()
          ? cart.lookButton(
              this.products,
              (key, values) => this.language.t(cart.CART_STRINGS, key, values),
              () => cart.requestCart(this, this.analytics, cart.cartItems(this.products), 'look'),
            )
          : undefined;
      return [...super.renderFeatures(), look ?? nothing];
    }

    /** A click on a hotspot's `data-add-to-cart` element (the page's own button) asks for its products. */
    #onClick = (event: MouseEvent) => {
      // (no hotspot is placed before the cart's code is in)
      const cart = code(this);
      const hit = cart?.hotspotClick(this, event);
      if (!cart || !hit?.cart) return;
      cart.requestCart(
        this,
        this.analytics,
        cart.oneOfEach(this.products, cart.hotspotCartIds(hit.hotspot, hit.cart)),
        'hotspot',
      );
    };
  }
  return WithCart;
}
