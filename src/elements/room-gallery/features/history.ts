/**
 * The `history` attribute: the search a user makes with the filter controls and the page they are on
 * go into the page URL, so a shared link or the back button restores the same search. Pure functions
 * over query strings, and the reading and writing of `location` / `history`; the controller
 * (features/history-controller.ts, in the same lazy chunk) does the wiring.
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

/** What of the gallery the URL holds: its public properties. */
export interface HistoryHost {
  history?: string | null;
  q?: string;
  roomStyle?: string;
  category?: string;
  since?: string;
  page: number;
}

/**
 * On connect only what the URL holds overrides the attributes; on back / forward the URL is the
 * whole truth, so what it lacks is cleared (the search before the user typed had no `q`).
 */
export function applyHistory(host: HistoryHost, whole: boolean, toPage: (v: string) => number): void {
  const saved = readHistory(location.search, historyPrefix(host.history));
  const apply = (value: string | undefined, set: (v: string | undefined) => void) => {
    if (value !== undefined || whole) set(value || undefined);
  };
  apply(saved.q, (v) => (host.q = v));
  apply(saved.style, (v) => (host.roomStyle = v));
  apply(saved.category, (v) => (host.category = v));
  apply(saved.since, (v) => (host.since = v));
  apply(saved.page, (v) => (host.page = toPage(v ?? '')));
}

/**
 * Puts the gallery's search into the URL: user actions (`push`) make history entries, so back undoes
 * them; loading more or a page's own change replace the entry. `page` is left out when a URL could not
 * restore the pages above it (load-more and infinite scroll).
 */
export function saveHistory(host: HistoryHost, page: number | undefined, push: boolean): void {
  const search = writeHistory(location.search, historyPrefix(host.history), {
    q: host.q,
    style: host.roomStyle,
    category: host.category,
    since: host.since,
    page: page === undefined ? undefined : String(page),
  });
  if (search === location.search) return;
  const url = `${location.pathname}${search}${location.hash}`;
  if (push) history.pushState(history.state, '', url);
  else history.replaceState(history.state, '', url);
}
