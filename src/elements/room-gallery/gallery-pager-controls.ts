/**
 * The paging controls: previous / next with "page x of y", or the load-more button. Pure rendering
 * from the element's PagerView. A lazy chunk: the element fetches it beside the first page of rooms
 * (in parallel, and shows both together), and galleries that scroll forever or do not page never do.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { Strings } from '../../internal/i18n.js';
import type { PagerView } from './gallery-pager.js';
import { pageCount } from './gallery-paging.js';

type PagerKey = 'pager' | 'previous' | 'next' | 'pageOf' | 'pageOnly' | 'loadMore';

/** The controls' own words, English and Dutch: they come with this module, not with the gallery. */
export const PAGER_STRINGS: Strings<PagerKey> = {
  en: {
    pager: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    pageOnly: 'Page {page}',
    loadMore: 'Show more rooms',
  },
  nl: {
    pager: 'Pagina’s',
    previous: 'Vorige',
    next: 'Volgende',
    pageOf: 'Pagina {page} van {pages}',
    pageOnly: 'Pagina {page}',
    loadMore: 'Meer kamers tonen',
  },
};

/** A control's words in the view's language, `{page}` placeholders filled. */
const words = (v: PagerView, key: PagerKey, values: Record<string, number> = {}) =>
  PAGER_STRINGS[v.lang ?? 'en'][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/** Adopted beside the gallery's own styles when this module arrives (same custom properties). */
export const pagerStyles = css`
  .pager {
    display: flex;
    gap: 0.75rem;
    align-items: center;
    justify-content: center;
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
  .more {
    display: flex;
    justify-content: center;
    margin-block-start: var(--_gap);
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
  return html`<nav part="pager" class="pager" aria-label=${words(v, 'pager')}>
    <button
      class="button secondary"
      type="button"
      aria-disabled=${prevOff ? 'true' : 'false'}
      @click=${() => !prevOff && v.onPage(page - 1)}
    >
      <span class="arrow" aria-hidden="true">←</span> ${words(v, 'previous')}
    </button>
    <span class="current"
      >${pages === undefined ? words(v, 'pageOnly', { page }) : words(v, 'pageOf', { page, pages })}</span
    >
    <button
      class="button secondary"
      type="button"
      aria-disabled=${nextOff ? 'true' : 'false'}
      @click=${() => !nextOff && v.onPage(page + 1)}
    >
      ${words(v, 'next')} <span class="arrow" aria-hidden="true">→</span>
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
      ${v.loadingMore ? v.t('loadingMore') : words(v, 'loadMore')}
    </button>
  </div>`;
}

export function renderPager(v: PagerView): TemplateResult | typeof nothing {
  if (v.mode === 'pages' && v.state !== 'empty') return renderPages(v);
  if (v.mode === 'more') return renderMore(v);
  return nothing;
}
