/**
 * Full screen for `<room-viewer>`, `<room-plan>` and `<room-panorama>`: the Fullscreen API on the element
 * itself (so its shadow root, hotspots and controls come along), a button (`part=${parts}`, hidden by
 * `fullscreen-button="false"`) and a callback when the element goes in or out, by whatever means (the
 * button, the methods, the browser's Escape). The element turns that into `:state(fullscreen)` and the
 * `fullscreen-change` event. `<room-panorama>` keeps PSV's own navbar button, which calls `toggle`.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { lookup, languageOf } from '../../internal/language.js';
import { FULLSCREEN_STRINGS } from './fullscreen.strings.js';
import { isFullscreen } from './is-fullscreen.js';

type Host = ReactiveControllerHost & HTMLElement;

export class FullscreenController implements ReactiveController {
  #on = false;
  /**
   * Whether the browser offers full screen: false until the first render is done, so that render
   * matches what a server renderer (which has no document) sent, and hydration finds the same parts.
   */
  #enabled = false;

  constructor(
    private readonly host: Host,
    /** Called when the host went into or out of full screen. */
    private readonly changed: (fullscreen: boolean) => void,
  ) {
    host.addController(this);
  }

  /** Whether the host is full screen now. */
  get active(): boolean {
    return this.#on;
  }

  hostConnected(): void {
    document.addEventListener('fullscreenchange', this.#onChange);
    this.#onChange();
  }

  hostUpdated(): void {
    if (this.#enabled || !document.fullscreenEnabled) return;
    this.#enabled = true;
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    document.removeEventListener('fullscreenchange', this.#onChange);
  }

  /** Shows the host full screen; rejects where the browser refuses (no user gesture, an iframe without allow). */
  request(): Promise<void> {
    if (isFullscreen(this.host)) return Promise.resolve();
    // the native method, even where an element's own requestFullscreen() calls this one
    const native = HTMLElement.prototype.requestFullscreen as HTMLElement['requestFullscreen'] | undefined;
    if (typeof native !== 'function')
      return Promise.reject(new Error('full screen is not available in this browser'));
    return native.call(this.host, { navigationUI: 'hide' });
  }

  exit(): Promise<void> {
    return isFullscreen(this.host) ? document.exitFullscreen() : Promise.resolve();
  }

  toggle = (): void => {
    void (this.#on ? this.exit() : this.request()).catch(() => {});
  };

  /**
   * The button: `shown` false (the page's `fullscreen-button="false"`, or no Fullscreen API) renders
   * nothing. `parts`: its part names (the plan's buttons are also `control`).
   */
  button(shown: boolean, parts = 'fullscreen-button'): unknown {
    if (!shown || !this.#enabled) return nothing;
    const label = lookup(FULLSCREEN_STRINGS, languageOf(this.host), this.#on ? 'exit' : 'enter');
    return html`<button
      type="button"
      part=${parts}
      class="fullscreen-button"
      aria-label=${label}
      aria-pressed=${this.#on ? 'true' : 'false'}
      title=${label}
      @click=${this.toggle}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          fill="none"
          stroke="currentColor"
          stroke-width="1.6"
          d=${this.#on ? 'M6 1v5H1M10 1v5h5M6 15v-5H1M10 15v-5h5' : 'M1 6V1h5M15 6V1h-5M1 10v5h5M15 10v5h-5'}
        />
      </svg>
    </button>`;
  }

  #onChange = (): void => {
    const on = isFullscreen(this.host);
    if (on === this.#on) return;
    this.#on = on;
    this.host.requestUpdate();
    this.changed(on);
  };
}
