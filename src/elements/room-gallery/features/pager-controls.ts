/**
 * The paging controls: previous / next with "page x of y" (the load-more button is features/more.ts, a
 * lazy part: only `paging="more"` downloads it). Pure rendering from the element's PagerView. In the
 * element's own bundle: the default gallery (`paging="pages"`) shows it with its first rooms, so as a
 * lazy chunk it was always fetched at once.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { PagerView } from './pager.js';
import { pageCount } from '../paging.js';

/** Beside the gallery's own styles (same custom properties). */
export const pagerStyles = css`
  .pager {
    display: flex;
    gap: 0.75rem;
    align-items: center;
    justify-content: center;
    block-size: 2.5rem;
    margin-block-start: var(--_gap);
  }
  .pager .current {
    min-inline-size: 7rem;
    text-align: center;
    color: var(--_muted);
  }
  .arrow {
    display: inline-block;
  }
  :host(:dir(rtl)) .arrow {
    transform: scaleX(-1);
  }
`;

function renderPages(v: PagerView): TemplateResult | typeof nothing {
  const { shownPage: page } = v;
  // nothing was ever shown (a first page failed): a pager would only offer dead ends
  if (!page) return nothing;
  const pages = pageCount(v.total, v.limit);
  if (page === 1 && !v.hasNext && pages === 1) return nothing;
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

export function renderPager(v: PagerView, more?: RenderMore): TemplateResult | typeof nothing {
  if (v.mode === 'pages' && v.state !== 'empty') return renderPages(v);
  if (v.mode === 'more' && more) return more(v);
  return nothing;
}
