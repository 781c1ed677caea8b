/**
 * What the gallery says about where the visitor is: the live-region count ("Rooms 13 to 24 of 240"),
 * from a small view of the element's state that the paging controls (features/pager-controls.ts, a
 * lazy chunk) render from too. The element owns the state and the actions.
 */
import type { GalleryState } from '../loader.js';
import { pageCount, rangeOf, type PagingMode } from '../paging.js';
import type { Translate } from '../room-gallery.strings.js';

export interface PagerView {
  mode: PagingMode;
  state: 'loading' | 'loaded' | 'empty' | 'error';
  /** The page the shown rooms end with; 0 when nothing was ever shown. */
  shownPage: number;
  /** How many rooms are shown. */
  shown: number;
  total?: number;
  /** How many pages there are (from `total`); undefined without a total. */
  pages?: number;
  /** `paging="pages"` shows its previous / next controls now (pagesShown(); set by pagerView()). */
  controls?: boolean;
  limit: number;
  hasNext: boolean;
  loadingMore: boolean;
  /** A load-more failed (its error panel offers the retry instead of the button). */
  failed: boolean;
  t: Translate;
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

/**
 * Whether `paging="pages"` shows its previous / next controls: once rooms were shown, unless the one
 * page there is is all there is. Decided here, in the element's bundle, so that it holds their box
 * while the controls are still on their way (the CDN build loads them after the first cards).
 */
export function pagesShown(v: PagerView): boolean {
  // nothing was ever shown (a first page failed): a pager would only offer dead ends
  if (v.mode !== 'pages' || v.state === 'empty' || !v.shownPage) return false;
  return !(v.shownPage === 1 && !v.hasNext && v.pages === 1);
}

/** The pager's view of the gallery's state, with the element's mode, words and actions. */
export function pagerView(
  state: GalleryState,
  view: Pick<PagerView, 'mode' | 'limit' | 't' | 'onPage' | 'onMore'>,
): PagerView {
  const { shown } = state;
  const pager = {
    ...view,
    state: state.status,
    shownPage: shown?.page ?? 0,
    shown: shown?.rooms.length ?? 0,
    total: shown?.total,
    pages: pageCount(shown?.total, view.limit),
    hasNext: Boolean(shown?.hasNext),
    loadingMore: state.status === 'loaded' && state.more,
    failed: state.status === 'error',
  };
  return { ...pager, controls: pagesShown(pager) };
}
