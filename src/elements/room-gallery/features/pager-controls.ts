/**
 * The paging controls: previous / next with "page x of y" (the load-more button is features/more.ts, a
 * lazy part: only `paging="more"` downloads it). Pure rendering from the element's PagerView. The npm
 * build has them in the element's bundle; the CDN build loads them after the first cards with the list
 * client (after-cards.ts: what they offer, a further page, needs the client anyway), and the element
 * holds their box until then (room-gallery.ts, `.pager-slot`), so nothing moves when they appear.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { PagerView } from './pager.js';

// (for the server render, src/ssr/render-gallery.ts, which writes the controls with their styles)
export { pagerStyles } from './pager-styles.js';

/** Previous / next of `paging="pages"`; nothing in another mode or where there is no other page. */
export function renderPages(v: PagerView): TemplateResult | typeof nothing {
  if (!v.controls) return nothing;
  const { shownPage: page, pages } = v;
  // while a page loads the buttons stay (aria-disabled, still focusable) so focus is not lost
  const busy = v.state === 'loading';
  const prevOff = busy || page <= 1;
  const nextOff = busy || !v.hasNext;
  return html`<nav part="pager" class="pager" aria-label=${v.t('pager')}>
    <button
      class="button secondary"
      type="button"
      aria-disabled=${prevOff ? 'true' : 'false'}
      @click=${() => !prevOff && v.onPage(page - 1)}
    >
      <span class="arrow" aria-hidden="true">←</span> ${v.t('previous')}
    </button>
    <span class="current"
      >${pages === undefined ? v.t('pageOnly', { page }) : v.t('pageOf', { page, pages })}</span
    >
    <button
      class="button secondary"
      type="button"
      aria-disabled=${nextOff ? 'true' : 'false'}
      @click=${() => !nextOff && v.onPage(page + 1)}
    >
      ${v.t('next')} <span class="arrow" aria-hidden="true">→</span>
    </button>
  </nav>`;
}

/** What `paging="more"` renders (features/more.ts), once its chunk is here. */
export type RenderMore = (v: PagerView) => TemplateResult | typeof nothing;

/** Either mode's controls (the server render's: the element renders load-more itself). */
export function renderPager(v: PagerView, more?: RenderMore): TemplateResult | typeof nothing {
  return v.mode === 'more' ? (more?.(v) ?? nothing) : renderPages(v);
}
