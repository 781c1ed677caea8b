import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { createRef, ref } from 'lit/directives/ref.js';
import { ApiError } from '../../api/http.js';
import { getConfig } from '../../config.js';
import { RoomStylingClient } from '../../api/room-styling/index.js';
import type { PanoramaRender } from '../../api/room-styling/index.js';
import { defineElement } from '../../internal/define.js';
import { translate } from '../../internal/i18n.js';
import { RoomElement } from '../../internal/room-element.js';
import { checkFaces, type CubeFaces } from '../../panorama/cube-faces.js';
import { PanoramaError } from '../../panorama/panorama-error.js';
import type { PanoramaViewer, ViewerTexts } from '../../panorama/psv-runtime.js';
import { normalizeView, sameView, type PanoramaView } from '../../panorama/view.js';
import { STRINGS, type PanoramaStringKey } from './strings.js';
import { styles } from './room-panorama.styles.js';
import { leavePool, requestSlot, visibilityChanged, type PoolMember } from './viewer-pool.js';
import { observeVisibility, unobserveVisibility } from './visibility.js';

export { PanoramaError } from '../../panorama/panorama-error.js';
export type { CubeFaces } from '../../panorama/cube-faces.js';
export type { PanoramaView } from '../../panorama/view.js';

const STATES = ['idle', 'loading', 'poster', 'ready', 'error'] as const;
type PanoramaState = (typeof STATES)[number];

/** How often, at most, the view the user turns to is reflected and announced (ms). */
const VIEW_CHANGE_INTERVAL = 100;
/** Autorotation speed (degrees per second) and how long it pauses after the user touched the view. */
const AUTOROTATE_SPEED = 6;
const AUTOROTATE_RESUME = 3000;

/** The heavy part (three.js, photo-sphere-viewer, its CSS): loaded once, on the first panorama that starts. */
let runtime: Promise<typeof import('../../panorama/psv-runtime.js')> | undefined;
let runtimeLoaded = false;
function loadRuntime() {
  runtime ??= import('../../panorama/psv-runtime.js').then(
    (module) => {
      runtimeLoaded = true;
      return module;
    },
    (error: unknown) => {
      runtime = undefined; // a later retry may succeed
      throw error;
    },
  );
  return runtime;
}

/**
 * While the viewer code is still downloading, fetch the faces into the HTTP cache at the same time,
 * instead of after it (PSV asks for them only once it runs). Failures are left to PSV to report.
 */
function prefetchFaces(faces: CubeFaces): void {
  if (runtimeLoaded || typeof fetch !== 'function') return;
  for (const url of Object.values(faces)) {
    if (!url.startsWith('blob:')) {
      fetch(url, { credentials: 'same-origin' })
        .then((response) => response.arrayBuffer())
        .catch(() => {});
    }
  }
}

const motionQuery = () =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : undefined;
const reducedMotion = () => motionQuery()?.matches ?? false;

/** `navbar` is on unless written `navbar="false"`. */
const defaultOnBoolean = {
  fromAttribute: (value: string | null) => value === null || value.toLowerCase() !== 'false',
  toAttribute: (value: boolean) => (value ? '' : 'false'),
};

/**
 * A room's cube-map panorama (GET /rooms/:id/panorama, faces `r d l u b f`), shown with
 * photo-sphere-viewer. The viewer and its libraries load only when the panorama nears the viewport;
 * until then, and while loading, the front face is shown as a poster. At most four panoramas hold a
 * live viewer (a WebGL context) on a page; the others show their poster and keep their view.
 *
 * @summary A 360° panorama of a room that many pages can embed many times.
 *
 * @fires {CustomEvent<PanoramaReadyDetail>} panorama-ready - The panorama is drawn. detail `{ faces, panorama, panoViewerUrl }` (`panorama`: the
 *   service's record when `room-id` was used).
 * @fires {CustomEvent<{ error: ApiError | PanoramaError }>} panorama-error - Loading failed. detail `{ error }`: an `ApiError` (`status` 404: the room has no
 *   panorama) or a `PanoramaError` (`kind` `face`: an image did not load, `webgl`: no WebGL, `faces`: bad URLs, `room-id`: not a number).
 * @fires {CustomEvent<PanoramaView>} view-change - The user turned or zoomed the view (at most every 100 ms). detail `{ yaw, pitch, zoom }`.
 *
 * @csspart stage - The focusable area that holds the viewer (keyboard: arrows turn, + / - zoom).
 * @csspart poster - The front face shown before the viewer is live.
 * @csspart progress - The loading bar.
 * @csspart show-button - Shown on a visible poster whose viewer slot was given to another panorama.
 * @csspart error - The error message with its retry button.
 * @csspart retry-button - Tries the panorama again.
 *
 * @cssprop --room-panorama-background - Behind the poster and the viewer (default `#1f2328`).
 * @cssprop --room-panorama-color - Text colour of messages (default `#fff`).
 * @cssprop --room-panorama-accent - Progress bar and active navbar buttons (default `#4c9ffe`).
 * @cssprop --room-panorama-focus-ring - Focus outline colour.
 * @cssprop --room-panorama-radius - Corner radius.
 * @cssprop --room-panorama-font - Font of messages.
 * @cssprop --room-panorama-error-background - Behind the error message.
 * @cssprop --room-panorama-error-color - Text colour of the error message.
 *
 * @cssstate idle - Nothing to show yet (no `room-id` / `faces`, or lazy and not near the viewport).
 * @cssstate loading - The panorama record or the viewer is loading.
 * @cssstate poster - The poster is shown and no viewer is live (waiting for a slot or to scroll into view).
 * @cssstate ready - The panorama is on screen.
 * @cssstate error - Something failed; the error part says what.
 */
export class RoomPanorama extends RoomElement {
  static override styles = styles;

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

  /** Turns the view slowly; pauses while the user looks around; off under `prefers-reduced-motion`. */
  @property({ type: Boolean, reflect: true }) autorotate = false;

  /** `lazy` (default): start when near the viewport; `eager`: start at once. */
  @property() loading: 'lazy' | 'eager' = 'lazy';

  /** Zoom, autorotate and fullscreen buttons; on unless `navbar="false"`. */
  @property({ converter: defaultOnBoolean }) navbar = true;

  /** The service's panorama record, once loaded through `room-id`. */
  get panorama(): PanoramaRender | undefined {
    return this.#record;
  }

  @state() private _state: PanoramaState = 'idle';
  @state() private _progress: number | undefined;
  @state() private _error?: ApiError | PanoramaError;
  @state() private _faces?: CubeFaces;
  /** Visible, faces known, but the viewer slot went to others: offer to take it back. */
  @state() private _bumped = false;

  #record?: PanoramaRender;
  #viewer?: PanoramaViewer;
  #viewerHost = createRef<HTMLDivElement>();
  #abort?: AbortController;
  /** Bumped on every new source or release: late results of an old one are dropped. */
  #generation = 0;
  #near = false;
  #visible = false;
  #granted = false;
  #focused = false;
  #userAutorotate = false;
  #autorotatePaused?: ReturnType<typeof setTimeout>;
  #pointerDown = false;
  #lastViewEvent = 0;
  #viewEventTimer?: ReturnType<typeof setTimeout>;
  #disconnectCheck = false;

  /** How this element takes part in the page-wide viewer pool (kept off its public API). */
  #member: PoolMember = ((element: RoomPanorama) => ({
    get visible() {
      return element.#visible;
    },
    grant: () => element.#grant(),
    evict: () => element.#evict(),
  }))(this);

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.#disconnectCheck) {
      // moved in the DOM (disconnected and connected in one task): keep everything as it is
      this.#disconnectCheck = false;
      return;
    }
    observeVisibility(this, {
      onNear: (near) => {
        this.#near = near;
        if (!near) return;
        this.#prepare();
        // start downloading the viewer code now, so it is there when the panorama scrolls in
        if (this.faces || this.roomId) loadRuntime().catch(() => {});
      },
      onVisible: (visible) => {
        this.#visible = visible;
        if (!visible) this._bumped = false;
        visibilityChanged(this.#member);
        if (visible) this.#wantViewer();
      },
    });
    document.addEventListener('fullscreenchange', this.#onFullscreenChange);
    // the user may ask for less motion while the page is open: autorotation follows at once
    motionQuery()?.addEventListener('change', this.#onMotionChange);
  }

  #onMotionChange = (): void => this.#applyAutorotate();

  // `lang` is a global attribute, not one of ours: watch it so every text follows a change at once
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' && old !== value) {
      this.requestUpdate();
      this.#viewer?.setTexts(this.#viewerTexts());
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#disconnectCheck = true;
    queueMicrotask(() => {
      if (!this.#disconnectCheck || this.isConnected) return;
      this.#disconnectCheck = false;
      unobserveVisibility(this);
      document.removeEventListener('fullscreenchange', this.#onFullscreenChange);
      motionQuery()?.removeEventListener('change', this.#onMotionChange);
      this.#near = this.#visible = false;
      this.#reset();
      this.#setState(this._faces || this.roomId ? 'poster' : 'idle');
    });
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (
      changed.has('roomId') ||
      changed.has('faces') ||
      changed.has('apiBase') ||
      changed.has('panoViewerUrl')
    ) {
      // a new source: forget the old one (its viewer, its record, its error) and start over
      if (this.hasUpdated || this._faces || this.#viewer) this.#reset();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (
      changed.has('roomId') ||
      changed.has('faces') ||
      changed.has('apiBase') ||
      changed.has('panoViewerUrl')
    ) {
      this.#setState('idle');
      if (this.loading === 'eager' || this.#near) this.#prepare();
    } else if (changed.has('loading') && this.loading === 'eager') {
      this.#prepare();
    }
    if (changed.has('yaw') || changed.has('pitch') || changed.has('zoom')) {
      const wanted = this.#view();
      if (this.#viewer && !sameView(wanted, this.#viewer.getView())) this.#viewer.setView(wanted);
    }
    if (changed.has('autorotate')) this.#applyAutorotate();
    if (changed.has('navbar') && changed.get('navbar') !== undefined) this.#viewer?.setNavbar(this.navbar);
  }

  override render() {
    const t = (key: PanoramaStringKey, values?: Record<string, string | number>) =>
      translate(STRINGS, this, key, values);
    const showProgress = this._state === 'loading';
    return html`
      <div
        part="stage"
        class="stage"
        tabindex="0"
        role="application"
        aria-label=${t('label')}
        aria-busy=${this._state === 'loading' ? 'true' : 'false'}
        @focusin=${this.#onFocus}
        @focusout=${this.#onBlur}
        @pointerdown=${this.#onPointerDown}
        @keydown=${this.#onInteraction}
        @wheel=${this.#onInteraction}
      >
        ${
          this._faces
            ? html`<img
                part="poster"
                src=${this._faces.f}
                alt=${t('poster')}
                decoding="async"
                @error=${this.#onPosterError}
              />`
            : nothing
        }
        <div class="viewer" ${ref(this.#viewerHost)}></div>
      </div>
      ${
        showProgress
          ? html`<div
              part="progress"
              class=${this._progress === undefined ? 'indeterminate' : ''}
              role="progressbar"
              aria-label=${t('loading')}
              aria-valuemin="0"
              aria-valuemax="100"
              aria-valuenow=${this._progress === undefined ? nothing : Math.round(this._progress)}
              style=${this._progress === undefined ? '' : `--progress: ${this._progress}%`}
            >
              <span></span>
            </div>`
          : nothing
      }
      ${
        this._bumped && this._state === 'poster'
          ? html`<div class="overlay">
              <button part="show-button" type="button" @click=${this.#onShow}>${t('show')}</button>
            </div>`
          : nothing
      }
      ${
        this._error
          ? html`<div part="error" class="overlay" role="alert">
              <p>${this.#message(this._error)}</p>
              <button part="retry-button" type="button" @click=${this.#onRetry}>${t('retry')}</button>
            </div>`
          : nothing
      }
      <span class="sr-only" aria-live="polite"
        >${showProgress && this._progress !== undefined ? t('progress', { percent: Math.round(this._progress) }) : ''}</span
      >
    `;
  }

  // ---- source: the record and the faces ---------------------------------------------------------

  /** Near the viewport (or eager): learn the faces, so the poster can show and the viewer can start. */
  #prepare(): void {
    if (this._faces || this._error || this.#abort) {
      this.#wantViewer();
      return;
    }
    if (this.faces) {
      const checked = checkFaces(this.faces);
      if (!checked.ok) {
        this.#fail(new PanoramaError(`Unusable face URLs: ${checked.bad.join(', ')}`, 'faces'));
        return;
      }
      this._faces = checked.faces;
      this.#setState('poster');
      this.#wantViewer();
      return;
    }
    if (this.roomId === undefined || this.roomId === null || this.roomId === '') return;
    const id = String(this.roomId).trim();
    if (!/^\d+$/.test(id)) {
      this.#fail(new PanoramaError(`room-id "${id}" is not a room number`, 'room-id'));
      return;
    }
    const generation = this.#generation;
    const abort = (this.#abort = new AbortController());
    this.#setState('loading');
    const client = new RoomStylingClient({ base: this.apiBase || undefined });
    client
      .getPanorama(Number(id), { panoViewerUrl: this.panoViewerUrl || undefined }, { signal: abort.signal })
      .then(
        (record) => {
          if (generation !== this.#generation) return;
          this.#abort = undefined;
          // relative face URLs belong to the service, not to the page
          const checked = checkFaces(record.images, this.apiBase || getConfig().apiBase);
          if (!checked.ok) {
            const message = `The panorama's faces are not http(s) URLs: ${checked.bad.join(', ')}`;
            this.#fail(new ApiError(message, 200, '', 'invalid', record));
            return;
          }
          this.#record = record;
          this._faces = checked.faces;
          this.#setState('poster');
          this.#wantViewer();
        },
        (error: unknown) => {
          if (generation !== this.#generation) return;
          this.#abort = undefined;
          if (error instanceof ApiError && error.kind === 'abort') return;
          this.#fail(error instanceof ApiError ? error : new ApiError(String(error), 0, '', 'invalid'));
        },
      );
  }

  // ---- the viewer slot ---------------------------------------------------------------------------

  #wantViewer(force = false): void {
    if (!this._faces || this._error || this.#granted || !this.isConnected) return;
    if (!force && !this.#visible && this.loading !== 'eager') return;
    const granted = requestSlot(this.#member, { force });
    this._bumped = !granted && this.#visible;
  }

  /** The pool gave us a slot: start the viewer. */
  #grant(): void {
    this.#granted = true;
    this._bumped = false;
    void this.#startViewer();
  }

  /** The pool takes the slot back: free the context, keep the view, show the poster. */
  #evict(): void {
    this.#granted = false;
    this.#releaseViewer();
    this._bumped = this.#visible;
    if (!this._error) this.#setState(this._faces ? 'poster' : 'idle');
  }

  async #startViewer(): Promise<void> {
    const generation = ++this.#generation;
    const faces = this._faces!;
    this._progress = undefined;
    this.#setState('loading');
    let module: typeof import('../../panorama/psv-runtime.js');
    try {
      const loading = loadRuntime();
      prefetchFaces(faces);
      module = await loading;
      await this.updateComplete;
    } catch (cause) {
      if (generation === this.#generation)
        this.#fail(new ApiError(`Could not load the viewer: ${cause}`, 0, '', 'network'));
      return;
    }
    const host = this.#viewerHost.value;
    if (generation !== this.#generation || !this.#granted || !host) return;
    const root = this.shadowRoot!;
    if (!root.adoptedStyleSheets.includes(module.psvStyleSheet)) {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, module.psvStyleSheet];
    }
    try {
      this.#viewer = module.createPanoramaViewer({
        container: host,
        faces,
        view: this.#view(),
        navbar: this.navbar,
        texts: this.#viewerTexts(),
        reducedMotion: reducedMotion(),
        onProgress: (percent) => {
          if (generation === this.#generation) this._progress = percent;
        },
        onViewChange: (view) => {
          if (generation === this.#generation) this.#onViewerViewChange(view);
        },
        onReady: () => {
          if (generation !== this.#generation) return;
          this.#setState('ready');
          this.emit('panorama-ready', {
            faces,
            panorama: this.#record,
            panoViewerUrl: this.#record?.pano_viewer_url,
          });
        },
        onError: (error) => {
          if (generation === this.#generation) this.#fail(error);
        },
        onAutorotateButton: () => {
          this.autorotate = !this.autorotate;
          this.#userAutorotate = this.autorotate;
        },
        onFullscreenButton: () => this.#toggleFullscreen(),
      });
    } catch (error) {
      this.#fail(error instanceof PanoramaError ? error : new PanoramaError(String(error), 'webgl', error));
      return;
    }
    if (this.#focused) this.#viewer.setKeyboard(true);
    this.#applyAutorotate();
  }

  #releaseViewer(): void {
    this.#generation++;
    clearTimeout(this.#autorotatePaused);
    this.#viewer?.release();
    this.#viewer = undefined;
    this.#viewerHost.value?.replaceChildren();
  }

  /** Forgets the current source entirely (new source, or the element left the page). */
  #reset(): void {
    clearTimeout(this.#viewEventTimer); // no late view-change from a view that is gone
    this.#viewEventTimer = undefined;
    this.#abort?.abort();
    this.#abort = undefined;
    this.#releaseViewer();
    this.#granted = false;
    leavePool(this.#member);
    this.#record = undefined;
    this._faces = undefined;
    this._error = undefined;
    this._progress = undefined;
    this._bumped = false;
  }

  #fail(error: ApiError | PanoramaError): void {
    this.#abort = undefined;
    if (this.#granted) {
      this.#granted = false;
      this.#releaseViewer();
      leavePool(this.#member);
    }
    this._error = error;
    this.#setState('error');
    this.emit('panorama-error', { error });
  }

  #message(error: ApiError | PanoramaError): string {
    const t = (key: PanoramaStringKey, values?: Record<string, string | number>) =>
      translate(STRINGS, this, key, values);
    if (error instanceof PanoramaError) {
      return t(error.kind === 'faces' ? 'badFaces' : error.kind === 'room-id' ? 'badRoomId' : error.kind);
    }
    if (error.kind === 'http')
      return error.status === 404 ? t('noPanorama') : t('serviceError', { status: error.status });
    if (error.kind === 'timeout') return t('timeout');
    if (error.kind === 'network') return t('network');
    return t('invalid');
  }

  #setState(next: PanoramaState): void {
    this._state = next;
    this.setState(next, STATES);
  }

  // ---- the view ----------------------------------------------------------------------------------

  #view(): PanoramaView {
    return normalizeView({ yaw: this.yaw, pitch: this.pitch, zoom: this.zoom });
  }

  /** The viewer moved: follow it (reflected attributes) and tell the page, throttled. */
  #onViewerViewChange(view: PanoramaView): void {
    if (sameView(view, this.#view())) return; // the echo of a view the page set
    this.yaw = view.yaw;
    this.pitch = view.pitch;
    this.zoom = view.zoom;
    const wait = this.#lastViewEvent + VIEW_CHANGE_INTERVAL - performance.now();
    if (wait <= 0) this.#emitViewChange();
    else this.#viewEventTimer ??= setTimeout(() => this.#emitViewChange(), wait);
  }

  #emitViewChange(): void {
    clearTimeout(this.#viewEventTimer);
    this.#viewEventTimer = undefined;
    this.#lastViewEvent = performance.now();
    this.emit('view-change', this.#view());
  }

  #applyAutorotate(): void {
    const on = this.autorotate && (this.#userAutorotate || !reducedMotion());
    if (!this.autorotate) this.#userAutorotate = false;
    this.#viewer?.setAutorotate(on && !this.#pointerDown && !this.#autorotatePaused ? AUTOROTATE_SPEED : 0);
    this.#viewer?.setAutorotateButton(this.autorotate);
  }

  /** The user took the view: autorotation waits until they let go for a while. */
  #onInteraction = (): void => {
    if (!this.autorotate) return;
    clearTimeout(this.#autorotatePaused);
    this.#autorotatePaused = setTimeout(() => {
      this.#autorotatePaused = undefined;
      this.#applyAutorotate();
    }, AUTOROTATE_RESUME);
    this.#applyAutorotate();
  };

  #onPointerDown = (): void => {
    this.#pointerDown = true;
    this.#onInteraction();
    addEventListener(
      'pointerup',
      () => {
        this.#pointerDown = false;
        this.#onInteraction();
      },
      { once: true },
    );
  };

  #onFocus = (): void => {
    this.#focused = true;
    this.#viewer?.setKeyboard(true);
  };

  #onBlur = (event: FocusEvent): void => {
    // focus moving to a navbar button inside the stage keeps the keys on
    const stage = event.currentTarget as HTMLElement;
    if (event.relatedTarget instanceof Node && stage.contains(event.relatedTarget)) return;
    this.#focused = false;
    this.#viewer?.setKeyboard(false);
  };

  // ---- buttons -----------------------------------------------------------------------------------

  #onRetry = (): void => {
    this.#reset();
    this.#setState('idle');
    this.#prepare();
    this.#wantViewer(true);
  };

  #onShow = (): void => this.#wantViewer(true);

  #onPosterError = (event: Event): void => {
    // a missing front face: the background shows instead; the viewer reports the failure itself
    (event.target as HTMLImageElement).hidden = true;
  };

  #toggleFullscreen(): void {
    if (document.fullscreenElement === this) void document.exitFullscreen().catch(() => {});
    else void this.requestFullscreen?.().catch(() => {});
  }

  #onFullscreenChange = (): void => {
    this.#viewer?.setFullscreenButton(document.fullscreenElement === this);
  };

  #viewerTexts(): ViewerTexts {
    const t = (key: PanoramaStringKey) => translate(STRINGS, this, key);
    return {
      zoom: t('zoom'),
      zoomIn: t('zoomIn'),
      zoomOut: t('zoomOut'),
      fullscreen: t('fullscreen'),
      autorotate: t('autorotate'),
      loading: t('loading'),
      ctrlZoom: t('ctrlZoom'),
      twoFingers: t('twoFingers'),
      loadError: t('face'),
      webglError: t('webgl'),
    };
  }
}

defineElement('room-panorama', RoomPanorama);

export interface PanoramaReadyDetail {
  faces: CubeFaces;
  panorama?: PanoramaRender;
  panoViewerUrl?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'room-panorama': RoomPanorama;
  }
  interface GlobalEventHandlersEventMap {
    'panorama-ready': CustomEvent<PanoramaReadyDetail>;
    'panorama-error': CustomEvent<{ error: ApiError | PanoramaError }>;
    'view-change': CustomEvent<PanoramaView>;
  }
}
