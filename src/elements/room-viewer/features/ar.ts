/**
 * `<room-viewer>` feature: the room's furniture in augmented reality on every phone (`ar`, `ar-modes`,
 * `activateAR()`, `ar-status`), as model-viewer's `ar` but with the whole arrangement and the cart
 * inside AR. The page's own WebXR session (src/features/ar/webxr-placement.ts), Scene Viewer
 * (src/features/ar/scene-viewer.ts: the file posted to the partner's upload route) or Quick Look
 * (src/features/ar/quick-look.ts), whichever this browser offers first in `ar-modes` (detected in
 * src/features/ar/ar-modes.ts). The file comes from `exportLook()` (the look's export, features/export).
 * A mixin over RoomViewerBase (base.ts).
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { RoomViewerBase } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { ArStatusDetail } from '../../../events/ar-status.js';
import { AR_STRINGS, type ArKey } from '../../../features/ar/ar.strings.js';
import {
  availableArMode,
  DEFAULT_AR_MODES,
  parseArModes,
  type ArMode,
} from '../../../features/ar/ar-modes.js';
import { requestArSession } from '../../../features/ar/request-session.js';
import {
  bannerFromLines,
  openQuickLook,
  quickLookHref,
  QUICK_LOOK_TAPPED,
} from '../../../features/ar/quick-look.js';
import { NO_AR_FALLBACK, sceneViewerIntent, uploadModel } from '../../../features/ar/scene-viewer.js';
import { requestCart } from '../../../features/cart/cart.js';
import {
  lookCartItems,
  lookLines,
  type LookCatalogue,
  type LookLine,
  type LookScope,
} from '../../../features/ar-look/look-lines.js';

/** The placement in the page's WebXR session (three.js and GLTFLoader): loaded when a visitor starts it. */
const loadPlacement = lazyModule(() => import('../../../features/ar/webxr-placement.js'));
type Placement = import('../../../features/ar/webxr-placement.js').WebXrPlacement;

/** What AR shows: the arrangement (furniture without walls, the default), the selected pieces, or the whole room. */
export type ArScope = LookScope;

/** The look's export, as `<room-viewer>`'s export feature (features/export.ts) offers it. */
interface LookExporter {
  exportLook?(options: { scope?: ArScope; format?: 'glb' | 'usdz' }): Promise<Blob>;
}

/** A failure with its words: the event's reason (English) and the visible message's key (the element's language). */
class ArFailure extends Error {
  constructor(
    message: string,
    readonly key: ArKey,
  ) {
    super(message);
  }
}

/** What the mixin adds (documented on the class below). */
export interface ViewerArProperties {
  ar: boolean;
  arModes: string;
  arUpload?: string;
  arScope: ArScope;
  arCatalogue?: LookCatalogue;
  arCurrency?: string;
  readonly canActivateAR: boolean;
  readonly arMode: ArMode | undefined;
  readonly arScene: unknown;
  activateAR(): Promise<void>;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerAR<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerArProperties> {
  /**
   * @fires {CustomEvent<ArStatusDetail>} ar-status - Where the visitor's AR view is: `session-started`,
   *   `object-placed` (WebXR: the arrangement stands on the floor, placed or moved), `not-presenting` (the
   *   WebXR session ended, the view is back) or `failed` with `reason` in words. Detail `{ status, mode, reason }`.
   * @slot ar-overlay - The page's own controls shown over the camera's picture in the WebXR session
   *   (Android's DOM overlay), e.g. its add-to-cart button.
   * @csspart ar-button - With `ar`: the "AR" button, bottom start corner; hidden where no mode of `ar-modes` is available.
   * @csspart ar-overlay - The layer over the camera's picture in the WebXR session: the hint, the slot, the buttons.
   * @csspart ar-add-look - In the WebXR session: "Add the look", which fires `add-to-cart` (source `ar`).
   * @csspart ar-exit - In the WebXR session: leaves AR.
   * @csspart ar-message - Why AR could not start (a failure), with a dismiss button; the AR button stays usable.
   * @cssstate ar-presenting - The page's WebXR session is showing the room.
   */
  abstract class WithAR extends Base {
    /**
     * Offers the room's furniture in augmented reality: shows the "AR" button (`part="ar-button"`) where
     * this browser has a mode of `ar-modes`.
     */
    @property({ type: Boolean, reflect: true }) ar = false;

    /**
     * The AR modes allowed, in the order tried (model-viewer's): `webxr` (the page's own session, Chrome on
     * Android), `scene-viewer` (Android's viewer; needs `ar-upload`), `quick-look` (iPhone, iPad).
     * Default `"webxr scene-viewer quick-look"`.
     */
    @property({ attribute: 'ar-modes' }) arModes = DEFAULT_AR_MODES;

    /**
     * Scene Viewer opens only an https URL: the partner back end's upload route (`POST /uploads` of
     * `room-elements/partner`, e.g. `/partner/uploads`) keeps the exported file a few minutes under one.
     * Without it `scene-viewer` is not offered.
     */
    @property({ attribute: 'ar-upload' }) arUpload?: string;

    /** What AR shows: `furniture` (the arrangement without walls, default), `selected` (the selected pieces) or `room`. */
    @property({ attribute: 'ar-scope' }) arScope: ArScope = 'furniture';

    /**
     * The page's catalogue for Quick Look's banner: `(componentId) => ({ name, price })` or undefined for a
     * product it does not sell. Without it the banner names the pieces' categories and shows no price.
     */
    @property({ attribute: false }) arCatalogue?: LookCatalogue;

    /** The currency (ISO 4217, e.g. `EUR`) of the catalogue's prices, for the banner's total. */
    @property({ attribute: 'ar-currency' }) arCurrency?: string;

    @state() private _arMode?: ArMode;
    @state() private _arBusy = false;
    @state() private _arPresenting = false;
    @state() private _arFailure?: ArKey;

    /** Modes that failed to open here (WebXR refused, Scene Viewer missing): the next of `ar-modes` is used next. */
    #blocked = new Set<ArMode>();
    /** Detection runs again when the modes change: only its latest answer counts. */
    #detection = 0;
    #placement?: Placement;
    /** Quick Look's anchor, made once: its one `message` listener fires one `add-to-cart` per tap. */
    #quickLook?: HTMLAnchorElement;
    #quickLookUrl?: string;
    /** Scene Viewer's way back when it is missing (its fallback URL's hash), while a visit may still come back. */
    #fallback?: () => void;

    /**
     * True when the AR button would start AR here: `ar` is set, a room is shown and a mode of `ar-modes`
     * is available in this browser. Read-only.
     */
    get canActivateAR(): boolean {
      return this.ar && !!this._arMode && !!this.roomShown;
    }

    /** The AR mode the button starts: the first of `ar-modes` this browser offers, or undefined. Read-only. */
    get arMode(): ArMode | undefined {
      return this.ar ? this._arMode : undefined;
    }

    /**
     * In the page's WebXR session, the arrangement placed in it (a three.js Object3D in the session's
     * floor-levelled space, metres), for tests and tools; undefined outside a session. Read-only.
     */
    get arScene(): unknown {
      return this.#placement?.arrangement;
    }

    /**
     * Opens the room in AR with the first available mode of `ar-modes` (as the "AR" button does; call it
     * in answer to the visitor's tap, which the browser requires). Never rejects: how it went is told by
     * `ar-status` (`failed` with a reason when it could not start, and the element stays usable).
     */
    async activateAR(): Promise<void> {
      if (this._arBusy || this._arPresenting) return;
      const mode = this.arMode ?? (this.ar ? await availableArMode(this.#allowedModes()) : undefined);
      if (!mode)
        return this.#failed(
          undefined,
          new ArFailure('no AR mode of ar-modes is available here', 'failedSession'),
        );
      if (!this.roomShown) return this.#failed(mode, new ArFailure('no room is shown yet', 'failedNoRoom'));
      this.analytics.trackIfVisitor('ar');
      this._arFailure = undefined;
      this._arBusy = true;
      try {
        if (mode === 'webxr') await this.#webxr();
        else if (mode === 'scene-viewer') await this.#sceneViewer();
        else await this.#quickLookStart();
      } catch (error) {
        this.#failed(mode, error);
      } finally {
        this._arBusy = false;
      }
    }

    override connectedCallback(): void {
      super.connectedCallback();
      void this.#detect();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      void this.#placement?.end();
      this.#dropFallback();
      if (this.#quickLookUrl) URL.revokeObjectURL(this.#quickLookUrl);
      this.#quickLookUrl = undefined;
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('ar') || changed.has('arModes') || changed.has('arUpload')) void this.#detect();
      this.toggleState('ar-presenting', this._arPresenting);
    }

    /** `ar-modes`, less Scene Viewer when no upload route is given (it opens only https files). */
    #allowedModes(): ArMode[] {
      return parseArModes(this.arModes).filter(
        (mode) => !this.#blocked.has(mode) && (mode !== 'scene-viewer' || !!this.arUpload),
      );
    }

    /** A mode that could not open here is not offered again; the button starts the next one (model-viewer's fallback). */
    #block(mode: ArMode): void {
      this.#blocked.add(mode);
      void this.#detect();
    }

    async #detect(): Promise<void> {
      const run = ++this.#detection;
      const mode = this.ar ? await availableArMode(this.#allowedModes()) : undefined;
      if (run === this.#detection) this._arMode = mode;
    }

    /** The look's file, from the export feature; over its size cap or failed: a failure in words. */
    async #export(format: 'glb' | 'usdz'): Promise<Blob> {
      const exporter = (this as unknown as LookExporter).exportLook;
      if (typeof exporter !== 'function')
        throw new ArFailure('this viewer has no exportLook() to make the AR file', 'failedExport');
      try {
        return await exporter.call(this, { scope: this.arScope, format });
      } catch (error) {
        throw new ArFailure(
          `the room could not be exported for AR: ${error instanceof Error ? error.message : String(error)}`,
          'failedExport',
        );
      }
    }

    #status(detail: ArStatusDetail): void {
      this.emit('ar-status', detail);
    }

    #failed(mode: ArMode | undefined, error: unknown): void {
      const failure =
        error instanceof ArFailure
          ? error
          : new ArFailure(error instanceof Error ? error.message : String(error), 'failedSession');
      this._arFailure = failure.key;
      this.#status({ status: 'failed', ...(mode ? { mode } : {}), reason: failure.message });
    }

    /** The page's own session: asked for at once (the tap's activation), then the file and the placement's code. */
    async #webxr(): Promise<void> {
      await this.updateComplete;
      const overlay = this.renderRoot.querySelector<HTMLElement>('.ar-overlay') ?? undefined;
      let session;
      try {
        session = await requestArSession(overlay);
      } catch (error) {
        this.#block('webxr');
        throw new ArFailure(
          `the WebXR session was refused: ${error instanceof Error ? error.message : String(error)}`,
          'failedSession',
        );
      }
      this._arPresenting = true;
      this.#status({ status: 'session-started', mode: 'webxr' });
      const drawing = this.viewContext?.drawing;
      // a room drawn on the page's thread shares the context the session draws with: it waits
      if (drawing?.thread === 'main') drawing.setVisible(false);
      const ended = () => {
        this.#placement = undefined;
        this._arPresenting = false;
        if (drawing?.thread === 'main') drawing.setVisible(true);
        this.#status({ status: 'not-presenting', mode: 'webxr' });
      };
      try {
        const [module, glb] = await Promise.all([loadPlacement(), this.#export('glb')]);
        this.#placement = await module.WebXrPlacement.start(session, glb, {
          placed: () => this.#status({ status: 'object-placed', mode: 'webxr' }),
          ended,
        });
      } catch (error) {
        // the session is ended (the view comes back), then the failure is told
        await session.end().catch(() => undefined);
        if (this._arPresenting) ended();
        throw error;
      }
    }

    async #sceneViewer(): Promise<void> {
      const glb = await this.#export('glb');
      let url: string;
      try {
        url = await uploadModel(new URL(this.arUpload ?? '', document.baseURI).href, glb);
      } catch (error) {
        throw new ArFailure(error instanceof Error ? error.message : String(error), 'failedUpload');
      }
      const intent = sceneViewerIntent(url, this.#words('lookTitle'), location.href);
      // where Scene Viewer is missing, the browser comes back with the fallback's hash: AR failed. One
      // listener per element (a later visit replaces it, leaving the page drops it), so one step back each
      this.#dropFallback();
      const back = () => {
        if (location.hash !== NO_AR_FALLBACK) return;
        this.#dropFallback();
        history.back();
        this.#block('scene-viewer');
        this.#failed(
          'scene-viewer',
          new ArFailure('Scene Viewer is not installed on this device', 'failedSession'),
        );
      };
      this.#fallback = back;
      window.addEventListener('hashchange', back);
      const anchor = document.createElement('a');
      anchor.href = intent;
      anchor.click();
      this.#status({ status: 'session-started', mode: 'scene-viewer' });
    }

    async #quickLookStart(): Promise<void> {
      const usdz = await this.#export('usdz');
      if (this.#quickLookUrl) URL.revokeObjectURL(this.#quickLookUrl);
      this.#quickLookUrl = URL.createObjectURL(usdz);
      const banner = bannerFromLines(this.#lines(), this.language.lang, this.arCurrency);
      const href = quickLookHref(this.#quickLookUrl, {
        callToAction: this.#words('addLook'),
        checkoutTitle: this.#words('lookTitle'),
        checkoutSubtitle: banner.subtitle || this.#words('lookSubtitle', { count: banner.count }),
        ...(banner.price ? { price: banner.price } : {}),
      });
      openQuickLook(this.#quickLookAnchor(), href, this.renderRoot);
      this.#status({ status: 'session-started', mode: 'quick-look' });
    }

    #dropFallback(): void {
      if (this.#fallback) window.removeEventListener('hashchange', this.#fallback);
      this.#fallback = undefined;
    }

    #quickLookAnchor(): HTMLAnchorElement {
      if (this.#quickLook) return this.#quickLook;
      const anchor = document.createElement('a');
      // the banner's button: Safari posts this message to the anchor, once per tap
      anchor.addEventListener('message', (event) => {
        if ((event as MessageEvent).data === QUICK_LOOK_TAPPED) this.#addLook();
      });
      this.#quickLook = anchor;
      return anchor;
    }

    /** The look's lines for `ar-scope` (empty when nothing is shown or the scope names nothing). */
    #lines(): LookLine[] {
      const model = this.viewContext?.model;
      if (!model) return [];
      try {
        const selected = (this as { selected?: string[] }).selected;
        return lookLines(model, { scope: this.arScope, selected, catalogue: this.arCatalogue });
      } catch {
        return [];
      }
    }

    /** The look's products (`ar-scope`) in the page's cart, asked for inside AR: one cancelable `add-to-cart`, source `ar`. */
    #addLook(): void {
      requestCart(this, this.analytics, lookCartItems(this.#lines()), 'ar');
    }

    #words(key: ArKey, values?: Record<string, string | number>): string {
      return this.language.t(AR_STRINGS, key, values);
    }

    #onButton = () => void this.activateAR();

    #dismiss = () => {
      this._arFailure = undefined;
    };

    #exit = () => void this.#placement?.end();

    protected override renderFeatures(): unknown[] {
      const t = (key: ArKey) => this.#words(key);
      const button = this.canActivateAR
        ? html`<button
            type="button"
            part="ar-button"
            class="ar-button"
            aria-label=${t('buttonLabel')}
            aria-busy=${this._arBusy ? 'true' : 'false'}
            ?disabled=${this._arBusy || this._arPresenting}
            @click=${this.#onButton}
          >
            ${t('button')}
          </button>`
        : nothing;
      const message = this._arFailure
        ? html`<div part="ar-message" class="ar-message" role="alert">
            <span>${t(this._arFailure)}</span>
            <button type="button" @click=${this.#dismiss}>${t('dismiss')}</button>
          </div>`
        : nothing;
      // the DOM overlay's root exists before the session is asked for; shown only while presenting
      const overlay = this.ar
        ? html`<div part="ar-overlay" class="ar-overlay" ?hidden=${!this._arPresenting}>
            <p class="ar-hint" role="status">${t(this._arBusy ? 'preparing' : 'placeHint')}</p>
            <slot name="ar-overlay"></slot>
            <div class="ar-actions">
              ${
                lookCartItems(this.#lines()).length
                  ? html`<button type="button" part="ar-add-look" @click=${() => this.#addLook()}>
                      ${t('addLook')}
                    </button>`
                  : nothing
              }
              <button type="button" part="ar-exit" @click=${this.#exit}>${t('exit')}</button>
            </div>
          </div>`
        : nothing;
      return [...super.renderFeatures(), button, message, overlay];
    }
  }
  return WithAR;
}
