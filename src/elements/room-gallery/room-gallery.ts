// Dutch, German, French and Spanish: known to the element, downloaded only when it speaks one
import { AnalyticsLater } from '../../internal/analytics/analytics-later.js';
import '../../i18n/shipped.js';
import { html, nothing, type PropertyValues } from 'lit';
import type { Room } from '../../api/room-styling/index.js';
import { defineElement } from '../../internal/define.js';
import { LanguageController } from '../../internal/language.js';
import { RoomElement } from '../../internal/room-element.js';
import { hostStyles } from '../../internal/shared-styles.js';
import { ensureLanguage } from '../../internal/translations.js';
import { BrokenImages, type RenderCard } from './cards/card.js';
import { GalleryColumns } from './cards/columns.js';
import type { GalleryFiltersController } from './features/filters-controller.js';
import { renderErrorPanel } from './cards/error-panel.js';
import { renderGrid } from './cards/grid.js';
import { putEarly } from '../../api/head-start.js';
import type { GalleryHistory } from './features/history-controller.js';
import type { GalleryInfinite } from './features/infinite.js';
import * as lazy from './lazy.js';
import { GalleryLoader, STATUSES } from './loader.js';
import { pagerView, statusText } from './features/pager.js';
import { pageControls, pageControlStyles } from './gallery-list.js';
import { normalisePaging } from './paging.js';
import { activatedIndex, focusCard, renderEmpty, resultStyles } from './cards/results.js';
import { buildGalleryRequest, galleryLimit, limitConverter, normaliseSource } from './query.js';
import { serviceOf, serviceRoot } from './service.js';
import { StyleAttribute } from './style-attribute.js';
import { STRINGS, type Translate } from './room-gallery.strings.js';
import { galleryStyles } from './room-gallery.styles.js';
import { vocabularyText } from './vocabulary.js';

export type { CardContext, RenderCard } from './cards/card.js';

/**
 * Lists rooms of the room-styling service as a responsive grid of cards, with optional search
 * controls and three paging modes.
 *
 * @summary Room-styling search results as a grid of cards, with filters and paging.
 *
 * @attr style - The style filter as DESIGN.md spells it (`style="Modern"`), also the element's inline-CSS
 *   attribute: a value with CSS punctuation is taken as inline CSS and ignored as a filter. Same as `room-style`.
 *
 * @fires {CustomEvent<RoomSelectDetail>} room-select - A card was activated (click, tap or Enter). Detail `{ room }`. Cancelable:
 *   cancel it to keep the link from navigating (e.g. to open `<room-panorama>` in a dialog instead).
 * @fires {CustomEvent<RoomAnalyticsDetail>} room-analytics - Something the visitor did, for the page's analytics (the element
 *   sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view
 *   again, with `duration` in ms), `select` (a card activated: `roomId`, and `trackingTag` from the room's `tracking_tag`
 *   unless `tracking-tag` is set). Detail `{ action, roomId, trackingTag, experiment, duration }`. Never for property changes.
 * @fires {CustomEvent<RoomsLoadDetail>} rooms-load - A page of rooms arrived. Detail `{ rooms, total, page }`: `rooms` is the page just
 *   loaded, `page` its number, `total` as the service gave it (undefined with `skip-total`).
 * @fires {CustomEvent<RoomsErrorDetail>} rooms-error - Loading failed. Detail `{ error }`: an `ElementError` whose `kind` says what
 *   failed and whose `status` is the HTTP status, 0 for a network failure or a timeout.
 *
 * @csspart filters - The form holding the search box and selects (`filters` attribute).
 * @csspart filter - Each labelled control in it; each also has its own name below.
 * @csspart filter-q - The search box's label and field.
 * @csspart filter-style - The style select's label and field.
 * @csspart filter-category - The category select's label and field.
 * @csspart filter-since - The "since" select's label and field.
 * @csspart status - The polite live region announcing the result count.
 * @csspart grid - The list of cards.
 * @csspart card - One card (a link, or a button when the room has no safe URL).
 * @csspart image - The picture box of a card (also the CSS placeholder for a missing or unsafe image).
 * @csspart name - The room name in a card.
 * @csspart meta - Category and style in a card.
 * @csspart badge - A badge on the picture (each also has its own name below).
 * @csspart badge-panorama - The badge of a room with a panorama.
 * @csspart badge-photoreal - The badge of a room with a photo-real image.
 * @csspart pager - Previous / next navigation (`paging="pages"`).
 * @csspart more - The load-more button (`paging="more"`).
 * @csspart error - The error panel, the same in every element: an icon, a title naming the kind of failure, the message, and a retry button only where trying again can help (network, timeout, server).
 * @csspart error-icon - The panel's icon.
 * @csspart error-title - The panel's title line: the same words per kind of failure in every element.
 * @csspart error-message - The panel's message: the element's own words for its own reasons, else the kind's.
 * @csspart retry - The retry button (of the rooms, and of the filters' lists).
 * @csspart empty - The "no rooms" message with its clear-filters button.
 *
 * @cssprop --room-error-background - Background of the error panel (every element). Default follows the page's `color-scheme`.
 * @cssprop --room-error-color - Text colour of the error panel (every element).
 * @cssprop --room-error-accent - The error panel's bar, icon and retry border (every element).
 * @cssprop --room-error-border - The error panel's border (every element).
 * @cssprop --room-error-radius - The error panel's corner radius (every element).
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
  /**
   * room-analytics: the stand-in that records until the first cards are shown (analytics-later.ts).
   * @internal
   * @ignore
   */
  static override analyticsController = AnalyticsLater;
  static override styles = [hostStyles, galleryStyles, resultStyles];

  /**
   * Lit's reactive properties (attribute names and conversion); each is documented on its field below.
   * Declared as one static table rather than with decorators as the other elements are: the gallery is
   * the element a retailer's page loads first, and the decorator helper and per-field calls cost
   * ~400 B gzip of the 20 KB it may load before its first cards.
   */
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
    limit: { converter: limitConverter },
    page: { type: Number, reflect: true },
    filters: { type: Boolean },
    paging: {},
    linkTarget: { attribute: 'link-target' },
    skipTotal: { type: Boolean, attribute: 'skip-total' },
    history: {},
    renderCard: { attribute: false },
  };

  /** Root of the room-styling service; default: `configure({ apiBase })`, else the real service. Relative: to the page. */
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
   * that holds inline CSS (style-attribute.ts), and from `room-style`, which the style select
   * writes (reflected) and which never clashes with the page's inline styles. The property is
   * `roomStyle` because `style` is the element's CSSStyleDeclaration.
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
  /** Page size, 1 to 50 (out of range: 50, as the service does). Default 12. A page never shows more. */
  limit?: number = 12;
  /** 1-based page; reflects the page shown (with `more` / `infinite`: the last page loaded). */
  page = 1;
  /** Show a search box and style / category / timeframe selects (those the source can send). */
  filters = false;
  /** `pages` (previous / next, default), `more` (load-more button), `infinite` (loads on scroll) or `none`. */
  paging: string = 'pages';
  /** Target of card links (the room `url`). Default `_self`; any other opens with `rel="noopener noreferrer"`. */
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
   * `image` and `href` are already checked (absolute, http(s) only, else undefined); a string is shown
   * as text. If it throws, that room gets the gallery's own card (the error goes to the console).
   */
  renderCard?: RenderCard;
  /** The rooms shown now (with `more` / `infinite`: every page loaded so far). */
  get rooms(): readonly Room[] {
    return this.#loader.shown?.rooms ?? [];
  }

  /** The total the service gave for the current search, if any. */
  get total(): number | undefined {
    return this.#loader.shown?.total;
  }

  /** Loads the current page again (what the retry button does). */
  retry(): void {
    this.#loader.retry();
  }

  #lang = new LanguageController(this);
  #columns = new GalleryColumns(this);
  #images = new BrokenImages(this);
  // the controllers of features in lazy chunks, added when their chunk arrived (willUpdate)
  #history?: GalleryHistory;
  #filters?: GalleryFiltersController;
  #infinite?: GalleryInfinite;
  #styleAttribute = new StyleAttribute(this);
  #loader = new GalleryLoader(this, {
    started: (page) => this.#history?.write(this.#paging === 'pages' ? page : undefined),
    loaded: (rooms, total, page, append) => {
      if (append) this.#infinite?.appended();
      this.emit('rooms-load', { rooms, total, page });
    },
    failed: (error) => {
      this.#focusIndex = undefined;
      this.emit('rooms-error', { error });
    },
    // the words of the gallery's language, and with `paging="more"` its button (a lazy part), come with the rooms
    ready: () =>
      Promise.all([ensureLanguage(this.#lang.lang), this.#paging === 'more' && lazy.moreButton.get()]),
  });
  #focusIndex?: number;
  #adoptedParts = 0;

  #t: Translate = (key, values) => this.#lang.t(STRINGS, key, values);

  override connectedCallback(): void {
    // A first page a server rendered into the page (src/ssr/render-gallery.ts) is the answer to this
    // element's first request (`data-room-gallery`: its URL, as the element asks it): the server's
    // cards are drawn at once, with no skeleton and no second download. A few bytes: this is in the
    // first cards' chunk.
    const island = this.hasUpdated
      ? null
      : this.querySelector<HTMLScriptElement>(':scope>script[data-room-gallery]');
    if (island) {
      putEarly(island.dataset.roomGallery!, new Response(island.text));
      island.remove();
    }
    super.connectedCallback();
  }

  static override get observedAttributes(): string[] {
    // `lang` is global, not ours: watched so a gallery inside another shadow root follows it too
    return [...super.observedAttributes, 'style', 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === 'lang') this.requestUpdate();
    else if (name === 'style') this.#styleAttribute.changed(old, value);
    else super.attributeChangedCallback(name, old, value);
  }

  get #paging() {
    return normalisePaging(this.paging);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.history !== undefined && this.history !== null) {
      const history = lazy.partOrFetch(lazy.historySync, this);
      // reads the URL as it is added: its search wins over the attributes
      if (history) this.#history ??= new history.GalleryHistory(this);
      // the URL may hold another search than the attributes: load nothing before it was read
      else if (!lazy.historySync.failed) return;
    }
    const query = [buildGalleryRequest(this, 1), serviceRoot(serviceOf(this)), this.token, this.#paging];
    this.#loader.sync(JSON.stringify(query), changed.has('page'));
    const filters = this.filters && lazy.partOrFetch(lazy.filterControls, this);
    if (filters) {
      this.#filters ??= new filters.GalleryFiltersController(this, this.#filtersChanged);
    }
    const infinite = this.#paging === 'infinite' && lazy.partOrFetch(lazy.virtualRows, this);
    if (infinite) {
      this.#infinite ??= new infinite.GalleryInfinite(this, this.#loader, () => this.#columns.columns);
    }
    this.#adoptedParts = lazy.adoptPartStyles(
      this.renderRoot,
      RoomGallery.elementStyles,
      this.#adoptedParts,
      [
        // the previous / next controls' styles come with them (on the CDN after the first cards)
        pageControlStyles(),
      ],
    );
  }

  /** The retry and clear-filters buttons vanish once rooms arrive: focus goes on to the first of them. */
  #onRetry = (): void => {
    this.#focusIndex = this.#loader.attempt.append ? this.rooms.length : 0;
    this.retry();
  };

  #onClear = (): void => {
    this.#focusIndex = 0;
    this.q = this.roomStyle = this.category = this.since = undefined;
    this.#filtersChanged(true);
  };

  /** The user changed the search (`style`: the style filter among it): back to page 1, a history entry. */
  #filtersChanged = (style: boolean): void => {
    if (style) this.#styleAttribute.sync();
    this.page = 1;
    if (this.#history) this.#history.push = true;
  };

  #goToPage = (page: number): void => {
    if (this.#loader.state.status === 'loading' || page < 1 || page === this.#loader.shownPage) return;
    this.#focusIndex = 0;
    if (this.#history) this.#history.push = true;
    this.page = page;
  };

  #onMore = (): void => {
    this.#focusIndex = this.rooms.length;
    // the button is drawn by its lazy part, which is here then
    const part = lazy.moreButton.value;
    if (part) this.#loader.more(part.appendRooms);
  };

  #onCardClick = (event: MouseEvent): void => {
    const index = activatedIndex(event);
    const room = index === undefined ? undefined : this.rooms[index];
    if (!room) return;
    if (!this.emit('room-select', { room }, { cancelable: true })) event.preventDefault();
    // the room's own tracking tag, where the service gives one (room documents carry `tracking_tag`)
    const tag = (room as { tracking_tag?: unknown }).tracking_tag;
    this.analytics.track('select', {
      roomId: String(room.id),
      ...(typeof tag === 'string' ? { trackingTag: tag } : {}),
    });
  };

  protected override updated(): void {
    const { state } = this.#loader;
    this.setState(state.status, STATUSES);
    if (this.#focusIndex !== undefined && state.status === 'loaded' && !state.more) {
      focusCard(this.renderRoot, this.#focusIndex);
      this.#focusIndex = undefined;
    }
  }

  #renderRooms() {
    const { state } = this.#loader;
    if (state.status === 'empty') {
      return renderEmpty(
        this.#t,
        Boolean(this.q || this.roomStyle || this.category || this.since) && this.#onClear,
      );
    }
    const { rooms } = this;
    const loading = state.status === 'loading';
    if (!loading && !rooms.length) return nothing;
    const { shown } = state;
    return renderGrid({
      // as many as the page will hold, so the box the first cards land in is the one the skeleton held
      skeletons: loading ? galleryLimit(this.limit) : 0,
      rooms,
      label: this.#t('rooms'),
      virtual: this.#infinite?.rows,
      columns: this.#columns.columns,
      setSize: shown?.total ?? (shown?.hasNext ? -1 : rooms.length),
      item: {
        large: this.#columns.large,
        photoreal: normaliseSource(this.source) === 'photoreal',
        broken: this.#images.broken,
        target: this.linkTarget || '_self',
        root: serviceRoot(serviceOf(this)),
        custom: this.renderCard,
        t: this.#t,
        words: (table, key) => vocabularyText(table, this.#lang.lang, key),
      },
      onClick: this.#onCardClick,
      onImageError: this.#images.listener,
    });
  }

  override render() {
    const pages = pageControls();
    const pager = pagerView(this.#loader.state, {
      mode: this.#paging,
      limit: galleryLimit(this.limit),
      t: this.#t,
      onPage: this.#goToPage,
      onMore: this.#onMore,
    });
    return html`
      ${this.#filters?.render()}
      <p part="status" class="status" role="status">${statusText(pager)}</p>
      ${this.#renderRooms()} ${renderErrorPanel(this.#loader.state, this.#lang.lang, this.#t, this.#onRetry)}
      ${this.#paging === 'more' ? lazy.moreButton.value?.renderMore(pager) : pages?.(pager)}
      ${
        // the pager's place is held while the first page loads (src/loader.css counts it too), and on the
        // CDN until its controls came after the first cards (gallery-list.cdn.ts)
        this.#paging === 'pages' &&
        ((!pager.shownPage && pager.state === 'loading') || (!pages && pager.controls))
          ? html`<div class="pager-slot" aria-hidden="true"></div>`
          : nothing
      }
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
}
