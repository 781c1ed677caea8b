/**
 * Where the `style` attribute is handled. The contract names the style filter `style`, which is also
 * every element's inline-CSS attribute: a plain key (`style="Modern"`) is the filter, a value with CSS
 * punctuation is the page's inline CSS and no filter. The filter's own attribute is `room-style` (what
 * the select writes); a `style="Modern"` the page wrote is kept in step with it, but only ever with a
 * plain key: a style key from the service or the URL that looks like CSS never reaches `style`.
 */
import { styleFilterFromAttribute } from './query.js';

export { styleFilterFromAttribute };

export class StyleAttribute {
  /** True while this class writes `style` itself: its own write is not a change by the page. */
  #writing = false;

  constructor(private readonly host: HTMLElement & { roomStyle?: string }) {}

  /** attributeChangedCallback of `style`: a key sets the filter; a key replaced by CSS (or removed) clears it. */
  changed(old: string | null, value: string | null): void {
    if (this.#writing) return;
    const wasKey = styleFilterFromAttribute(old) !== undefined;
    const key = styleFilterFromAttribute(value);
    if (key !== undefined || wasKey) this.host.roomStyle = key;
  }

  /** After the select or clear-filters changed the filter: a `style="Modern"` follows (CSS is left alone). */
  sync(): void {
    const { host } = this;
    if (styleFilterFromAttribute(host.getAttribute('style')) === undefined) return;
    const key = styleFilterFromAttribute(host.roomStyle);
    this.#writing = true;
    try {
      // a filter that is no plain key stays in `room-style` alone
      if (key) host.setAttribute('style', key);
      else host.removeAttribute('style');
    } finally {
      this.#writing = false;
    }
  }
}
