import { adoptStyles, html, nothing, type CSSResult, type PropertyValues, type TemplateResult } from 'lit';
import type { ApiError } from '../../api/http.js';
import { serviceBase, type CallOptions, type RoomStylingClientOptions } from '../../api/room-styling/call.js';
import type { Room, RoomList, SearchMeta } from '../../api/room-styling/index.js';
// the list operations alone (not RoomStylingClient), so the bundle carries only the room list schema
import { listPanoramas, listPhotoreal, listRooms, searchRooms } from '../../api/room-styling/lists.js';
import { defineElement } from '../../internal/define.js';
import { languageOf, translate } from '../../internal/i18n.js';
import { RoomElement } from '../../internal/room-element.js';
import { safeHttpUrl } from '../../internal/safe-url.js';
import type { RenderCard } from './gallery-card.js';
import { renderSkeletons } from './gallery-skeletons.js';
import { asApiError } from './gallery-api-error.js';
import type { FilterName } from './gallery-filters.js';
import { cardWidthFor, columnsFor, isLargeCard } from './gallery-layout.js';
import { statusText, type PagerView } from './gallery-pager.js';
import { appendRooms, hasNextPage, normalisePaging, pageCount } from './gallery-paging.js';
import {
  buildGalleryRequest,
  galleryLimit,
  galleryPage,
  normaliseSource,
  styleFilterFromAttribute,
  type GalleryFilters,
  type GalleryRequest,
} from './gallery-query.js';
import { EN, type StringKey } from './gallery-strings.js';
import { galleryStyles } from './room-gallery.styles.js';

export type { CardContext, RenderCard } from './gallery-card.js';

const STATES = ['loading', 'loaded', 'empty', 'error'] as const;
type GalleryState = (typeof STATES)[number];

/** How long the search box waits for typing to pause before it searches. */
const SEARCH_DEBOUNCE_MS = 300;

/** An empty attribute is "not set", not 0 (which would be out of range and mean 50). */
const optionalNumber = {
  fromAttribute: (value: string | null) =>
    value === null || value.trim() === '' ? undefined : Number(value),
  toAttribute: (value: number | undefined) => (value === undefined ? null : String(value)),
};

/**
 * A part of the gallery the first cards do not need, downloaded once per page when a gallery first
 * wants it: `value` once it arrived, `failed` if it could not be (the gallery then does without:
 * English words, no pager; a browser would not fetch a failed module again anyway).
 */
class LazyPart<T> {
  value?: T;
  failed = false;
  #promise?: Promise<unknown>;
  constructor(private readonly load: () => Promise<T>) {}
  get(): Promise<unknown> {
    this.#promise ??= this.load().then(
      (module) => (this.value = module),
      () => (this.failed = true),
    );
    return this.#promise;
  }
}

/** Only galleries on a Dutch page download the Dutch words. */
const dutch = new LazyPart(() => import('./gallery-strings-nl.js'));
/** Only galleries with an error to show download its wording. */
const errorWords = new LazyPart(() => import('./gallery-error-words.js'));
/** Only galleries that page (`pages`, `more`) download the paging controls. */
const pagerControls = new LazyPart(() => import('./gallery-pager-controls.js'));
/**
 * Every gallery, beside its first rooms: the built-in card and the styles of what an answer shows
 * (cards, errors, buttons). Without it (a failed download) cards are plain links.
 */
const results = new LazyPart(() => import('./gallery-results.js'));
/** Only galleries with `history` download the URL sync. */
const historySync = new LazyPart(() => import('./gallery-history.js'));

function callService(
  service: RoomStylingClientOptions,
  request: GalleryRequest,
  call: CallOptions,
): Promise<RoomList> {
  switch (request.operation) {
    case 'searchRooms':
      return searchRooms(service, request.params, call);
    case 'listPanoramas':
      return listPanoramas(service, request.params, call);
    case 'listPhotoreal':
      return listPhotoreal(service, request.params, call);
    default:
      return listRooms(service, request.params, call);
  }
}

/**
 * Lists rooms of the room-styling service as a responsive grid of cards, with optional search
 * controls and three paging modes.
 *
 * @summary Room-styling search results as a grid of cards, with filters and paging.
 *
 * @attr style - The style filter as DESIGN.md spells it (`style="Modern"`), also the element's inline-CSS
 *   attribute: a value with CSS punctuation is taken as inline CSS and ignored as a filter. Same as `room-style`.
 *
 * @fires room-select - A card was activated (click, tap or Enter). Detail `{ room }`. Cancelable:
 *   cancel it to keep the link from navigating (e.g. to open `<room-panorama>` in a dialog instead).
 * @fires rooms-load - A page of rooms arrived. Detail `{ rooms, total, page }`: `rooms` is the page just
 *   loaded, `page` its number, `total` as the service gave it (undefined with `skip-total`).
 * @fires rooms-error - Loading failed. Detail `{ error }`: an `ApiError` whose `status` is the HTTP status,
 *   0 for a network failure or a timeout.
 *
 * @csspart filters - The form holding the search box and selects (`filters` attribute).
 * @csspart filter - Each labelled control in it; also `filter-q`, `filter-style`, `filter-category`, `filter-since`.
 * @csspart status - The polite live region announcing the result count.
 * @csspart grid - The list of cards.
 * @csspart card - One card (a link, or a button when the room has no safe URL).
 * @csspart image - The picture box of a card (also the CSS placeholder for a missing or unsafe image).
 * @csspart name - The room name in a card.
 * @csspart meta - Category and style in a card.
 * @csspart badge - A badge on the picture; also `badge-panorama`, `badge-photoreal`.
 * @csspart pager - Previous / next navigation (`paging="pages"`).
 * @csspart more - The load-more button (`paging="more"`).
 * @csspart error - The error message with its retry button.
 * @csspart retry - The retry button.
 * @csspart empty - The "no rooms" message with its clear-filters button.
 *
 * @cssprop --room-gallery-columns - Number of columns; default: as many `--room-gallery-card-width` columns as fit.
 * @cssprop --room-gallery-card-width - Minimum card width when columns are automatic. Default `14rem`.
 * @cssprop --room-gallery-gap - Space between cards. Default `1rem`.
 * @cssprop --room-gallery-card-radius - Corner radius of cards and controls. Default `0.5rem`.
 * @cssprop --room-gallery-image-aspect - Aspect ratio of card pictures. Default `4 / 3`.
 * @cssprop --room-gallery-color - Text colour.
 * @cssprop --room-gallery-muted-color - Secondary text colour (meta, status).
 * @cssprop --room-gallery-card-background - Card and control background.
 * @cssprop --room-gallery-border-color - Card and control borders.
 * @cssprop --room-gallery-accent-color - Buttons, links and the focus ring.
 * @cssprop --room-gallery-on-accent-color - Text on accent-coloured buttons.
 * @cssprop --room-gallery-placeholder-color - Placeholder pictures and skeleton cards.
 * @cssprop --room-gallery-badge-background - Badge background.
 * @cssprop --room-gallery-badge-color - Badge text.
 * @cssprop --room-gallery-error-color - The error message.
 * @cssprop --room-gallery-focus-color - The focus ring. Default: the accent colour.
 *
 * @cssstate loading - A page is loading (skeleton cards for a first page). Also `state="loading"`.
 * @cssstate loaded - Rooms are shown. Also `state="loaded"`.
 * @cssstate empty - The service found no rooms. Also `state="empty"`.
 * @cssstate error - Loading failed; a retry button is shown. Also `state="error"`.
 */
export class RoomGallery extends RoomElement {
  static override styles = galleryStyles;

  /** Lit's reactive properties (attribute names and conversion); each is documented on its field below. */
  static override properties = {
    apiBase: { attribute: 'api-base' },
    whitelabel: {},
    token: {},
    source: {},
    q: { reflect: true },
    roomStyle: { attribute: 'room-style', reflect: true },
    category: { reflect: true },
    since: { reflect: true },
    kind: {},
    userId: { attribute: 'user-id' },
    tag: {},
    order: {},
    direction: {},
    created: {},
    lastUpdated: { attribute: 'last-updated' },
    limit: { converter: optionalNumber },
    page: { type: Number, reflect: true },
    filters: { type: Boolean },
    paging: {},
    linkTarget: { attribute: 'link-target' },
    skipTotal: { type: Boolean, attribute: 'skip-total' },
    history: {},
    renderCard: { attribute: false },
    _rooms: { attribute: false },
    _total: { attribute: false },
    _state: { attribute: false },
    _error: { attribute: false },
    _loadingMore: { attribute: false },
    _hasNext: { attribute: false },
    _filtersModule: { attribute: false },
    _meta: { attribute: false },
    _metaFailed: { attribute: false },
    _columns: { attribute: false },
    _large: { attribute: false },
    _broken: { attribute: false },
    _virtual: { attribute: false },
  };

  /** Root of the room-styling service; default: `configure({ apiBase })`, else the real service. */
  apiBase?: string;

  /** Whitelabel name: the `whitelabel` filter of `source="rooms"`; default: `configure({ whitelabel })`. */
  whitelabel?: string;

  /** A logged-in user's token (needed for `kind="own"`); default: `configure({ token })`. */
  token?: string;

  /** `rooms` (GET /rooms, default), `search` (GET /rooms/search), `panoramas` or `photoreal`. */
  source: string = 'rooms';

  /** Search text (`source="search"`). Reflected: the search box writes it. */
  q?: string;

  /**
   * Style key from search meta (`source="search"`). Read from the `style` attribute (DESIGN.md), unless
   * that holds inline CSS, and from `room-style`, which the style select writes (reflected) and which
   * never clashes with the page's inline styles. The property is `roomStyle` because `style` is the
   * element's CSSStyleDeclaration.
   */
  roomStyle?: string;

  /** Category key from search meta (`search` and `rooms`). Reflected: the category select writes it. */
  category?: string;

  /** Timeframe key from search meta (`search`, `panoramas`, `photoreal`). Reflected: the timeframe select writes it. */
  since?: string;

  /** `own` searches the logged-in user's rooms (`source="search"`, needs `token`). */
  kind?: string;

  /** Only rooms of this user (`source="rooms"`). */
  userId?: string;

  /** Only rooms with this tag (`source="rooms"`). */
  tag?: string;

  /** Attribute of the rooms to order by (`source="rooms"`). */
  order?: string;

  /** `asc` or `desc` (default `desc` when `order` is set); sent as `Direction`. */
  direction?: string;

  /** Rooms created at or after this time, `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` (`source="rooms"`). */
  created?: string;

  /** Rooms updated at or after this time, like `created` (`source="rooms"`). */
  lastUpdated?: string;

  /** Page size, 1 to 50 (out of range: 50, as the service does). Default 12. */
  limit?: number = 12;

  /** 1-based page; reflects the page shown (with `more` / `infinite`: the last page loaded). */
  page = 1;

  /** Show a search box and style / category / timeframe selects (those the source can send). */
  filters = false;

  /** `pages` (previous / next, default), `more` (load-more button), `infinite` (loads on scroll) or `none`. */
  paging: string = 'pages';

  /** Target of card links (the room `url`). Default `_self`. */
  linkTarget = '_self';

  /** Send `skip_total` (faster): no page count, and "next" is offered until a short page. */
  skipTotal = false;

  /**
   * Keep the search (q, style, category, since) and the page in the page URL, so a shared link or the
   * back button restores it. The value prefixes the URL parameters (default `gallery`: `gallery-q`).
   */
  history?: string | null;

  /**
   * Renders a page's own card: `(room, { index, large, image, href }) => template | string | Node`.
   * `image` and `href` are already checked (http(s) only, else undefined); a string is shown as text.
   * If it throws, that room gets the gallery's own card (the error goes to the console).
   */
  renderCard?: RenderCard;

  /** The rooms shown now (with `more` / `infinite`: every page loaded so far). */
  get rooms(): readonly Room[] {
    return this._rooms;
  }

  /** The total the service gave for the current search, if any. */
  get total(): number | undefined {
    return this._total;
  }

  private _rooms: Room[] = [];
  private _total?: number;
  private _state: GalleryState = 'loading';
  private _error?: ApiError;
  /** True while a further page (load-more / infinite) is on its way; the shown rooms stay. */
  private _loadingMore = false;
  private _hasNext = false;
  /** The filter controls' module, downloaded only by galleries that show filters. */
  private _filtersModule?: typeof import('./gallery-filters.js');
  private _meta?: SearchMeta;
  private _metaFailed = false;
  private _columns = 1;
  private _large = false;
  private _broken = new Set<string>();
  /** The virtualised rows (with the virtualiser), downloaded only for `paging="infinite"`. */
  private _virtual?: typeof import('./gallery-virtual.js');

  #generation = 0;
  #controller?: AbortController;
  #queryKey = '';
  /** The page the shown rooms end with, so reflecting it does not start another load. */
  #shownPage = 0;
  /** Without a total: a page found to be the last by stepping past it (the next one came back empty). */
  #endPage?: number;
  #lastAttempt: { append: boolean; page: number } = { append: false, page: 1 };
  #focusIndex?: number;
  #pushHistory = false;
  #searchTimer?: ReturnType<typeof setTimeout>;
  #resizeObserver?: ResizeObserver;
  /** Watches the sentinel after the last card (`paging="infinite"`); null stops watching. */
  #watchEnd?: (sentinel: Element | null) => void;
  /** Set when a page was appended: watching again reports a sentinel still in view at once. */
  #rearmEnd = false;
  #metaRequested = '';

  #t = (key: StringKey, values?: Record<string, string | number>): string =>
    translate({ en: EN, nl: dutch.value?.NL ?? EN }, this, key, values);

  /** Parts of the gallery this one needs before it shows rooms (fetched beside them, not after). */
  #wantedParts(): Promise<unknown> {
    const mode = this.#paging;
    return Promise.all([
      results.get(),
      languageOf(this) === 'nl' ? dutch.get() : undefined,
      mode === 'pages' || mode === 'more' ? pagerControls.get() : undefined,
    ]);
  }

  static override get observedAttributes(): string[] {
    // `lang` is global, not ours: watched so the words follow a change on the element at once
    return [...super.observedAttributes, 'style', 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === 'lang') return this.requestUpdate();
    if (name === 'style') {
      // inline CSS in `style` is not a filter; a key replaced by CSS (or removed) clears the filter
      const wasKey = styleFilterFromAttribute(old) !== undefined;
      this.roomStyle = styleFilterFromAttribute(value) ?? (wasKey ? undefined : this.roomStyle);
      return;
    }
    super.attributeChangedCallback(name, old, value);
  }

  /** Keeps a `style="Modern"` attribute (the contract's spelling) in step with the select. */
  #syncStyleAttribute(): void {
    const current = this.getAttribute('style');
    if (current === null || styleFilterFromAttribute(current) === undefined) return;
    if (this.roomStyle) this.setAttribute('style', this.roomStyle);
    else this.removeAttribute('style');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.#historyOn) {
      // with the URL sync not downloaded yet, willUpdate holds the first load until it is here
      historySync.value?.applyHistory(this, false, galleryPage);
      window.addEventListener('popstate', this.#onPopState);
    }
    // a load cut short by a disconnect starts again; the observers a disconnect ended are made again
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('popstate', this.#onPopState);
    clearTimeout(this.#searchTimer);
    this.#resizeObserver?.disconnect();
    this.#resizeObserver = undefined;
    this.#watchEnd?.(null);
    this.#watchEnd = undefined;
    if (this.#controller && !this.#controller.signal.aborted) {
      this.#controller.abort();
      this.#generation++;
      // a further page cut short is asked for again by the next scroll or click; a first page loads
      // again on reconnect
      if (this.#lastAttempt.append) this._loadingMore = false;
      else this.#queryKey = '';
    }
  }

  /** Loads the current page again (what the retry button does). */
  retry(): void {
    this.#load(this.#lastAttempt.append, this.#lastAttempt.page);
  }

  get #historyOn(): boolean {
    return this.history !== undefined && this.history !== null;
  }

  get #source() {
    return normaliseSource(this.source);
  }

  get #paging() {
    return normalisePaging(this.paging);
  }

  #filters(): GalleryFilters {
    return {
      source: this.source,
      q: this.q,
      style: this.roomStyle,
      category: this.category,
      since: this.since,
      kind: this.kind,
      userId: this.userId,
      tag: this.tag,
      whitelabel: this.whitelabel,
      order: this.order,
      direction: this.direction,
      created: this.created,
      lastUpdated: this.lastUpdated,
      limit: this.limit,
      skipTotal: this.skipTotal,
    };
  }

  /** What RoomStylingClient would be given: the element's attributes, else configure()'s. */
  #service(): RoomStylingClientOptions {
    return {
      base: this.apiBase || undefined,
      token: this.token || undefined,
      whitelabel: this.whitelabel || undefined,
    };
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.#historyOn && !historySync.value && !historySync.failed) {
      // the URL may hold another search than the attributes: load nothing before it was read
      historySync.get().then(() => {
        if (this.isConnected) historySync.value?.applyHistory(this, false, galleryPage);
        this.requestUpdate();
      });
      return;
    }
    const key = JSON.stringify([
      buildGalleryRequest(this.#filters(), 1),
      this.apiBase,
      this.token,
      this.#paging,
    ]);
    if (key !== this.#queryKey) {
      // a filter changed: back to the first page, unless the page was set in the same breath
      // (a restored URL, or a page setting both)
      if (this.#queryKey && !changed.has('page')) this.page = 1;
      this.#queryKey = key;
      this.#endPage = undefined;
      this.#load(false, galleryPage(this.page));
    } else if (changed.has('page') && galleryPage(this.page) !== this.#shownPage) {
      this.#load(false, galleryPage(this.page));
    }
    if (this.filters && !this._filtersModule) {
      import('./gallery-filters.js').then((module) => (this._filtersModule = module));
    }
    if (this.filters && this._filtersModule && !this._meta) this.#requestMeta();
    if (this.#paging === 'infinite' && !this._virtual) {
      // the virtualiser costs a few KB: only pages that scroll forever download it
      import('./gallery-virtual.js').then(
        (module) => (this._virtual = module),
        () => undefined, // without it the plain grid still works, only unbounded
      );
    }
    this.#adoptPartStyles();
  }

  #adoptedParts = 0;

  /** The lazy parts bring their own styles: adopted after the gallery's once they arrived, before they render. */
  #adoptPartStyles(): void {
    const parts = [
      results.value?.resultStyles,
      this._filtersModule?.filterStyles,
      pagerControls.value?.pagerStyles,
      this._virtual?.virtualStyles,
    ].filter((styles): styles is CSSResult => styles !== undefined);
    if (parts.length === this.#adoptedParts || !(this.renderRoot instanceof ShadowRoot)) return;
    this.#adoptedParts = parts.length;
    adoptStyles(this.renderRoot, [...(this.constructor as typeof RoomGallery).elementStyles, ...parts]);
  }

  #load(append: boolean, page: number): void {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const generation = ++this.#generation;
    this.#lastAttempt = { append, page };
    this._error = undefined;
    if (append) this._loadingMore = true;
    else {
      this._loadingMore = false;
      this._state = 'loading';
    }
    this.#writeHistory(page);
    const request = buildGalleryRequest(this.#filters(), page);
    const limit = galleryLimit(this.limit);
    // the parts this gallery shows with its rooms come in parallel with them, so the first cards
    // wait for no extra round trip, and rooms, Dutch words and pager appear together
    const parts = this.#wantedParts();
    callService(this.#service(), request, { signal: controller.signal })
      .then(
        (list) => parts.then(() => list),
        // an error waits for its words too (a second round trip, but only on the way to an error;
        // a request aborted by a newer one or by a disconnect shows nothing and fetches no words)
        (error: unknown) =>
          Promise.all([parts, generation === this.#generation && errorWords.get()]).then(() => {
            throw error;
          }),
      )
      .then(
        (list) => {
          // a response that arrives after a newer request started is never shown
          if (generation !== this.#generation) return;
          if (!append && !list.rooms.length && page > 1) {
            // past the end (a stale link, a shrunken list, or "next" after a full last page without a
            // total): show the last page instead of an empty one that looks like "no rooms"
            const last = list.total !== undefined ? pageCount(list.total, limit)! : page - 1;
            if (list.total === undefined) this.#endPage = last;
            if (last < page) return this.#load(false, last);
          }
          this._rooms = append ? appendRooms(this._rooms, list.rooms) : list.rooms;
          this._total = list.total;
          this._hasNext =
            hasNextPage({ page, limit, received: list.rooms.length, total: list.total }) &&
            (this.#endPage === undefined || page < this.#endPage);
          this._loadingMore = false;
          this._state = this._rooms.length ? 'loaded' : 'empty';
          this.#shownPage = page;
          this.page = page;
          this.#controller = undefined;
          this.emit('rooms-load', { rooms: list.rooms, total: list.total, page });
          this.#rearmEnd = append;
        },
        (error: unknown) => {
          if (generation !== this.#generation) return;
          this.#controller = undefined;
          this._loadingMore = false;
          if (!append) {
            // rooms of an older search or page must not sit under an error about this one
            this._rooms = [];
            this._total = undefined;
            this.#shownPage = 0;
          }
          this._error = asApiError(error);
          this._state = 'error';
          this.#focusIndex = undefined;
          this.emit('rooms-error', { error: this._error });
        },
      );
  }

  #loadNext(): void {
    if (this._loadingMore || this._state === 'loading' || !this._hasNext || this._error) return;
    this.#load(true, this.#shownPage + 1);
  }

  #requestMeta(): void {
    const loadSearchMeta = this._filtersModule?.loadSearchMeta;
    if (!loadSearchMeta) return;
    const service = this.#service();
    const base = serviceBase(service);
    if (this.#metaRequested === base) return;
    this.#metaRequested = base;
    this._metaFailed = false;
    loadSearchMeta(service).then(
      (meta) => {
        if (this.#metaRequested === base) this._meta = meta;
      },
      () => {
        // the search box still works without the lists; say so and offer to ask again
        if (this.#metaRequested === base) this._metaFailed = true;
      },
    );
  }

  #onFilterInput = (name: FilterName, value: string, immediate: boolean): void => {
    clearTimeout(this.#searchTimer);
    const property = name === 'style' ? 'roomStyle' : name;
    const apply = () => {
      if ((this[property] ?? '') === value) return;
      this[property] = value || undefined;
      if (name === 'style') this.#syncStyleAttribute();
      this.page = 1;
      this.#pushHistory = true;
    };
    if (immediate) apply();
    else this.#searchTimer = setTimeout(apply, SEARCH_DEBOUNCE_MS);
  };

  /** The retry and clear-filters buttons vanish once rooms arrive: focus goes on to the first of them. */
  #onRetry = (): void => {
    this.#focusIndex = this.#lastAttempt.append ? this._rooms.length : 0;
    this.retry();
  };

  #clearFilters = (): void => {
    this.#focusIndex = 0;
    this.q = this.roomStyle = this.category = this.since = undefined;
    this.#syncStyleAttribute();
    this.page = 1;
    this.#pushHistory = true;
  };

  #goToPage(page: number): void {
    if (this._state === 'loading' || page < 1 || page === this.#shownPage) return;
    this.#focusIndex = 0;
    this.#pushHistory = true;
    this.page = page;
  }

  #onMore = (): void => {
    if (this._loadingMore) return;
    this.#focusIndex = this._rooms.length;
    this.#loadNext();
  };

  #onCardClick = (event: MouseEvent): void => {
    const index = results.value?.activatedIndex(event);
    const room = index === undefined ? undefined : this._rooms[index];
    if (room && !this.emit('room-select', { room }, { cancelable: true })) event.preventDefault();
  };

  /** `error` does not bubble: one capturing listener on the grid hears every card's image. */
  #onImageError = {
    capture: true,
    handleEvent: (event: Event): void => {
      const img = event.target;
      if (!(img instanceof HTMLImageElement) || !img.src) return;
      this._broken = new Set(this._broken).add(img.src);
    },
  };

  // ---- history ----

  #onPopState = (): void => {
    historySync.value?.applyHistory(this, true, galleryPage);
  };

  #writeHistory(page: number): void {
    const push = this.#pushHistory;
    this.#pushHistory = false;
    if (!this.#historyOn || typeof history === 'undefined') return;
    // with load-more and infinite scroll a URL cannot restore the pages above, so it keeps none
    historySync.value?.saveHistory(this, this.#paging === 'pages' ? page : undefined, push);
  }

  // ---- layout ----

  #measure(): void {
    const probe = this.renderRoot.querySelector<HTMLElement>('.probe');
    if (!probe) return;
    const width = this.clientWidth;
    const cardWidth = probe.getBoundingClientRect().width;
    const gap = parseFloat(getComputedStyle(probe).columnGap) || 0;
    const explicit = parseInt(getComputedStyle(this).getPropertyValue('--room-gallery-columns'), 10);
    const columns = columnsFor(width, cardWidth, gap, Number.isNaN(explicit) ? undefined : explicit);
    if (columns !== this._columns) this._columns = columns;
    const large = isLargeCard(cardWidthFor(width, columns, gap), devicePixelRatio);
    if (large !== this._large) this._large = large;
  }

  protected override updated(changed: PropertyValues): void {
    this.setState(this._state, STATES);
    // set through the CSSOM (not a style attribute) so a strict style-src CSP allows it
    this.renderRoot
      .querySelector<HTMLElement>('.grid.virtual')
      ?.style.setProperty('--_columns', String(this._columns));
    if (!this.#resizeObserver) {
      // made again after a reconnect (a gallery moved into a dialog still lays out its columns);
      // measured in the next frame: changing columns inside the observer callback would resize what
      // it observes in the same frame (the "ResizeObserver loop" warning)
      this.#resizeObserver = new ResizeObserver(() => requestAnimationFrame(() => this.#measure()));
      this.#resizeObserver.observe(this);
    }
    // the end watcher comes with the virtual module (both only for `paging="infinite"`)
    const fresh = !this.#watchEnd;
    this.#watchEnd ??= this._virtual?.endWatcher(() => this.#paging === 'infinite' && this.#loadNext());
    if (fresh || this.#rearmEnd || changed.has('paging') || changed.has('_state')) {
      this.#rearmEnd = false;
      this.#watchEnd?.(this.#paging === 'infinite' ? this.renderRoot.querySelector('.sentinel') : null);
    }
    if (this.#focusIndex !== undefined && this._state === 'loaded' && !this._loadingMore) {
      results.value?.focusCard(this.renderRoot, this.#focusIndex);
      this.#focusIndex = undefined;
    }
  }

  // ---- rendering ----

  #renderItem(room: Room, index: number, setSize?: number): TemplateResult {
    const href = safeHttpUrl(room.url);
    const target = this.linkTarget || '_self';
    return html`<li
      class="item"
      role="listitem"
      data-index=${index}
      aria-setsize=${setSize ?? nothing}
      aria-posinset=${setSize !== undefined ? index + 1 : nothing}
    >
      ${
        results.value?.renderItemCard(room, {
          index,
          large: this._large,
          photoreal: this.#source === 'photoreal',
          broken: this._broken,
          href,
          target,
          custom: this.renderCard,
          t: this.#t,
        }) ??
        // without the results chunk (a failed download): plain links
        html`<a part="card" class="card" href=${href ?? nothing} target=${target}>${room.name}</a>`
      }
    </li>`;
  }

  #renderGrid(): TemplateResult {
    const firstLoad = this._state === 'loading';
    if (firstLoad) {
      return html`<ul part="grid" class="grid" role="list" aria-busy="true" aria-label=${this.#t('rooms')}>
        ${renderSkeletons(Math.min(galleryLimit(this.limit), 24))}
      </ul>`;
    }
    const virtual = this.#paging === 'infinite' ? this._virtual : undefined;
    if (virtual) {
      // rows of cards, only those near the viewport in the DOM: 1 000 rooms stay a few hundred nodes
      const setSize = this._total ?? (this._hasNext ? -1 : this._rooms.length);
      return html`<div
        part="grid"
        class="grid virtual"
        role="list"
        aria-label=${this.#t('rooms')}
        @click=${this.#onCardClick}
        @error=${this.#onImageError}
      >
        ${virtual.renderVirtualRows(this._rooms, this._columns, (room, index) =>
          this.#renderItem(room, index, setSize),
        )}
      </div>`;
    }
    return html`<ul
      part="grid"
      class="grid"
      role="list"
      aria-label=${this.#t('rooms')}
      @click=${this.#onCardClick}
      @error=${this.#onImageError}
    >
      ${this._rooms.map((room, index) => this.#renderItem(room, index))}
    </ul>`;
  }

  #renderError(): TemplateResult | typeof nothing {
    if (!this._error) return nothing;
    const words = errorWords.value;
    const described = words?.describeError(this._error);
    // without its words (they could not be downloaded either) the error says what the client said
    const text = described
      ? translate(words!.ERROR_STRINGS, this, described.key, described.values)
      : this._error.message;
    return html`<div part="error" class="error" role="alert">
      <p>${text}</p>
      <button part="retry" class="button" type="button" @click=${this.#onRetry}>${this.#t('retry')}</button>
    </div>`;
  }

  #renderEmpty(): TemplateResult | typeof nothing {
    if (this._state !== 'empty') return nothing;
    const filtered = Boolean(this.q || this.roomStyle || this.category || this.since);
    // without the results chunk (a failed download): the words alone
    return (
      results.value?.renderEmpty(this.#t, filtered && this.#clearFilters) ??
      html`<p part="empty">${this.#t('empty')}</p>`
    );
  }

  /** On a Dutch page, before the Dutch words arrived: the live region waits rather than speak English. */
  #wordsPending(): boolean {
    if (dutch.value || dutch.failed || languageOf(this) !== 'nl') return false;
    dutch.get().then(() => this.requestUpdate());
    return true;
  }

  override render() {
    const pager: PagerView = {
      mode: this.#paging,
      state: this._state,
      shownPage: this.#shownPage,
      shown: this._rooms.length,
      total: this._total,
      limit: galleryLimit(this.limit),
      hasNext: this._hasNext,
      loadingMore: this._loadingMore,
      failed: Boolean(this._error),
      t: this.#t,
      lang: languageOf(this),
      onPage: (page) => this.#goToPage(page),
      onMore: this.#onMore,
    };
    return html`
      ${
        this.filters && this._filtersModule
          ? this._filtersModule.renderFilters({
              source: this.#source,
              values: {
                q: this.q ?? '',
                style: this.roomStyle ?? '',
                category: this.category ?? '',
                since: this.since ?? '',
              },
              meta: this._meta,
              metaFailed: this._metaFailed,
              lang: languageOf(this),
              onInput: this.#onFilterInput,
              onRetryMeta: () => {
                this.#metaRequested = '';
                this.#requestMeta();
              },
            })
          : nothing
      }
      <p part="status" class="status" role="status">${this.#wordsPending() ? '' : statusText(pager)}</p>
      ${this._state === 'empty' ? this.#renderEmpty() : this._rooms.length || this._state === 'loading' ? this.#renderGrid() : nothing}
      ${this.#renderError()} ${pagerControls.value?.renderPager(pager) ?? nothing}
      ${this.#paging === 'infinite' ? html`<div class="sentinel" aria-hidden="true"></div>` : nothing}
      <div class="probe" aria-hidden="true"></div>
    `;
  }
}

defineElement('room-gallery', RoomGallery);

declare global {
  interface HTMLElementTagNameMap {
    'room-gallery': RoomGallery;
  }
  interface GlobalEventHandlersEventMap {
    'room-select': CustomEvent<{ room: Room }>;
    'rooms-load': CustomEvent<{ rooms: Room[]; total?: number; page: number }>;
    'rooms-error': CustomEvent<{ error: ApiError }>;
  }
}
