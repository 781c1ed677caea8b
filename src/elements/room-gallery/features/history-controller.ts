/**
 * Where the `history` attribute is wired: the URL (features/history.ts) is read when this controller is
 * added (before the first load: the URL may hold another search than the attributes), restored on back
 * / forward (popstate), and written when a load starts: user actions make history entries, so back
 * undoes them; a page's own change or loading more replaces the entry. A lazy chunk with
 * features/history.ts: only galleries with `history` download it, and the element waits for it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { applyHistory, saveHistory, type HistoryHost } from './history.js';
import { galleryPage } from '../query.js';

type Host = ReactiveControllerHost & HistoryHost;

export class GalleryHistory implements ReactiveController {
  /** The next write makes a history entry (set by user actions). */
  push = false;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  get #on(): boolean {
    return this.host.history !== undefined && this.host.history !== null;
  }

  hostConnected(): void {
    // on connect only what the URL holds overrides the attributes
    if (this.#on) applyHistory(this.host, false, galleryPage);
    window.addEventListener('popstate', this.#onPopState);
  }

  hostDisconnected(): void {
    window.removeEventListener('popstate', this.#onPopState);
  }

  /** A load of `page` started (undefined: a URL cannot restore it, as with load-more and infinite). */
  write(page: number | undefined): void {
    const push = this.push;
    this.push = false;
    if (this.#on) saveHistory(this.host, page, push);
  }

  #onPopState = (): void => {
    // on back / forward the URL is the whole truth
    if (this.#on) applyHistory(this.host, true, galleryPage);
  };
}
