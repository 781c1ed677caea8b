/**
 * `<room-viewer>` feature: the room's furniture in augmented reality on every phone (`ar`, `ar-modes`,
 * `activateAR()`, `ar-status`), as model-viewer's `ar` but with the whole arrangement and the cart
 * inside AR. The page's own WebXR session (src/features/ar/webxr-placement.ts), Scene Viewer
 * (src/features/ar/scene-viewer.ts: the file posted to the partner's upload route) or Quick Look
 * (src/features/ar/quick-look.ts), whichever this browser offers first in `ar-modes` (detected in
 * src/features/ar/ar-modes.ts). The file comes from `exportLook()` (the look's export, features/export).
 * A mixin over RoomViewerBase (base.ts).
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { RoomViewerBase } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { ArStatusDetail } from '../../../events/ar-status.js';
import { DEFAULT_AR_MODES } from '../../../features/ar/ar-default.js';
import type { ArMode } from '../../../features/ar/ar-modes.js';
import type { LookCatalogue, LookScope } from '../../../features/ar-look/look-lines.js';
import { LazyPart } from './lazy-part.js';
import type { ArHost, ArSession } from './ar-session.js';

/** AR's working part (ar-session.ts, its styles and words): loaded once a page sets `ar` or calls `activateAR()`. */
const loadSession = lazyModule(() => import('./ar-session.js'));

/** What AR shows: the arrangement (furniture without walls, the default), the selected pieces, or the whole room. */
export type ArScope = LookScope;

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

    /** The working part, made for this element when it arrives. */
    #session = new LazyPart<ArSession, ArHost>(
      this,
      {
        element: this,
        analytics: this.analytics,
        language: this.language,
        shown: () => this.roomShown,
        status: (detail: ArStatusDetail) => this.emit('ar-status', detail),
      },
      loadSession,
    );

    /**
     * True when the AR button would start AR here: `ar` is set, a room is shown and a mode of `ar-modes`
     * is available in this browser. Read-only.
     */
    get canActivateAR(): boolean {
      return this.ar && !!this.#session.value?.mode && !!this.roomShown;
    }

    /** The AR mode the button starts: the first of `ar-modes` this browser offers, or undefined. Read-only. */
    get arMode(): ArMode | undefined {
      return this.ar ? this.#session.value?.mode : undefined;
    }

    /**
     * In the page's WebXR session, the arrangement placed in it (a three.js Object3D in the session's
     * floor-levelled space, metres), for tests and tools; undefined outside a session. Read-only.
     */
    get arScene(): unknown {
      return this.#session.value?.scene;
    }

    /**
     * Opens the room in AR with the first available mode of `ar-modes` (as the "AR" button does; call it
     * in answer to the visitor's tap, which the browser requires). Never rejects: how it went is told by
     * `ar-status` (`failed` with a reason when it could not start, and the element stays usable). The
     * AR code loads with `ar` (or with the first call, which then waits for it).
     */
    async activateAR(): Promise<void> {
      let session = this.#session.value;
      if (!session)
        try {
          session = await this.#session.get();
        } catch (error) {
          this.emit('ar-status', {
            status: 'failed',
            reason: `the AR code could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          });
          return;
        }
      return session.activate();
    }

    override connectedCallback(): void {
      super.connectedCallback();
      if (this.ar) this.#session.start();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#session.value?.disconnected();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('ar') || changed.has('arModes') || changed.has('arUpload')) {
        // the part detects the modes as it arrives; once here, again on each change
        if (this.#session.value) void this.#session.value.detect();
        else if (this.ar) this.#session.start();
      }
      this.toggleState('ar-presenting', this.#session.value?.presenting ?? false);
    }

    protected override renderFeatures(): unknown[] {
      return [...super.renderFeatures(), ...(this.#session.value?.render(this.canActivateAR) ?? [])];
    }
  }
  return WithAR;
}
