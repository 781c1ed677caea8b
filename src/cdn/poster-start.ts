/**
 * The loader's head start for `<room-viewer room-id>` and `<room-panorama room-id>` (src/cdn/head-start.ts):
 * the room's record without its model (the poster's render, a few hundred bytes); once it is in, the
 * poster image itself is preloaded at high priority with the element's own `srcset` and `sizes`, so the
 * element finds it in the cache. A viewer's `poster` attribute is preloaded as it is. Both only once
 * the element is near the viewport, as the elements themselves start (loading="lazy"), or at once with
 * loading="eager".
 *
 * A chunk of its own, imported by the loader when it first sees one of these tags (issue 35): a page
 * with only a gallery does not download it (about 1 KB gzip of the loader), and on a page with a viewer
 * it is one small file fetched beside the element's chain, far ahead of the chain's own evaluation.
 */
import { startEarly } from '../api/head-start.js';
import { readBoundedText } from '../platform/bounded-body.js';
import { serviceBase } from '../api/room-styling/service-base.js';
import { renderOf, renderSrcset, roomRenderUrl, type RoomRender } from '../api/room-styling/room-render.js';
import { safeHttpUrl } from '../api/safe-url.js';
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
  // defined meanwhile (this chunk came after the element's code): the element asks for itself
  if (customElements.get(element.localName) || !element.isConnected) return;
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

/** Elements that start when near the viewport, as their own `loading="lazy"` does. */
let near: IntersectionObserver | undefined;

/** Starts `element`'s poster now (loading="eager") or once it nears the viewport. */
export function posterStart(element: Element): void {
  if (element.getAttribute('loading') === 'eager' || typeof IntersectionObserver !== 'function')
    return posterHeadStart(element);
  near ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        near!.unobserve(entry.target);
        posterHeadStart(entry.target);
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  near.observe(element);
}
