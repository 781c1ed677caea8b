/**
 * Which of the page's hotspots (`slot="hotspot"` children of a `<room-viewer>` or `<room-panorama>`)
 * a click landed in: for the `hotspot` analytics action and a hotspot's `data-add-to-cart`.
 */
/**
 * The hotspot a click landed in (the host's own child with `slot="hotspot"`), and the element in it
 * with `data-add-to-cart` when there is one.
 */
export function hotspotClick(
  host: HTMLElement,
  event: Event,
): { hotspot: HTMLElement; cart?: HTMLElement } | undefined {
  let cart: HTMLElement | undefined;
  for (const node of event.composedPath()) {
    if (!(node instanceof HTMLElement)) continue;
    if (node === host) return undefined;
    if (!cart && node.hasAttribute('data-add-to-cart')) cart = node;
    if (node.parentElement === host && node.getAttribute('slot') === 'hotspot')
      return { hotspot: node, cart };
  }
  return undefined;
}
