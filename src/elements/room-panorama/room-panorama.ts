// Dutch, German, French and Spanish: known to the element, downloaded only when it speaks one
import '../../i18n/shipped.js';
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { createRef, ref } from 'lit/directives/ref.js';
import type { PanoramaRender } from '../../api/room-styling/index.js';
import { onUnlessFalse } from '../../internal/converters.js';
import { defineElement } from '../../internal/define.js';
import type { ElementError } from '../../internal/element-error.js';
import { renderErrorPanel } from '../../features/error-panel/error-panel.js';
import { syncAutoRotate } from '../../features/motion/auto-rotate-alias.js';
import { LanguageController } from '../../internal/language.js';
import { DisconnectController } from '../../internal/moved.js';
import { RoomElement } from '../../internal/room-element.js';
import { AnalyticsController } from '../../internal/analytics/analytics-controller.js';
import { ViewportController } from '../../internal/viewport.js';
import type { SnapshotOptions } from '../../features/snapshot/snapshot-image.js';
import { checkFaces, type CubeFaces } from '../../panorama/cube-faces.js';
import type { ViewerError } from '../../panorama/viewer-error.js';
import { AutorotationController } from './autorotation.js';
import { GyroscopeController } from './gyroscope.js';
import { LiveViewer } from './live-viewer.js';
import { PanoramaSourceController } from './panorama-source.js';
import { styles } from './room-panorama.styles.js';
import { reasonWords, STRINGS, viewerTexts, type PanoramaStringKey } from './room-panorama.strings.js';
import { ViewSync } from './view-sync.js';
import { PoolMembership } from './viewer-pool.js';
import { PosterController } from '../../features/poster/poster-controller.js';
import { renderSrcset } from '../../api/room-styling/room-render.js';
import { warmRuntime } from './viewer-runtime.js';
import { keepServerPoster } from '../../features/poster/server-poster.js';

export { PanoramaError, type PanoramaReason } from './panorama-error.js';
import { PanoramaError } from './panorama-error.js';
export type {
  FullscreenChangeDetail,
  PanoramaErrorDetail,
  PanoramaReadyDetail,
  ViewChangeDetail,
} from '../../events/index.js';
export type { CubeFaces } from '../../panorama/cube-faces.js';
export type { PanoramaView } from '../../panorama/view.js';
/** What `toBlob()` takes: the options every element's `toBlob()` takes. */
export type PanoramaSnapshotOptions = SnapshotOptions;

const STATES = ['idle', 'loading', 'poster', 'ready', 'error'] as const;
type PanoramaState = (typeof STATES)[number];
/** The properties that name what is shown: a change to any of them starts over. */
const SOURCE_KEYS = ['roomId', 'faces', 'apiBase', 'panoViewerUrl'] as const;

/**
 * What the live region says of the progress: quarters (0, 25, 50, 75, 100). Every percent was a new
 * sentence for a screen reader to queue and a new layout of the page for 20 s of faces on a slow link
 * (Lighthouse's speed index, an average over the page's layouts in time, went to 8 s); the bar's
 * `aria-valuenow` keeps the exact figure.
 */
const announced = (percent: number) => Math.floor(percent / 25) * 25;

/**
 * A room's cube-map panorama (GET /rooms/:id/panorama, faces `r d l u b f`), shown with
 * photo-sphere-viewer. The viewer and its libraries load only when the panorama nears the viewport;
 * until then, and while loading, a poster is shown: the room's own render from its record (a few KB; `room-id`), else
 * the front face, fetched first at high priority; the viewer's code and the six faces only after it. At most four panoramas hold a
 * live viewer (a WebGL context) on a page; the others show their poster and keep their view.
 * Built from feature files: panorama-source.ts (room-id / faces), view-sync.ts (the view both ways),
 * autorotation.ts, viewer-pool.ts (the live-viewer slots), viewer-runtime.ts (the lazy PSV chunk),
 * hotspots.ts (lazy, with the viewer), gyroscope.ts (its code lazy, only with `gyroscope`).
 *
 * @summary A 360° panorama of a room that many pages can embed many times.
 *
 * @fires {CustomEvent<PanoramaReadyDetail>} panorama-ready - The panorama is drawn. detail `{ faces, panorama, panoViewerUrl }` (`panorama`: the
 *   service's record when `room-id` was used).
 * @fires {CustomEvent<PanoramaErrorDetail>} panorama-error - Loading failed. detail `{ error }`: an `ElementError` (`kind` `not-found`, `status`
 *   404: the room has no panorama), or its subclass `PanoramaError` (`reason` `face-failed`, `no-webgl`, `bad-faces`, `bad-id`, `viewer-code`).
 * @fires {CustomEvent<RoomAnalyticsDetail>} room-analytics - Something the visitor did, for the page's analytics (the element
 *   sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view
 *   again, with `duration` in ms), `hotspot` (a click in a hotspot), `snapshot` (`toBlob()` in answer to the visitor's click in the element),
 *   `fullscreen`. Detail `{ action, roomId, componentId, trackingTag, experiment, duration }`. Never for property changes.
 * @fires {CustomEvent<PanoramaView>} view-change - The user turned or zoomed the view (at most every 100 ms). detail `{ yaw, pitch, zoom }`.
 * @fires {CustomEvent<FullscreenChangeDetail>} fullscreen-change - The element went into or out of full screen (the navbar's
 *   button, the page's `requestFullscreen()`, or Escape). detail `{ fullscreen }`.
 *
 * @slot hotspot - The page's own elements with `data-yaw` / `data-pitch` (degrees, as `yaw` / `pitch`): centred
 *   on that direction as the view turns, hidden (`visibility: hidden`; `data-visible="false"` for the page's
 *   styles, `"true"` while shown) behind the camera, off screen, or with no live viewer.
 *   They stay the page's (links, styles, focus); `data-yaw` / `data-pitch` changes are followed.
 *
 * @csspart stage - The focusable area that holds the viewer (keyboard: arrows turn, + / - zoom).
 * @csspart poster - The poster shown before the viewer is live: the room's own render (`room-id`), else the front face.
 * @csspart progress - The loading bar.
 * @csspart show-button - Shown on a visible poster whose viewer slot was given to another panorama.
 * @csspart error - The error panel, the same in every element: an icon, a title naming the kind of failure, the message, and a retry button only where trying again can help (network, timeout, server).
 * @csspart error-icon - The panel's icon.
 * @csspart error-title - The panel's title line: the same words per kind of failure in every element.
 * @csspart error-message - The panel's message: the element's own words for its own reasons, else the kind's.
 * @csspart retry - Tries the panorama again (also named `retry-button`, its name before 0.2).
 * @csspart gyroscope-button - With `gyroscope`, where the browser asks permission for the motion sensors
 *   (iOS Safari): the button that asks (the request needs a tap). Gone once answered.
 *
 * @cssprop --room-error-background - Background of the error panel (every element). Default follows the page's `color-scheme`.
 * @cssprop --room-error-color - Text colour of the error panel (every element).
 * @cssprop --room-error-accent - The error panel's bar, icon and retry border (every element).
 * @cssprop --room-error-border - The error panel's border (every element).
 * @cssprop --room-error-radius - The error panel's corner radius (every element).
 * @cssprop --room-panorama-background - Behind the poster and the viewer (default `#e4e6ea`, `#1f2328` in a dark page).
 * @cssprop --room-panorama-color - Text colour of messages (default `#fff`).
 * @cssprop --room-panorama-accent - Progress bar and active navbar buttons (default `#4c9ffe`).
 * @cssprop --room-panorama-error-backdrop - The veil over the poster behind the error panel (default a translucent light grey, dark grey in a dark page).
 * @cssprop --room-panorama-focus-ring - Focus outline colour.
 * @cssprop --room-panorama-radius - Corner radius.
 * @cssprop --room-panorama-font - Font of messages.
 * @cssprop --room-panorama-error-background - Behind the error message.
 * @cssprop --room-panorama-error-color - Text colour of the error message.
 *
 * @cssstate idle - Nothing to show yet (no `room-id` / `faces`, lazy and not near the viewport, or removed).
 * @cssstate loading - The panorama record or the viewer is loading.
 * @cssstate poster - The poster is shown and no viewer is live (waiting for a slot or to scroll into view).
 * @cssstate ready - The panorama is on screen.
 * @cssstate error - Something failed; the error part says what.
 * @cssstate fullscreen - The element is shown full screen (beside the states above; also the boolean
 *   `fullscreen` attribute).
 */
export class RoomPanorama extends RoomElement {
  /**
   * room-analytics: the controller from the start (its methods count the visitor's own input; issue 35).
   * @internal
   * @ignore
   */
  static override analyticsController = AnalyticsController;
  static override styles = styles;

  /** A server-rendered root (room-elements/ssr.js) keeps its poster until this element shows its own. */
  protected override takeOverServerRoot(root: ShadowRoot): void {
    keepServerPoster(this, root);
  }

  /** Room whose panorama to show (GET /rooms/:id/panorama). */
  @property({ attribute: 'room-id' }) roomId?: string;

  /** The six face URLs `{ r, d, l, u, b, f }` (http(s), or blob: URLs the page made), instead of `room-id`. */
  @property({ attribute: false }) faces?: CubeFaces;

  /** Root of the room-styling service; default: `configure({ apiBase })`. */
  @property({ attribute: 'api-base' }) apiBase?: string;

  /** Sent as `pano_viewer_url`; the service's `pano_viewer_url` member comes back in `panorama-ready`. */
  @property({ attribute: 'pano-viewer-url' }) panoViewerUrl?: string;

  /** Degrees; 0 looks at the centre of face `f`, positive turns right. Follows the user. */
  @property({ type: Number, reflect: true }) yaw = 0;

  /** Degrees, -90 to 90; positive looks up. Follows the user. */
  @property({ type: Number, reflect: true }) pitch = 0;

  /** 0 (widest view) to 100. Follows the user. */
  @property({ type: Number, reflect: true }) zoom = 0;

  /**
   * Turns the view slowly; pauses while the user looks around; off under `prefers-reduced-motion`
   * (followed live). The same name as the viewer's `auto-rotate`.
   */
  @property({ type: Boolean, reflect: true, attribute: 'auto-rotate' }) autoRotate = false;

  /** Alias of `auto-rotate` (the panorama's first name for it, kept): either attribute turns it on. */
  @property({ type: Boolean, reflect: true }) autorotate = false;

  /** `lazy` (default): start when near the viewport; `eager`: start at once. */
  @property() loading: 'lazy' | 'eager' = 'lazy';

  /** The view follows the phone's motion (code loaded only then); without a sensor it does nothing. */
  @property({ type: Boolean, reflect: true }) gyroscope = false;

  /** Zoom, autorotate and fullscreen buttons; on unless `navbar="false"` (or `off`, `no`, `0`). */
  @property({ converter: onUnlessFalse }) navbar = true;

  /** The service's panorama record, once loaded through `room-id`. */
  get panorama(): PanoramaRender | undefined {
    return this.#source.record;
  }

  @state() private _state: PanoramaState = 'idle';
  @state() private _progress: number | undefined;
  @state() private _error?: ElementError;

  #viewerHost = createRef<HTMLDivElement>();
  #poster = new PosterController(this);
  #grants = 0;
  #progressBar = createRef<HTMLElement>();

  #language = new LanguageController(this, { changed: () => this.#live.viewer?.setTexts(this.#texts()) });
  #viewport = this.#watchViewport();
  // the source reads roomId, faces, apiBase and panoViewerUrl from the element when it needs them
  #source = new PanoramaSourceController(this, () => this, {
    loading: () => this.#setState('loading'),
    render: () => this.requestUpdate(),
    ready: () => {
      this.#setState('poster');
      this.#wantViewer();
    },
    failed: (error) => this.#fail(error),
  });
  #view = new ViewSync(this, (view) => this.emit('view-change', view));
  #autorotation = new AutorotationController(this, () => this.#live.viewer);
  #live = new LiveViewer(this, {
    progress: (percent) => (this._progress = percent),
    viewChange: (view) => this.#view.follow(view),
    ready: () => {
      this.#setState('ready');
      const panorama = this.#source.record;
      const faces = this.#source.faces!;
      this.emit('panorama-ready', { faces, panorama, panoViewerUrl: panorama?.pano_viewer_url });
    },
    failed: (error) => this.#fail(error),
    started: () => this.#autorotation.apply(),
    autorotateButton: () => this.#autorotation.toggle(),
    fullscreen: (on) => {
      this.toggleState('fullscreen', on);
      this.emit('fullscreen-change', { fullscreen: on });
      if (on) this.analytics.track('fullscreen');
    },
  });
  #gyroscope = new GyroscopeController(this, () => this.#live.viewer, this.#autorotation.interacted);
  #pool = new PoolMembership(this, () => this.#viewport.visible, {
    granted: () => {
      this._progress = undefined;
      this.#setState('loading');
      const settings = () => ({
        container: this.#viewerHost.value,
        view: this.#view.view,
        navbar: this.navbar,
        texts: this.#texts(),
      });
      // the faces after the poster (poster-gate.ts); a release or a newer grant meanwhile wins
      const grant = ++this.#grants;
      void this.#poster.wait().then(() => {
        if (grant !== this.#grants || !this.#pool.granted || !this.#source.faces) return;
        void this.#live.start(this.#source.faces, settings, () => this.#pool.granted);
      });
    },
    evicted: () => {
      this.#releaseViewer();
      if (!this._error) this.#setState(this.#source.faces ? 'poster' : 'idle');
    },
  });

  constructor() {
    super();
    // removed from the page (not moved): free the viewer and its slot, show and say nothing
    new DisconnectController(this, { gone: () => this.#leave() });
  }

  /**
   * The current view as an image of `width` × `height` pixels (the panorama only: no hotspots, no navbar).
   * Rejects with a DOMException `InvalidStateError` while no viewer is live (poster, loading, error), and
   * with a RangeError for a side below 1 or beyond 8192 (or the GPU's limit).
   * @param options `type` (default `image/png`), `quality`, `width` / `height` (default: the element's size).
   * @returns {Promise<Blob>} The image.
   */
  toBlob(options: PanoramaSnapshotOptions = {}): Promise<Blob> {
    this.analytics.trackIfVisitor('snapshot');
    return this.#live.toBlob(options);
  }

  // `lang` on the element itself is followed at once (the controller hears ancestors and <html> a task later)
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' && old !== value) this.#language.check();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    syncAutoRotate(this, changed);
    // a new source: forget the old one (its viewer, its record, its error) and start over
    if (!SOURCE_KEYS.some((key) => changed.has(key))) return;
    this.#swapped = this.#swapFaces(changed);
    if (this.#swapped) return;
    if (this.hasUpdated || this.#source.faces || this.#live.viewer) this.#reset();
  }

  /** The last source change was new `faces` shown in the live viewer (the tour's next stop). */
  #swapped = false;

  /**
   * New `faces` (and nothing else) while a viewer shows faces: shown in that viewer, its WebGL context
   * kept (a tour's stops, one after another, use one context), `panorama-ready` again once drawn.
   */
  #swapFaces(changed: PropertyValues<this>): boolean {
    const viewer = this.#live.viewer;
    const onlyFaces = SOURCE_KEYS.every((key) => key === 'faces' || !changed.has(key));
    if (!onlyFaces || !viewer || this._error || this.roomId || this._state !== 'ready') return false;
    const checked = checkFaces(this.faces);
    if (!checked.ok) return false;
    const faces = checked.faces;
    this.#source.faces = faces;
    viewer.setFaces(faces, this.#view.view).then(
      () => {
        if (this.#source.faces === faces && this.#live.viewer === viewer)
          this.emit('panorama-ready', { faces });
      },
      (error: ViewerError) => {
        if (this.#source.faces === faces && this.#live.viewer === viewer)
          this.#fail(PanoramaError.fromViewer(error));
      },
    );
    return true;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (SOURCE_KEYS.some((key) => changed.has(key)) && this.#swapped) {
      this.#swapped = false;
    } else if (SOURCE_KEYS.some((key) => changed.has(key))) {
      this.#setState('idle');
      if (this.loading === 'eager' || this.#viewport.near) this.#prepare();
    } else if (changed.has('loading') && this.loading === 'eager') {
      this.#prepare();
    }
    if (changed.has('yaw') || changed.has('pitch') || changed.has('zoom')) this.#view.push(this.#live.viewer);
    if (changed.has('autorotate')) this.#autorotation.apply();
    if (changed.has('navbar') && changed.get('navbar') !== undefined)
      this.#live.viewer?.setNavbar(this.navbar);
    // set through the CSSOM: a style attribute would be refused by a strict Content-Security-Policy
    this.#progressBar.value?.style.setProperty('--progress', `${this._progress ?? 0}%`);
  }

  override render() {
    const t = (key: PanoramaStringKey, values?: Record<string, string | number>) =>
      this.#language.t(STRINGS, key, values);
    const loading = this._state === 'loading';
    const percent = this._progress === undefined ? undefined : Math.round(this._progress);
    return html`
      <div
        part="stage"
        class="stage"
        tabindex="0"
        role="application"
        aria-label=${t('label')}
        aria-busy=${loading ? 'true' : 'false'}
        @focusin=${this.#live.focusIn}
        @focusout=${this.#live.focusOut}
        @pointerdown=${this.#autorotation.pointerDown}
        @keydown=${this.#autorotation.interacted}
        @wheel=${this.#autorotation.interacted}
      >
        ${this.#renderPoster(t('poster'))}
        <div class="viewer" ${ref(this.#viewerHost)}></div>
      </div>
      <div class="hotspots"><slot name="hotspot"></slot></div>
      ${this.#gyroscope.button(this._state === 'ready', t('gyroscope'))}
      ${
        loading
          ? html`<div
              part="progress"
              class=${percent === undefined ? 'indeterminate' : ''}
              role="progressbar"
              aria-label=${t('loading')}
              aria-valuemin="0"
              aria-valuemax="100"
              aria-valuenow=${percent ?? nothing}
              ${ref(this.#progressBar)}
            >
              <span></span>
            </div>`
          : nothing
      }
      ${
        this.#pool.bumped && this._state === 'poster'
          ? html`<div class="overlay">
              <button part="show-button" type="button" @click=${this.#onShow}>${t('show')}</button>
            </div>`
          : nothing
      }
      ${
        this._error
          ? html`<div class="error-layer">
              ${renderErrorPanel({
                kind: this._error.kind,
                lang: this.#language.lang,
                message: reasonWords(this._error, t),
                onRetry: this.#onRetry,
                retryParts: 'retry-button',
              })}
            </div>`
          : nothing
      }
      <span class="visually-hidden" aria-live="polite"
        >${loading && percent !== undefined ? t('progress', { percent: announced(percent) }) : ''}</span
      >
    `;
  }

  /**
   * The poster: the room's own render (a few kilobytes, `srcset` of its two sizes) where the record has
   * one, else the front face; fetched first and at high priority, the faces only after it (#poster).
   */
  #renderPoster(alt: string) {
    const faces = this.#source.faces;
    const render = this.#source.render;
    const srcset = render && renderSrcset(render);
    const src = srcset ? (render.hq ?? render.image) : faces?.f;
    // a missing poster is hidden (the background shows); the viewer reports a missing face itself
    return src ? this.#poster.renderImage({ src, srcset }, alt, true) : nothing;
  }

  #watchViewport(): ViewportController {
    return new ViewportController(this, {
      near: (near) => {
        if (!near) return;
        this.#prepare();
        // download the viewer code once the poster is in, so it is there when the panorama scrolls in
        if (!this.#source.empty) void this.#poster.wait().then(warmRuntime);
      },
      visible: (visible) => {
        this.#pool.visibilityChanged();
        if (visible) this.#wantViewer();
      },
    });
  }

  /** Near the viewport (or eager): learn the faces, so the poster can show and the viewer can start. */
  #prepare(): void {
    if (this._error) return;
    if (this.#source.faces) this.#wantViewer();
    else this.#source.prepare();
  }

  #wantViewer(force = false): void {
    if (!this.#source.faces || this._error || this.#pool.granted || !this.isConnected) return;
    if (force || this.#viewport.visible || this.loading === 'eager') this.#pool.request(force);
  }

  #releaseViewer(): void {
    this.#autorotation.stop();
    this.#gyroscope.stop();
    this.#live.release();
    this.#viewerHost.value?.replaceChildren();
  }

  /** Forgets the current source entirely (a new source, a retry, or the element left the page). */
  #reset(): void {
    this.#view.cancel(); // no late view-change from a view that is gone
    this.#source.reset();
    this.#poster.forget();
    this.#releaseViewer();
    this.#pool.leave();
    this._error = undefined;
    this._progress = undefined;
  }

  /** Removed from the page: nothing shown, nothing held; it starts again when it comes back. */
  #leave(): void {
    this.#reset();
    this.#setState('idle');
    // a fresh watcher: the shared observers then report where a re-added element is, anew
    this.removeController(this.#viewport);
    this.#viewport = this.#watchViewport();
  }

  #fail(error: ElementError): void {
    if (this.#pool.granted) {
      this.#releaseViewer();
      this.#pool.leave();
    }
    this._error = error;
    this.#setState('error');
    this.emit('panorama-error', { error });
  }

  #setState(next: PanoramaState): void {
    this._state = next;
    this.setState(next, STATES);
  }

  #onRetry = (): void => {
    this.#reset();
    this.#setState('idle');
    this.#prepare();
    this.#wantViewer(true);
  };

  #onShow = (): void => this.#wantViewer(true);

  #texts() {
    return viewerTexts((key) => this.#language.t(STRINGS, key));
  }
}

defineElement('room-panorama', RoomPanorama);

declare global {
  interface HTMLElementTagNameMap {
    'room-panorama': RoomPanorama;
  }
}
