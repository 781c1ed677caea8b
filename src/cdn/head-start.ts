/**
 * The loader's head start: the moment it sees a tag, it asks for what that element will ask for first,
 * while the element's chunks are still on their way (src/api/head-start.ts keeps the answers; the
 * element's own call takes them). On a phone's link the element would otherwise wait for its chunks,
 * evaluate them and only then send its first request: one round trip and the chunks' evaluation
 * before its picture could even be asked for.
 * - `<room-viewer room-id>` and `<room-panorama room-id>`: the room's record without its model (the
 *   poster's render, a few hundred bytes); once it is in, the poster image itself is preloaded at high
 *   priority with the element's own `srcset` and `sizes`, so the element finds it in the cache. A viewer's
 *   `poster` attribute is preloaded as it is. Both only once the element is near the viewport, as the
 *   elements themselves start (loading="lazy"), or at once with loading="eager".
 * - `<room-gallery>` (source rooms): its first page.
 * Only for a page that names its services (an element's `api-base`, or configure()), and only after the
 * page's module scripts have run, so a configure() in them is seen: never a guess at the real service.
 */
import { getConfig, DEFAULT_CONFIG } from '../config.js';
import { startEarly } from '../api/head-start.js';
import { readBoundedText } from '../platform/bounded-body.js';
import { serviceBase } from '../api/room-styling/call.js';
import { renderOf, renderSrcset, roomRenderUrl, type RoomRender } from '../api/room-styling/room-render.js';
import { safeHttpUrl } from '../api/safe-url.js';
import { firstPageUrl } from '../elements/room-gallery/first-page.js';
import { NEAR_MARGIN } from '../internal/viewport.js';

/** A render record is a few hundred bytes; one far larger is not read here (the element judges it). */
const MAX_RECORD = 64 * 1024;

const attribute = (element: Element, name: string) => element.getAttribute(name)?.trim() || undefined;

/** The image the element will show first, preloaded as it will ask for it (srcset and sizes included). */
function preloadPoster(element: Element, render: RoomRender): void {
  const src = render.hq ?? render.image;
  if (!src) return;
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: src });
  link.setAttribute('fetchpriority', 'high');
  const srcset = renderSrcset(render);
  if (srcset) {
    // the elements' own rule (their poster's `sizes`): the box's width, 480px until it has one
    const width = Math.ceil(element.getBoundingClientRect().width);
    link.imageSrcset = srcset;
    link.imageSizes = width > 0 ? `${width}px` : '480px';
  }
  document.head.append(link);
}

/** The viewer's and the panorama's poster: the room's render record, then its image. */
function posterHeadStart(element: Element): void {
  const poster = element.localName === 'room-viewer' ? element.getAttribute('poster') : null;
  if (poster !== null) {
    // the page's own poster (poster="" is none)
    const src = safeHttpUrl(poster);
    if (src) preloadPoster(element, { hq: src });
    return;
  }
  const id = attribute(element, 'room-id');
  if (!id || !/^\d+$/.test(id) || element.hasAttribute('faces')) return;
  const options = { base: attribute(element, 'api-base') };
  void startEarly(roomRenderUrl(options, id))
    ?.then((response) =>
      response.ok ? readBoundedText(response.clone(), MAX_RECORD, () => new Error('too large')) : undefined,
    )
    .then((text) => text && preloadPoster(element, renderOf(JSON.parse(text), serviceBase(options))))
    .catch(() => undefined); // the element asks, reads and reports it itself
}

const START: Record<string, (element: Element) => void> = {
  'room-viewer': posterHeadStart,
  'room-panorama': posterHeadStart,
  'room-gallery': (element) => {
    const url = firstPageUrl(element);
    if (url) startEarly(url);
  },
};

/** Elements that start when near the viewport, as their own `loading="lazy"` does. */
let near: IntersectionObserver | undefined;
const lazy = (element: Element) =>
  element.localName !== 'room-gallery' && element.getAttribute('loading') !== 'eager';

function begin(element: Element): void {
  if (!lazy(element) || typeof IntersectionObserver !== 'function') return START[element.localName]!(element);
  near ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near!.unobserve(entry.target);
        // defined meanwhile: the element asks for itself
        if (!customElements.get(entry.target.localName)) START[entry.target.localName]!(entry.target);
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  near.observe(element);
}

/**
 * Starts `element`'s first request early, if it is one the loader knows and the page names its
 * services. Called by the loader for each element it finds before the element's code is defined.
 */
export function headStart(element: Element): void {
  if (!START[element.localName]) return;
  const ready = () => {
    // configure() or the element's api-base: a page that names no service is left to the element
    if (customElements.get(element.localName) || !element.isConnected) return;
    if (getConfig() === DEFAULT_CONFIG && !element.hasAttribute('api-base')) return;
    begin(element);
  };
  // after the page's deferred and module scripts (their configure()), which run before DOMContentLoaded
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready, { once: true });
  else queueMicrotask(ready);
}
