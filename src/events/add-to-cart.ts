/**
 * `add-to-cart` (`<room-viewer>`, `<room-plan>`; bubbles, composed, cancelable): the visitor asked to
 * put products of the room in the page's cart: a piece's "add to cart" button in the room's
 * description, the "add the whole look" button, a hotspot, or `addToCart()`. The element knows no shop:
 * the page does the cart. Cancelling it tells the element the page did not take the items (no
 * `room-analytics` `add-to-cart` is sent for it).
 */
export interface AddToCartDetail {
  /** The products, each once, with how many pieces of it the request is for. */
  items: { componentId: string; quantity: number }[];
  /**
   * `description` (a piece's button), `look` (the whole look), `hotspot`, `api` (`addToCart()`) or `ar`
   * (the look, asked for inside augmented reality: the AR view's "Add the look" button or Quick Look's banner).
   */
  source: 'description' | 'look' | 'hotspot' | 'api' | 'ar';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'add-to-cart': CustomEvent<AddToCartDetail>;
  }
}
