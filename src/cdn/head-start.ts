/**
 * The loader's head start: the moment it sees a tag, it asks for what that element will ask for first,
 * while the element's chunks are still on their way (src/api/head-start.ts keeps the answers; the
 * element's own call takes them). On a phone's link the element would otherwise wait for its chunks,
 * evaluate them and only then send its first request: one round trip and the chunks' evaluation
 * before its picture could even be asked for.
 * - `<room-gallery>` (source rooms): its first page, from the loader itself.
 * - `<room-viewer room-id>` and `<room-panorama room-id>`: the poster's record, then its image
 *   (src/cdn/poster-start.ts, a chunk of its own the loader imports when it first sees one of them:
 *   a gallery page does not download it).
 * Only for a page that names its services (an element's `api-base`, or configure()), and only after the
 * page's module scripts have run, so a configure() in them is seen: never a guess at the real service.
 */
import { getConfig, DEFAULT_CONFIG } from '../config.js';
import { startEarly } from '../api/head-start.js';
import { firstPageUrl } from '../elements/room-gallery/first-page.js';

let posterChunk: Promise<typeof import('./poster-start.js')> | undefined;
const poster = (element: Element) =>
  void (posterChunk ??= import('./poster-start.js'))
    .then(({ posterStart }) => posterStart(element))
    .catch(() => undefined);

/**
 * What a tag's code waits for before it runs (src/cdn/autoload.ts): a viewer's or a panorama's, the
 * poster's chunk once it was asked for (about 1 KB, fetched beside the element's chain), so the poster
 * is asked for before the element could ask itself, even when the chain comes from the cache.
 */
export const headStartWait = (tag: string): Promise<unknown> | undefined =>
  START[tag] === poster ? posterChunk?.catch(() => undefined) : undefined;

const START: Record<string, (element: Element) => void> = {
  'room-viewer': poster,
  'room-panorama': poster,
  'room-gallery': (element) => {
    const url = firstPageUrl(element);
    if (url) startEarly(url);
  },
};

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
    START[element.localName]!(element);
  };
  // after the page's deferred and module scripts (their configure()), which run before DOMContentLoaded
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', ready, { once: true });
  else queueMicrotask(ready);
}
