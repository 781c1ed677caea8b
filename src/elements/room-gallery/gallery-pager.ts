/**
 * What the gallery says about where the visitor is: the live-region count ("Rooms 13 to 24 of 240")
 * and the paging controls (previous / next, or the load-more button). Pure rendering from a small
 * view of the element's state; the element owns the state and the actions.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { pageCount, rangeOf, type PagingMode } from './gallery-paging.js';
import type { StringKey } from './gallery-strings.js';

export interface PagerView {
  mode: PagingMode;
  state: 'loading' | 'loaded' | 'empty' | 'error';
  /** The page the shown rooms end with; 0 when nothing was ever shown. */
  shownPage: number;
  /** How many rooms are shown. */
  shown: number;
  total?: number;
  limit: number;
  hasNext: boolean;
  loadingMore: boolean;
  /** A load-more failed (its error panel offers the retry instead of the button). */
  failed: boolean;
  t: (key: StringKey, values?: Record<string, string | number>) => string;
  onPage(page: number): void;
  onMore(): void;
}

/** The text of the polite live region. */
export function statusText(v: PagerView): string {
  const { t, total, shown } = v;
  if (v.state === 'loading') return t('loading');
  if (v.state === 'error' && !shown) return ''; // the error panel (role=alert) speaks
  if (v.state === 'empty') return t('countTotal', { total: 0 });
  if (v.loadingMore) return t('loadingMore');
  if (v.mode === 'more' || v.mode === 'infinite') {
    return total === undefined ? t('countShown', { shown }) : t('countShownOfTotal', { shown, total });
  }
  const { from, to } = rangeOf(v.shownPage, v.limit, shown);
  return total === undefined ? t('countRangeOpen', { from, to }) : t('countRange', { from, to, total });
}

function renderPages(v: PagerView): TemplateResult | typeof nothing {
  const { t, shownPage: page } = v;
  // nothing was ever shown (a first page failed): a pager would only offer dead ends
  if (!page) return nothing;
  const pages = pageCount(v.total, v.limit);
  if (page === 1 && !v.hasNext && pages === 1) return nothing;
  // while a page loads the buttons stay (aria-disabled, still focusable) so focus is not lost
  const busy = v.state === 'loading';
  const prevOff = busy || page <= 1;
  const nextOff = busy || !v.hasNext;
  return html`<nav part="pager" class="pager" aria-label=${t('pager')}>
    <button
      class="button secondary"
      type="button"
      aria-disabled=${prevOff ? 'true' : 'false'}
      @click=${() => !prevOff && v.onPage(page - 1)}
    >
      <span class="arrow" aria-hidden="true">←</span> ${t('previous')}
    </button>
    <span class="current"
      >${pages === undefined ? t('pageOnly', { page }) : t('pageOf', { page, pages })}</span
    >
    <button
      class="button secondary"
      type="button"
      aria-disabled=${nextOff ? 'true' : 'false'}
      @click=${() => !nextOff && v.onPage(page + 1)}
    >
      ${t('next')} <span class="arrow" aria-hidden="true">→</span>
    </button>
  </nav>`;
}

function renderMore(v: PagerView): TemplateResult | typeof nothing {
  if (v.state !== 'loaded' || !v.hasNext || (v.failed && !v.loadingMore)) return nothing;
  return html`<div class="more">
    <button
      part="more"
      class="button"
      type="button"
      aria-disabled=${v.loadingMore ? 'true' : 'false'}
      @click=${() => !v.loadingMore && v.onMore()}
    >
      ${v.loadingMore ? v.t('loadingMore') : v.t('loadMore')}
    </button>
  </div>`;
}

export function renderPager(v: PagerView): TemplateResult | typeof nothing {
  if (v.mode === 'pages' && v.state !== 'empty') return renderPages(v);
  if (v.mode === 'more') return renderMore(v);
  return nothing;
}
