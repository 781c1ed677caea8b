/**
 * A gallery a server rendered with its first page (src/ssr/render-gallery.ts) carries that page as a
 * JSON island, a light-DOM child that never runs or shows:
 * `<script type="application/json" data-room-gallery>{"rooms": […], "total": 40}</script>`. The element
 * hands it to its own first request (through the head-start store, src/api/head-start.ts) under the URL
 * it will ask, so it draws the server's cards at once instead of skeletons and a second download. Only
 * for the plain first page firstPageUrl() names; any other query asks the service as usual.
 */
import { putEarly } from '../../api/head-start.js';
import { firstPageUrl } from './first-page.js';

const SELECTOR = ':scope > script[type="application/json"][data-room-gallery]';
/** The island's size limit: a page of at most 50 rooms is far smaller. */
const MAX_CHARS = 1_000_000;

export function takeServerPage(gallery: Element): void {
  const island = gallery.querySelector(SELECTOR);
  const text = island?.textContent;
  if (!text || text.length > MAX_CHARS) return;
  island.remove();
  const url = firstPageUrl(gallery);
  if (!url) return;
  try {
    const page: unknown = JSON.parse(text);
    if (!page || typeof page !== 'object' || !Array.isArray((page as { rooms?: unknown }).rooms)) return;
    putEarly(url, new Response(text, { headers: { 'Content-Type': 'application/json' } }));
  } catch {
    // not the page the server meant: the gallery asks the service itself
  }
}
