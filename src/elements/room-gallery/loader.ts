/**
 * Where the gallery loads and pages: one state union for what is shown (a first page loading, rooms
 * with perhaps a further page on its way, no rooms, an error). The newest load wins: an answer that
 * arrives after a newer load started is never shown and the older request is aborted, as the other
 * elements' LatestRequestController does (kept here in a few lines: its class is not on the first
 * cards' path, issue 35). Pages past the end fall back to the last page; a further page
 * (load-more, infinite) is appended without duplicates; a page never holds more than `limit` rooms,
 * whatever the service sends.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Room, RoomList } from '../../api/room-styling/index.js';
import type { ElementError } from '../../internal/element-error.js';
import { elementErrorOf } from '../../internal/element-error-of.js';
import { DisconnectController } from '../../internal/moved.js';
import { errorWords } from './lazy.js';
import type { appendRooms } from './append-rooms.js';
import { hasNextPage, pageCount } from './paging.js';
import { buildGalleryRequest, galleryLimit, galleryPage, type GalleryFilters } from './query.js';
import { listGallery, warmLists } from './gallery-list.js';
import { serviceOf } from './service.js';

/** The rooms on screen: every page loaded so far with `more` / `infinite`. */
export interface Shown {
  readonly rooms: readonly Room[];
  readonly total?: number;
  /** The page the shown rooms end with. */
  readonly page: number;
  readonly hasNext: boolean;
}

export type GalleryState =
  /** A first page or a new search on its way (skeleton cards); `shown` is what the pager still shows. */
  | { readonly status: 'loading'; readonly shown?: Shown }
  /** Rooms are shown; `more` while a further page is on its way. */
  | { readonly status: 'loaded'; readonly shown: Shown; readonly more: boolean }
  | { readonly status: 'empty'; readonly shown: Shown }
  /** Loading failed; the rooms stay (`shown`) only when it was a further page that failed. */
  | { readonly status: 'error'; readonly error: ElementError; readonly shown?: Shown };

export const STATUSES = ['loading', 'loaded', 'empty', 'error'] as const;

/** How a further page joins what is shown (paging.ts's appendRooms, from the part that asks for it). */
type Append = typeof appendRooms;

export interface LoaderOptions {
  /** A load of `page` starts (the URL sync writes it). */
  started(page: number): void;
  loaded(rooms: Room[], total: number | undefined, page: number, append: boolean): void;
  failed(error: ElementError): void;
  /**
   * Resolves once what the rooms are shown with is here: the strings of the gallery's language (a
   * shipped language is a lazy chunk), the load-more button of `paging="more"` (a lazy part). The rooms
   * are shown when both they and it are here; it never rejects.
   */
  ready(): Promise<unknown>;
}

/** The gallery: its attributes are the query and the service (query.ts, service.ts). */
type Host = ReactiveControllerHost &
  GalleryFilters & {
    page: number;
    apiBase?: string;
    token?: string;
    whitelabel?: string;
    isConnected: boolean;
  };

export class GalleryLoader implements ReactiveController {
  state: GalleryState = { status: 'loading' };
  /** The last load asked for: what retry() asks again. */
  attempt: { append: Append | false; page: number; settled: boolean } = {
    append: false,
    page: 1,
    settled: true,
  };
  /** Aborts the newest load's request (a newer load, the gallery gone). */
  #abort?: AbortController;
  #key = '';
  /** Without a total: a page found to be the last by stepping past it (the next one came back empty). */
  #endPage?: number;

  constructor(
    private readonly host: Host,
    private readonly options: LoaderOptions,
  ) {
    host.addController(this);
    new DisconnectController(host, { gone: () => this.#gone() });
  }

  hostConnected(): void {
    // back after #gone() cut a first page short: load it again
    if (!this.#key) this.host.requestUpdate();
  }

  get shown(): Shown | undefined {
    return this.state.shown;
  }

  /** The page the shown rooms end with; 0 when nothing is shown. */
  get shownPage(): number {
    return this.state.shown?.page ?? 0;
  }

  /**
   * Called at every update with the query (`key`: everything that shapes page 1). A new query loads,
   * from page 1 unless the page was set in the same breath (a restored URL, a page setting both); a
   * new page of the same query loads that page.
   */
  sync(key: string, pageChanged: boolean): void {
    // a gallery off the page loads nothing (an update can still run there); it loads when it is back
    if (!this.host.isConnected) return;
    const page = galleryPage(this.host.page);
    if (key !== this.#key) {
      const restart = this.#key !== '' && !pageChanged;
      this.#key = key;
      this.#endPage = undefined;
      if (restart) this.host.page = 1;
      void this.#load(false, restart ? 1 : page);
    } else if (pageChanged && page !== this.shownPage) {
      void this.#load(false, page);
    }
  }

  /**
   * The next page, appended by `add` (load-more, infinite scroll: their lazy parts bring paging.ts's
   * appendRooms, which a first page does not need); nothing while one is on its way or at the end.
   */
  more(add: Append): void {
    const s = this.state;
    if (s.status === 'loaded' && !s.more && s.shown.hasNext) void this.#load(add, s.shown.page + 1);
  }

  /** Loads the last attempt again (the retry button). */
  retry(): void {
    void this.#load(this.attempt.append, this.attempt.page);
  }

  async #load(append: Append | false, page: number): Promise<void> {
    const previous = this.state.shown;
    const attempt = { append, page, settled: false };
    this.attempt = attempt;
    this.state =
      append && previous
        ? { status: 'loaded', shown: previous, more: true }
        : { status: 'loading', shown: previous };
    this.host.requestUpdate();
    this.options.started(page);
    const { host } = this;
    const limit = galleryLimit(host.limit);
    const request = buildGalleryRequest(host, page);
    const service = serviceOf(host);
    this.#abort?.abort();
    const { signal } = (this.#abort = new AbortController());
    let outcome: { value: RoomList } | { error: ElementError };
    try {
      // the rooms are shown in the page's language: a shipped one still on its way (a lazy chunk) is
      // waited for beside the answer, so a Dutch page never shows the rooms' pager in English first
      const [value] = await Promise.all([listGallery(service, request, { signal }), this.options.ready()]);
      outcome = { value };
    } catch (error) {
      // a request a newer load (or the gallery's leaving) aborted has nothing to say
      if (signal.aborted) return;
      // an error waits for its words
      await errorWords.get();
      outcome = { error: await elementErrorOf(error) };
    }
    // a newer load started, or the gallery is gone (#gone)
    if (this.attempt !== attempt || signal.aborted) return;
    attempt.settled = true;
    if ('error' in outcome) {
      // rooms of an older search or page must not sit under an error about this one
      this.state = { status: 'error', error: outcome.error, shown: append ? previous : undefined };
      this.host.requestUpdate();
      this.options.failed(outcome.error);
      return;
    }
    const { total } = outcome.value;
    // the page size asked for, whatever the service sends (a 5 000-room answer must not flood the page)
    const received = outcome.value.rooms.slice(0, limit);
    if (!append && !received.length && page > 1) {
      // past the end (a stale link, a shrunken list, or "next" after a full last page without a
      // total): show the last page instead of an empty one that looks like "no rooms"
      const last = total !== undefined ? pageCount(total, limit)! : page - 1;
      if (total === undefined) this.#endPage = last;
      if (last < page) return this.#load(false, last);
    }
    const rooms = append && previous ? append(previous.rooms, received) : received;
    const shown: Shown = {
      rooms,
      total,
      page,
      hasNext:
        hasNextPage({ page, limit, received: received.length, total }) &&
        (this.#endPage === undefined || page < this.#endPage),
    };
    this.state = rooms.length ? { status: 'loaded', shown, more: false } : { status: 'empty', shown };
    this.host.page = page;
    this.host.requestUpdate();
    this.options.loaded(received, total, page, !!append);
    // the CDN build read the first cards from the loader's answer: its client comes now, for what follows,
    // and with it the previous / next controls
    warmLists(() => this.host.requestUpdate());
  }

  /** The gallery left the page (not moved): a load on its way is aborted. */
  #gone(): void {
    this.#abort?.abort();
    const attempt = this.attempt;
    if (attempt.settled) return;
    attempt.settled = true;
    const s = this.state;
    // a further page cut short is asked for again by the next scroll or click; a first page loads
    // again when the gallery is back
    if (attempt.append && s.status === 'loaded') this.state = { ...s, more: false };
    else this.#key = '';
  }
}
