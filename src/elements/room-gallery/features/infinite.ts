/**
 * Where `paging="infinite"` happens: the sentinel after the last card is watched (features/virtual.ts),
 * so its coming near the viewport loads the next page, and the rows are virtualised. Watching again
 * reports a sentinel still in view at once: done after a page was appended or the state changed, so a
 * short page keeps loading. A lazy chunk with the virtualiser: the element adds this controller when a
 * gallery first scrolls forever.
 */
import type { LitElement, ReactiveController } from 'lit';
import { DisconnectController } from '../../../internal/moved.js';
import { appendRooms } from '../append-rooms.js';
import { normalisePaging } from '../paging.js';
import * as virtual from './virtual.js';

export { virtualStyles } from './virtual.js';

type Host = LitElement & { paging: string };

/**
 * What the rows ask of the gallery's loader (loader.ts, which reaches this chunk through lazy.ts: a
 * shape, not an import, so the three do not import each other in a ring).
 */
export interface NextPages {
  /** Loads the next page, unless one is on its way or the list ended; `add` joins it to what is shown. */
  more(add: typeof appendRooms): void;
  readonly state: { readonly status: string };
}

export class GalleryInfinite implements ReactiveController {
  #watch?: (sentinel: Element | null) => void;
  #rearm = false;
  #seen = '';

  constructor(
    private readonly host: Host,
    private readonly loader: NextPages,
    /** How many columns the cards are laid out in now (cards/columns.ts): the rows' grid takes it. */
    private readonly columns: () => number,
  ) {
    host.addController(this);
    // a gallery moved on the page keeps watching; one that left it stops
    new DisconnectController(host, {
      gone: () => {
        this.#watch?.(null);
        this.#watch = undefined;
      },
    });
  }

  /** The virtual rows while the gallery scrolls forever. */
  get rows(): typeof virtual | undefined {
    return this.#on() ? virtual : undefined;
  }

  #on(): boolean {
    return normalisePaging(this.host.paging) === 'infinite';
  }

  /** A page was appended: watch again (the sentinel may still be in view). */
  appended(): void {
    this.#rearm = true;
  }

  hostConnected(): void {
    // back after it left the page: the watcher is made again in the update
    if (!this.#watch) this.host.requestUpdate();
  }

  hostUpdated(): void {
    // set through the CSSOM (not a style attribute) so a strict style-src CSP allows it
    this.host.renderRoot
      .querySelector<HTMLElement>('.grid.virtual')
      ?.style.setProperty('--_columns', String(this.columns()));
    const on = this.#on();
    const fresh = !this.#watch;
    // the loader loads nothing while a page is on its way or the list ended
    this.#watch ??= virtual.endWatcher(() => this.#on() && this.loader.more(appendRooms));
    const seen = `${on}${this.loader.state.status}`;
    if (fresh || this.#rearm || seen !== this.#seen) {
      this.#rearm = false;
      this.#seen = seen;
      this.#watch(on ? this.host.renderRoot.querySelector('.sentinel') : null);
    }
  }
}
