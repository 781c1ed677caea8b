/**
 * Two page-wide IntersectionObservers shared by every <room-panorama> (one observer for many targets
 * is much cheaper than one per element):
 * - `near`: within NEAR_MARGIN of the viewport. The element fetches its panorama record and shows the
 *   poster (the front face), so it is ready when it scrolls in.
 * - `visible`: actually in the viewport. The element asks the viewer pool for a live viewer.
 */
export const NEAR_MARGIN = '300px';

export interface VisibilityTarget {
  onNear(near: boolean): void;
  onVisible(visible: boolean): void;
}

let nearObserver: IntersectionObserver | undefined;
let visibleObserver: IntersectionObserver | undefined;
const targets = new WeakMap<Element, VisibilityTarget>();

function observers(): [IntersectionObserver, IntersectionObserver] {
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) targets.get(entry.target)?.onNear(entry.isIntersecting);
    },
    { rootMargin: NEAR_MARGIN },
  );
  visibleObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) targets.get(entry.target)?.onVisible(entry.isIntersecting);
  });
  return [nearObserver, visibleObserver];
}

export function observeVisibility(element: Element, target: VisibilityTarget): void {
  targets.set(element, target);
  for (const observer of observers()) observer.observe(element);
}

export function unobserveVisibility(element: Element): void {
  targets.delete(element);
  nearObserver?.unobserve(element);
  visibleObserver?.unobserve(element);
}
