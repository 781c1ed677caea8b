// Dutch, German, French and Spanish: known to the element, downloaded only when it speaks one
import '../../i18n/shipped.js';
import { defineElement } from '../../internal/define.js';
import type { CameraChange, CameraMode, ComponentLoader } from '../../three/index.js';
import { RoomViewerBase } from './base.js';
import { partsOf } from './parts-queue.js';
import { CartFeature } from '../../features/cart/cart-feature.js';
import { FurnitureFeature } from '../../features/products/furniture-feature.js';
import { ViewerAR } from './features/ar.js';
import { ViewerCamera } from './features/camera.js';
import { ViewerLoading } from './features/loading.js';
import { ViewerExport } from './features/export.js';
import { ViewerHotspots } from './features/hotspots.js';
import { ViewerMeasure } from './features/measure.js';
import { ViewerSelection } from './features/selection.js';
import { ViewerSnapshot } from './features/snapshot.js';
import { ViewerSyncCamera } from './features/sync-camera.js';
// the change log (issue 37)
import { ViewerChanges } from './features/changes.js';
import { ViewerSurfaces } from './features/surfaces.js';
import { ViewerSwap } from './features/swap.js';
import { ViewerWalk } from './features/walk.js';
import { ViewerToPanorama } from './features/to-panorama.js';
import { viewerStyles } from './room-viewer.styles.js';
import { keepServerPoster } from '../../features/poster/server-poster.js';

export type { ViewerContext } from './base.js';
export type { RoomModelJson } from '../../model/types.js';
export type { CameraChange, CameraMode, ComponentLoader };
// every event's detail type, for pages that import the element alone
export type * from '../../events/index.js';
export type { RevealStrategy } from './features/loading.js';
export type { PanoramaFaces, PanoramaOptions } from './features/to-panorama.js';
// swap a piece: what replaceComponent() and `alternatives` take, and why a swap is refused
export type { Replacement, SwapReason, SwapRefused } from './features/swap.js';

/**
 * Renders a room in 3D with three.js from its room model: walls with their door and window openings,
 * floors and ceilings with their materials, furniture as boxes (then the products' meshes of `furniture-base`,
 * or the page's own meshes), the sun, and
 * the model's own camera view. Every `<room-viewer>` on a page draws through ONE shared WebGL context,
 * only when something changed. three.js is loaded only when a viewer starts. Poster first (as model-viewer): the
 * room's own render (or `poster`) shows at once and fades into the first frame; `reveal` says when the room replaces it.
 *
 * Inputs, first one given wins: `model`, `fml`, `src` (a room model or an FML document, by content),
 * `project-id` (with `planner-base`), `room-id`. An FML plan (docs/fml.md) shows one floor's design
 * (`floor`, `design`; a floor switcher when there are several), seen from above at an angle, its
 * walls cut at `section-height` when given; `floor="all"` stacks every floor at its level.
 *
 * @summary A room model in 3D (three.js), sharing one WebGL context with every other viewer on the page.
 *
 * @fires {CustomEvent<FirstFrameDetail>} first-frame - The room's first frame is on screen (as the page's attributes set it; the
 *   poster fading out). The API comes a moment later, with `model-load`. Detail `{ thread }`: `worker` or `main`.
 * @fires {CustomEvent<ModelLoadDetail>} model-load - After `first-frame`, once the features' code loaded right after that frame
 *   took the room up: the whole API answers in its handler (calls made before were held and are made, in order, just before
 *   it). Detail: `{ model, problems, products }` (`products` as the `products` property).
 * @fires {CustomEvent<RoomAnalyticsDetail>} room-analytics - Something the visitor did, for the page's analytics (the element sends
 *   nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again,
 *   with `duration` in ms), `select`, `hotspot`, `measure`, `snapshot` (`toBlob()` in answer to the visitor's click), `fullscreen`,
 *   `add-to-cart`, `ar` (the visitor opened the room in augmented reality). Detail `{ action, roomId,
 *   projectId, componentId, trackingTag, experiment, duration }` (members only when known). Never for a page's property changes.
 * @fires {CustomEvent<ModelErrorDetail>} model-error - The room could not be shown (`fatal: true`: 403/404 room, network failure, a model that
 *   cannot be drawn, no WebGL), or part of it could not (`fatal: false`: a texture, a page-supplied component
 *   or a product's mesh failed; the room is shown with plain colours or boxes). Detail: `{ error, fatal }`: an ElementError (`kind`, `status`,
 *   and `reason` `no-webgl` (also a WebGL context lost for good), `bad-id`, `bad-src`, `no-model`, `not-drawable`, `untrusted-planner`, `texture` or `component`).
 * @fires {CustomEvent<AddToCartDetail>} add-to-cart - The visitor (or `addToCart()`) asks to put products of the room in the
 *   page's cart (the element knows no shop). Bubbles, composed, cancelable. Detail `{ items: [{ componentId, quantity }], source }`:
 *   `description` (a piece's button: one of it), `look` (every product, as many as stand in the room), `hotspot` (a hotspot's
 *   `data-add-to-cart` element: one of each product it names, else of the hotspot's `data-component-id`), `api`, or `ar`
 *   (inside augmented reality: the WebXR overlay's "Add the look", or a tap on Quick Look's banner: the `ar-scope` look's products).
 * @fires {CustomEvent<FloorChangeDetail>} floor-change - An FML plan's floor shown changed. Detail `{ index, id, name, level }`.
 * @fires {CustomEvent<ProgressDetail>} progress - How far the room is on its way (as model-viewer's): `detail.totalProgress`
 *   from 0 to 1 over the three.js code, the room and its textures; it only grows within one load and is 1 once the room
 *   is drawn with every texture settled. (Typed as the DOM's ProgressEvent in TypeScript's event map: cast to
 *   `CustomEvent<ProgressDetail>`.)
 * @fires {CustomEvent<RenderScaleDetail>} render-scale - The resolution drawn at changed (as model-viewer's): `{ reportedDpr,
 *   renderedDpr, minimumDpr, pixelWidth, pixelHeight, reason }`, `reason` `frame-time` while frames run long, `pixel-ratio-cap`
 *   when the pixel-ratio policy caps the device's ratio for a large viewer, else empty.
 * @fires {CustomEvent<CameraChangeDetail>} camera-change - The user moved the camera (mouse, touch or keyboard). Detail: `{ position, target }` in
 *   the model's coordinates (centimetres, z up).
 *
 * @csspart add-to-cart - With `cart`: a piece's "add to cart" button in the room's description (after the piece's own button).
 * @csspart add-look - With `cart`: the "add the whole look" button, at the top in the middle (when the room has products).
 * @csspart canvas - The canvas the room is drawn in.
 * @csspart poster - The poster image (`poster`, else the room's own render), over the canvas until the first frame, then
 *   faded out.
 * @csspart reveal-button - The "View in 3D" button over the poster with `reveal="interaction"`.
 * @csspart progress-bar - The bar along the bottom edge while the room loads (`transform: scaleX(progress)`).
 * @csspart floor-switcher - The `<select>` naming each floor of an FML plan with more than one floor.
 * @csspart status - The loading indicator.
 * @csspart error - The error panel, the same in every element: an icon, a title naming the kind of failure, the message, and a retry button only where trying again can help (network, timeout, server, and a WebGL context lost for good).
 * @csspart error-icon - The panel's icon.
 * @csspart error-title - The panel's title line: the same words per kind of failure in every element.
 * @csspart error-message - The panel's message: the element's own words for its own reasons, else the kind's.
 * @csspart retry - The retry button.
 * @csspart warning - The notice shown while the room is drawn but part of it could not be (textures failed: plain
 *   colours; a `componentLoader` call or a product's mesh failed: boxes).
 *
 * @cssprop --room-error-background - Background of the error panel (every element). Default follows the page's `color-scheme`.
 * @cssprop --room-error-color - Text colour of the error panel (every element).
 * @cssprop --room-error-accent - The error panel's bar, icon and retry border (every element).
 * @cssprop --room-error-border - The error panel's border (every element).
 * @cssprop --room-error-radius - The error panel's corner radius (every element).
 * @cssprop --room-viewer-background - Behind the room (the canvas is transparent). Default `#f3f2ef`, `#1d1e22` in a dark page (`color-scheme: dark`).
 * @cssprop --room-viewer-color - Text colour of status and messages.
 * @cssprop --room-viewer-radius - Corner radius of the element.
 * @cssprop --room-viewer-font - Font of status and messages.
 * @cssprop --room-viewer-status-background - Background of the loading indicator.
 * @cssprop --room-viewer-error-color - Text colour of the error panel (`--room-error-color` wins).
 * @cssprop --room-viewer-button-background - Background of the retry button.
 * @cssprop --room-viewer-warning-background - Background of the warning notice (`:state(warning)`).
 * @cssprop --room-viewer-warning-color - Colour of the warning notice.
 * @cssprop --room-viewer-focus-ring - Outline when the viewer has keyboard focus.
 * @cssprop --room-viewer-progress-color - Colour of the progress bar. Default `#2563eb`.
 * @cssprop --room-viewer-progress-height - Height of the progress bar. Default `3px`.
 *
 * @cssstate idle - Nothing to show yet (no source, or `loading="lazy"` and not near the viewport).
 * @cssstate poster - The poster waits for the visitor (`reveal="interaction"`) or the page (`reveal="manual"`, `dismissPoster()`);
 *   nothing of the room or of three.js has been fetched.
 * @cssstate loading - The model or three.js is loading.
 * @cssstate loaded - The room is on screen.
 * @cssstate error - The room could not be shown; the message says why.
 * @cssstate warning - Beside `loaded`: the room is drawn, but textures or page-supplied furniture failed (the
 *   `warning` part says which). Also reflected as the boolean `warning` attribute.
 */
export class RoomViewer extends ViewerWalk(
  ViewerToPanorama(
    ViewerSwap(
      ViewerSurfaces(
        ViewerChanges(
          ViewerAR(
            ViewerExport(
              ViewerSyncCamera(
                FurnitureFeature(
                  CartFeature(
                    ViewerSnapshot(
                      ViewerMeasure(
                        ViewerHotspots(ViewerSelection(ViewerCamera(ViewerLoading(RoomViewerBase)))),
                      ),
                    ),
                    // its code comes with the viewer's other parts, after the first frame (after-frame.ts)
                    { hotspots: true, code: (viewer) => partsOf(viewer)?.cart },
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  ),
) {
  // a lazily loaded feature's styles come with its code (features/lazy-part.ts: AR, swaps)
  static override styles = viewerStyles;

  /** A server-rendered root (room-elements/ssr.js) keeps its poster until this element shows its own. */
  protected override takeOverServerRoot(root: ShadowRoot): void {
    keepServerPoster(this, root);
  }
}

defineElement('room-viewer', RoomViewer);

declare global {
  interface HTMLElementTagNameMap {
    'room-viewer': RoomViewer;
  }
}
