/**
 * The working part of `<room-viewer>`'s AR feature (features/ar.ts holds its contract): detecting the
 * modes this browser offers, starting the page's WebXR session, Scene Viewer or Quick Look, and the AR
 * button, message and overlay. Loaded (lazy-part.ts) once a page sets `ar` or calls `activateAR()`.
 */
import { html, nothing } from 'lit';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { Analytics } from '../../../internal/analytics/analytics-controller.js';
import type { ArStatusDetail } from '../../../events/ar-status.js';
import { AR_STRINGS, type ArKey } from '../../../features/ar/ar.strings.js';
import { availableArMode, parseArModes, type ArMode } from '../../../features/ar/ar-modes.js';
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
import type { LanguageController } from '../../../internal/language.js';
import type { ViewerContext } from '../base.js';
import { viewerArStyles } from './ar.styles.js';

export { viewerArStyles as styles };

/** The placement in the page's WebXR session (three.js and GLTFLoader): loaded when a visitor starts it. */
const loadPlacement = lazyModule(() => import('../../../features/ar/webxr-placement.js'));
type Placement = import('../../../features/ar/webxr-placement.js').WebXrPlacement;

/** What the AR part reads of its element (features/ar.ts makes it: the element's protected members in closures). */
export interface ArHost {
  element: HTMLElement & {
    readonly ar: boolean;
    readonly arModes: string;
    readonly arUpload?: string;
    readonly arScope: LookScope;
    readonly arCatalogue?: LookCatalogue;
    readonly arCurrency?: string;
    readonly renderRoot: HTMLElement | DocumentFragment;
    readonly updateComplete: Promise<boolean>;
  };
  analytics: Analytics;
  language: LanguageController;
  /** The room on screen (undefined while none is). */
  shown(): ViewerContext | undefined;
  /** Fires `ar-status`. */
  status(detail: ArStatusDetail): void;
}

/** The look's export, as `<room-viewer>`'s export feature (features/export.ts) offers it. */
interface LookExporter {
  exportLook?(options: { scope?: LookScope; format?: 'glb' | 'usdz' }): Promise<Blob>;
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

export const make = (host: ArHost): ArSession => new ArSession(host);

export class ArSession {
  /** The first of `ar-modes` this browser offers (undefined: none, or `ar` is off). */
  mode?: ArMode;
  busy = false;
  presenting = false;
  failure?: ArKey;

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

  constructor(private readonly host: ArHost) {
    void this.detect();
  }

  /** In the page's WebXR session, the arrangement placed in it; undefined outside a session. */
  get scene(): unknown {
    return this.#placement?.arrangement;
  }

  #set(change: () => void): void {
    change();
    (this.host.element as unknown as { requestUpdate(): void }).requestUpdate();
  }

  /** As `activateAR()` says (features/ar.ts): never rejects, tells how it went by `ar-status`. */
  async activate(): Promise<void> {
    const element = this.host.element;
    if (this.busy || this.presenting) return;
    const mode = element.ar ? (this.mode ?? (await availableArMode(this.#allowedModes()))) : undefined;
    if (!mode)
      return this.#failed(
        undefined,
        new ArFailure('no AR mode of ar-modes is available here', 'failedSession'),
      );
    if (!this.host.shown()) return this.#failed(mode, new ArFailure('no room is shown yet', 'failedNoRoom'));
    this.host.analytics.trackIfVisitor('ar');
    this.#set(() => {
      this.failure = undefined;
      this.busy = true;
    });
    try {
      if (mode === 'webxr') await this.#webxr();
      else if (mode === 'scene-viewer') await this.#sceneViewer();
      else await this.#quickLookStart();
    } catch (error) {
      this.#failed(mode, error);
    } finally {
      this.#set(() => (this.busy = false));
    }
  }

  /** The element left the page: a session ends, Scene Viewer's way back and Quick Look's file are dropped. */
  disconnected(): void {
    void this.#placement?.end();
    this.#dropFallback();
    if (this.#quickLookUrl) URL.revokeObjectURL(this.#quickLookUrl);
    this.#quickLookUrl = undefined;
  }

  /** `ar-modes`, less Scene Viewer when no upload route is given (it opens only https files). */
  #allowedModes(): ArMode[] {
    return parseArModes(this.host.element.arModes).filter(
      (mode) => !this.#blocked.has(mode) && (mode !== 'scene-viewer' || !!this.host.element.arUpload),
    );
  }

  /** A mode that could not open here is not offered again; the button starts the next one (model-viewer's fallback). */
  #block(mode: ArMode): void {
    this.#blocked.add(mode);
    void this.detect();
  }

  /** Which mode the button starts, again (`ar`, `ar-modes` or `ar-upload` changed, or a mode failed). */
  async detect(): Promise<void> {
    const run = ++this.#detection;
    const mode = this.host.element.ar ? await availableArMode(this.#allowedModes()) : undefined;
    if (run === this.#detection) this.#set(() => (this.mode = mode));
  }

  /** The look's file, from the export feature; over its size cap or failed: a failure in words. */
  async #export(format: 'glb' | 'usdz'): Promise<Blob> {
    const element = this.host.element;
    const exporter = (element as unknown as LookExporter).exportLook;
    if (typeof exporter !== 'function')
      throw new ArFailure('this viewer has no exportLook() to make the AR file', 'failedExport');
    try {
      return await exporter.call(element, { scope: element.arScope, format });
    } catch (error) {
      throw new ArFailure(
        `the room could not be exported for AR: ${error instanceof Error ? error.message : String(error)}`,
        'failedExport',
      );
    }
  }

  #failed(mode: ArMode | undefined, error: unknown): void {
    const failure =
      error instanceof ArFailure
        ? error
        : new ArFailure(error instanceof Error ? error.message : String(error), 'failedSession');
    this.#set(() => (this.failure = failure.key));
    this.host.status({ status: 'failed', ...(mode ? { mode } : {}), reason: failure.message });
  }

  /** The page's own session: asked for at once (the tap's activation), then the file and the placement's code. */
  async #webxr(): Promise<void> {
    await this.host.element.updateComplete;
    const overlay = this.host.element.renderRoot.querySelector<HTMLElement>('.ar-overlay') ?? undefined;
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
    this.#set(() => (this.presenting = true));
    this.host.status({ status: 'session-started', mode: 'webxr' });
    const drawing = this.host.shown()?.drawing;
    // a room drawn on the page's thread shares the context the session draws with: it waits
    if (drawing?.thread === 'main') drawing.setVisible(false);
    const ended = () => {
      this.#placement = undefined;
      this.#set(() => (this.presenting = false));
      if (drawing?.thread === 'main') drawing.setVisible(true);
      this.host.status({ status: 'not-presenting', mode: 'webxr' });
    };
    try {
      const [module, glb] = await Promise.all([loadPlacement(), this.#export('glb')]);
      this.#placement = await module.WebXrPlacement.start(session, glb, {
        placed: () => this.host.status({ status: 'object-placed', mode: 'webxr' }),
        ended,
      });
    } catch (error) {
      // the session is ended (the view comes back), then the failure is told
      await session.end().catch(() => undefined);
      if (this.presenting) ended();
      throw error;
    }
  }

  async #sceneViewer(): Promise<void> {
    const glb = await this.#export('glb');
    let url: string;
    try {
      url = await uploadModel(new URL(this.host.element.arUpload ?? '', document.baseURI).href, glb);
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
    this.host.status({ status: 'session-started', mode: 'scene-viewer' });
  }

  async #quickLookStart(): Promise<void> {
    const usdz = await this.#export('usdz');
    if (this.#quickLookUrl) URL.revokeObjectURL(this.#quickLookUrl);
    this.#quickLookUrl = URL.createObjectURL(usdz);
    const banner = bannerFromLines(this.#lines(), this.host.language.lang, this.host.element.arCurrency);
    const href = quickLookHref(this.#quickLookUrl, {
      callToAction: this.#words('addLook'),
      checkoutTitle: this.#words('lookTitle'),
      checkoutSubtitle: banner.subtitle || this.#words('lookSubtitle', { count: banner.count }),
      ...(banner.price ? { price: banner.price } : {}),
    });
    openQuickLook(this.#quickLookAnchor(), href, this.host.element.renderRoot);
    this.host.status({ status: 'session-started', mode: 'quick-look' });
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
    const model = this.host.shown()?.model;
    if (!model) return [];
    const element = this.host.element;
    try {
      const selected = (element as { selected?: string[] }).selected;
      return lookLines(model, { scope: element.arScope, selected, catalogue: element.arCatalogue });
    } catch {
      return [];
    }
  }

  /** The look's products (`ar-scope`) in the page's cart, asked for inside AR: one cancelable `add-to-cart`, source `ar`. */
  #addLook(): void {
    requestCart(this.host.element, this.host.analytics, lookCartItems(this.#lines()), 'ar');
  }

  #words(key: ArKey, values?: Record<string, string | number>): string {
    return this.host.language.t(AR_STRINGS, key, values);
  }

  #onButton = () => void this.activate();

  #dismiss = () => this.#set(() => (this.failure = undefined));

  #exit = () => void this.#placement?.end();

  /** The AR button (where a mode is available and a room shown), the failure message and the WebXR overlay. */
  render(canActivate: boolean): unknown[] {
    const t = (key: ArKey) => this.#words(key);
    const button = canActivate
      ? html`<button
          type="button"
          part="ar-button"
          class="ar-button"
          aria-label=${t('buttonLabel')}
          aria-busy=${this.busy ? 'true' : 'false'}
          ?disabled=${this.busy || this.presenting}
          @click=${this.#onButton}
        >
          ${t('button')}
        </button>`
      : nothing;
    const message = this.failure
      ? html`<div part="ar-message" class="ar-message" role="alert">
          <span>${t(this.failure)}</span>
          <button type="button" @click=${this.#dismiss}>${t('dismiss')}</button>
        </div>`
      : nothing;
    // the DOM overlay's root exists before the session is asked for; shown only while presenting
    const overlay = this.host.element.ar
      ? html`<div part="ar-overlay" class="ar-overlay" ?hidden=${!this.presenting}>
          <p class="ar-hint" role="status">${t(this.busy ? 'preparing' : 'placeHint')}</p>
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
    return [button, message, overlay];
  }
}
