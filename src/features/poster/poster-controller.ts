/**
 * The poster of `<room-viewer>` and `<room-panorama>` (issue 20, as model-viewer's `poster`): one
 * picture shown in the element's box before what it stands for is drawn, fetched first and at high
 * priority, with a `sizes` measured once per image; what would compete with it for a slow link waits
 * until it loaded or failed (poster-gate.ts). Each element says which image (the viewer: its `poster`
 * attribute or the room's render, features/poster.ts; the panorama: the room's render or the front
 * face) and where it goes in its template; the rule is written once here (issue 33: it was twice).
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { afterPaint, PosterGate } from './poster-gate.js';

export interface PosterImage {
  src: string;
  srcset?: string;
}

export class PosterController {
  /**
   * The image's `sizes` as last measured while the element was on the page. An element that left is
   * rendered once more (its teardown changes its state); a new `sizes` set on the detached image then
   * makes Chromium select a source again and register the image for viewport changes, a registration
   * only removal from the page undoes: the image, its shadow tree and the element stayed reachable for
   * good (test/browser/leaks.test.ts). So `sizes` is only ever measured while connected.
   */
  #sizes = '480px';
  /**
   * The source `#sizes` was measured for: measured once per image (at its first render with a width),
   * then kept. A new `sizes` makes the browser choose from the `srcset` again, and a box that settled
   * after the first render fetched a second, larger render while the first was on its way: two
   * posters on a slow link, the page's largest paint the later one.
   */
  #sizedFor?: string;
  /** Settles when the shown image loaded or failed: what comes after it waits for this (poster first). */
  readonly #gate = new PosterGate();

  constructor(protected readonly host: ReactiveControllerHost & HTMLElement) {}

  /** Another image (or none) is to be shown: what waits for the poster waits for it anew. */
  forget(): void {
    this.#gate.reset();
  }

  /** Resolves once the image shown loaded or failed, or after the gate's guard (GUARD_MS) at the latest. */
  wait(): Promise<void> {
    return this.#gate.wait();
  }

  /**
   * Resolves once the poster shown now has loaded or failed (the gate's guard at the latest), at once
   * when none is shown (`shown` false, or no image in the element's tree).
   */
  async imageSettled(shown: boolean): Promise<void> {
    if (!shown || !this.host.isConnected) return;
    await this.host.updateComplete;
    // an image already there (its load event long past, or the same source shown again) settles at once
    const img = this.host.shadowRoot?.querySelector<HTMLImageElement>('img[part="poster"]');
    if (!img) return;
    // an image already loaded may not be painted yet: what waits for it starts after its paint
    if (img.complete) return img.decode().then(afterPaint, afterPaint);
    await this.#gate.wait();
  }

  /**
   * The `<img part="poster">` for `image`; `hideOnError`: a poster that fails is hidden (the
   * background shows instead of a broken image).
   */
  renderImage(image: PosterImage, alt: string, hideOnError = false): unknown {
    return html`<img
      part="poster"
      src=${image.src}
      srcset=${image.srcset ?? nothing}
      sizes=${image.srcset ? this.#sizesFor(image.src) : nothing}
      alt=${alt}
      fetchpriority="high"
      loading="eager"
      decoding="async"
      @load=${this.#gate.settle}
      @error=${hideOnError ? this.#hideFailed : this.#gate.settle}
    />`;
  }

  #sizesFor(src: string): string {
    if (this.#sizedFor !== src && this.host.isConnected) {
      const width = Math.ceil(this.host.getBoundingClientRect().width);
      if (width > 0) {
        this.#sizes = `${width}px`;
        this.#sizedFor = src;
      }
    }
    return this.#sizes;
  }

  #hideFailed = (event: Event): void => {
    (event.target as HTMLImageElement).hidden = true;
    this.#gate.settle();
  };
}
