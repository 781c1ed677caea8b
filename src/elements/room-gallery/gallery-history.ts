/**
 * The `history` attribute: the search a user makes with the filter controls and the page they are on
 * go into the page URL, so a shared link or the back button restores the same search. Pure functions
 * over query strings; the element does the history.pushState / popstate wiring.
 *
 * Parameters are prefixed (`gallery-q`, `gallery-page`; `history="shop"` gives `shop-q`) so they
 * cannot collide with the page's own parameters or with a second gallery on the page.
 */
export const HISTORY_KEYS = ['q', 'style', 'category', 'since', 'page'] as const;
export type HistoryKey = (typeof HISTORY_KEYS)[number];
export type HistoryState = Partial<Record<HistoryKey, string>>;

export const DEFAULT_HISTORY_PREFIX = 'gallery';

export function historyPrefix(attribute: string | null | undefined): string {
  const clean = (attribute ?? '').trim().replace(/[^\w.-]/g, '');
  return clean || DEFAULT_HISTORY_PREFIX;
}

/** The gallery's state as a URL's query string holds it (only the keys that are there). */
export function readHistory(search: string, prefix: string): HistoryState {
  const params = new URLSearchParams(search);
  const state: HistoryState = {};
  for (const key of HISTORY_KEYS) {
    const value = params.get(`${prefix}-${key}`);
    if (value !== null) state[key] = value;
  }
  return state;
}

/**
 * `search` with the gallery's parameters replaced by `state` (empty values and page 1 are left out
 * so the plain gallery has a plain URL); the page's other parameters are kept in their order.
 */
export function writeHistory(search: string, prefix: string, state: HistoryState): string {
  const params = new URLSearchParams(search);
  for (const key of HISTORY_KEYS) {
    const name = `${prefix}-${key}`;
    const value = state[key]?.trim();
    if (!value || (key === 'page' && value === '1')) params.delete(name);
    else params.set(name, value);
  }
  const out = params.toString();
  return out ? `?${out}` : '';
}
