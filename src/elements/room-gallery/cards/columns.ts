/**
 * Where the gallery measures its columns: how many columns the CSS grid makes (the virtualised rows of
 * `paging="infinite"` lay them out in script) and whether cards are wide enough for the high-quality
 * picture. A ResizeObserver on the gallery, measured in the next frame (changing columns inside the
 * observer callback would resize what it observes in the same frame: the "ResizeObserver loop"
 * warning); a hidden probe in the shadow root gives the card width and gap the page's CSS asks for.
 */
import type { LitElement, ReactiveController } from 'lit';
import { cardWidthFor, columnsFor, isLargeCard } from './layout.js';

export class GalleryColumns implements ReactiveController {
  columns = 1;
  /** Cards are drawn wide enough that the high-quality image is worth loading. */
  large = false;
  #observer?: ResizeObserver;
  /** The width the observer last reported. */
  #width?: number;

  constructor(private readonly host: LitElement) {
    host.addController(this);
  }

  hostConnected(): void {
    // made again after a reconnect: a gallery moved into a dialog still lays out its columns
    if (typeof ResizeObserver === 'undefined') return;
    this.#observer = new ResizeObserver(([entry]) => {
      // only a change of width changes columns: the gallery's height changes with every page
      // appended (and as the virtualiser measures rows), and each measure forces style and layout
      const width = entry?.contentRect.width;
      if (width === this.#width) return;
      this.#width = width;
      requestAnimationFrame(() => this.#measure());
    });
    this.#observer.observe(this.host);
    // measured at once when the gallery is laid out already (moved, or back on the page)
    this.#measure();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#width = undefined;
  }

  #measure(): void {
    const host = this.host;
    const probe = host.renderRoot.querySelector<HTMLElement>('.probe');
    // off the page everything measures 0: keep the last columns until it is back
    if (!probe || !host.isConnected) return;
    const width = host.clientWidth;
    const gap = parseFloat(getComputedStyle(probe).columnGap) || 0;
    const explicit = parseInt(getComputedStyle(host).getPropertyValue('--room-gallery-columns'), 10);
    const columns = columnsFor(width, probe.getBoundingClientRect().width, gap, explicit || undefined);
    const large = isLargeCard(cardWidthFor(width, columns, gap), devicePixelRatio);
    if (columns === this.columns && large === this.large) return;
    this.columns = columns;
    this.large = large;
    host.requestUpdate();
  }
}
