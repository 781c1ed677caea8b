// Dutch, German, French and Spanish: known to the element, downloaded only when it speaks one
import '../../i18n/shipped.js';
import { defineElement } from '../../internal/define.js';
import type { ModelErrorDetail, ModelLoadDetail } from '../../events/index.js';
import type { Units } from '../../model/units.js';
import { planPartsOf, RoomPlanBase } from './base.js';
import { CartFeature } from '../../features/cart/cart-feature.js';
import { FurnitureFeature } from '../../features/products/furniture-feature.js';
import { PlanMeasure } from './features/measure.js';
import { QuantitiesFeature } from './features/quantities.js';
import { PlanSelection } from './features/selection.js';
import { PlanSnapshot } from './features/snapshot.js';
import { PlanSync } from './features/sync.js';
import { PlanYouAreHere } from './features/you-are-here.js';
import { styles } from './room-plan.styles.js';
// surfaces and the change log (issue 37)
import { PlanSurfaces } from './features/surfaces.js';

export type { RoomModelJson } from '../../model/types.js';
export type { PlanShown } from './base.js';
export type { Units };
// every event's detail type, for pages that import the element alone
export type * from '../../events/index.js';
/** @deprecated the shared ModelLoadDetail (src/events/model-load.ts) */
export type PlanLoadDetail = ModelLoadDetail;
/** @deprecated the shared ModelErrorDetail (src/events/model-error.ts) */
export type PlanErrorDetail = ModelErrorDetail;

/**
 * Draws a room's floor plan as SVG from its room model (the same model `<room-viewer>` shows in 3D):
 * walls with clean joins, doors (leaf and swing) and windows in gaps cut into the walls, areas filled
 * and labelled with their floor area (and a name where the model gives one; nested areas are drawn
 * above the areas that hold them, in their own colour), and the overall width and depth. The plan can
 * be moved by dragging or with the arrow keys and zoomed with the wheel, the + and − keys or the
 * buttons; it prints as crisp vector lines, the whole plan on the page.
 *
 * Inputs, first one given wins: the `model` property, the `fml` property, `src` (a room model or an
 * FML document, told apart by content), `project-id` (with `planner-base`), `room-id`. An FML plan
 * (docs/fml.md) is drawn as the planning service's export draws it: also its items as outlined
 * footprints, its own texts and dimension lines, a scale bar and a north arrow, and names and floor
 * areas only where the FML says to print them; `floor` and `design` pick what is shown.
 *
 * @summary An SVG floor plan of a room model, with floor areas, openings, dimensions, pan and zoom.
 *
 * @fires {CustomEvent<ModelLoadDetail>} model-load - All of the plan is in the DOM and painted: a freshly loaded plan goes in in stages, a frame apart (the areas and walls, the rest of the drawing, the footprints, the room's description, its surfaces), and this comes two animation frames after the last. The features' working code, fetched right after the areas and walls are painted, is in by then (the whole API answers in its handler), and the calls made before it (`selectComponent()`, `highlight()`, `setSurface()`, `undo()`, `redo()`, `addToCart()`) were made just before it, in order. Detail `{ model, problems, products }`; the geometry drawn is the `plan` property, `products` as the `products` property.
 * @fires {CustomEvent<RoomAnalyticsDetail>} room-analytics - Something the visitor did, for the page's analytics (the element sends
 *   nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again,
 *   with `duration` in ms), `select`, `measure`, `snapshot`, `fullscreen`, `add-to-cart`. Detail `{ action, roomId, projectId,
 *   componentId, trackingTag, experiment, duration }` (members only when known). Never for a page's property changes.
 * @fires {CustomEvent<AddToCartDetail>} add-to-cart - The visitor (or `addToCart()`) asks to put products of the room in the
 *   page's cart (the element knows no shop). Bubbles, composed, cancelable. Detail `{ items: [{ componentId, quantity }], source }`:
 *   `description` (a piece's button: one of it), `look` (every product, as many as stand in the room) or `api`.
 * @fires {CustomEvent<FloorChangeDetail>} floor-change - An FML plan's floor shown changed (the floor switcher or `floor`). Detail `{ index, id, name, level }`.
 * @fires {CustomEvent<ModelErrorDetail>} model-error - `{ error, fatal: true }`: an ElementError: `kind` (`not-found` 404, `forbidden` 403, `server` 5xx, `network`, `timeout`...) with the HTTP `status`, or a `reason` of the plan's own (`not-drawable` with the model's `problems`, `no-model`, `bad-id`, `bad-src`, `untrusted-planner`: a `token-endpoint` token would have gone to a planner nobody vouched for, and nothing was sent).
 *
 * @csspart add-to-cart - With `cart`: a piece's "add to cart" button in the room's description (after the piece's own button).
 * @csspart add-look - With `cart`: the "add the whole look" button, at the top in the middle (when the room has products).
 * @csspart quantities - With `show-quantities`: the quantities table below the plan (a `<table>`, a row per area and the totals;
 *   printed with the plan).
 * @csspart base - The wrapper of everything.
 * @csspart viewport - The focusable box the plan is moved and zoomed in (arrow keys, + − 0).
 * @csspart svg - The `<svg>` (role img, labelled with a summary of the plan).
 * @csspart area - An area's filled outline (also `area-nested` for areas inside another).
 * @csspart area-nested - An area inside another area.
 * @csspart wall - The group of wall footprints.
 * @csspart opening - A door, window or opening symbol (also `door` or `window`).
 * @csspart door - A door: its leaf and dashed swing.
 * @csspart window - A window: two thin lines in the wall gap.
 * @csspart label - An area's label (its name and floor area).
 * @csspart dimension - The overall width and depth lines with their lengths.
 * @csspart floor-switcher - The `<select>` naming each floor of an FML plan with more than one floor.
 * @csspart item - The group of item footprints (FML furniture, stairs).
 * @csspart plan-label - The plan's own texts and drawn lines (FML labels).
 * @csspart scale-bar - The scale bar (FML plans).
 * @csspart north-arrow - The north arrow (FML plans).
 * @csspart controls - The zoom buttons.
 * @csspart control - One zoom button (also `zoom-in`, `zoom-out`, `fit`).
 * @csspart zoom-in - The zoom-in button.
 * @csspart zoom-out - The zoom-out button.
 * @csspart fit - The button that shows the whole plan.
 * @csspart status - The loading message.
 * @csspart error - The error panel, the same in every element: an icon, a title naming the kind of failure, the message, and a retry button only where trying again can help (network, timeout, server).
 * @csspart error-icon - The panel's icon.
 * @csspart error-title - The panel's title line: the same words per kind of failure in every element.
 * @csspart error-message - The panel's message: the element's own words for its own reasons, else the kind's.
 * @csspart retry - The retry button.
 *
 * @cssprop --room-error-background - Background of the error panel (every element). Default follows the page's `color-scheme`.
 * @cssprop --room-error-color - Text colour of the error panel (every element).
 * @cssprop --room-error-accent - The error panel's bar, icon and retry border (every element).
 * @cssprop --room-error-border - The error panel's border (every element).
 * @cssprop --room-error-radius - The error panel's corner radius (every element).
 * @cssprop --room-plan-background - Background (default #fff, `#1c1d21` in a dark page: every plan colour follows the page's `color-scheme`).
 * @cssprop --room-plan-text - Text colour of messages.
 * @cssprop --room-plan-font - Font family.
 * @cssprop --room-plan-radius - Corner radius of the element.
 * @cssprop --room-plan-wall - Wall fill (default #3a3a3a).
 * @cssprop --room-plan-wall-outline - Wall outline and opening jambs (default #000).
 * @cssprop --room-plan-area - Area fill (default #f4efe4), where an FML area gives no colour of its own.
 * @cssprop --room-plan-area-outline - Area outline.
 * @cssprop --room-plan-area-nested - Fill of an area inside another (default #e3ecf4).
 * @cssprop --room-plan-area-nested-outline - Dashed outline of a nested area.
 * @cssprop --room-plan-item - Item footprint outlines (default #8a8a8a).
 * @cssprop --room-plan-opening - Door leaf and swing lines.
 * @cssprop --room-plan-window - Window glass lines.
 * @cssprop --room-plan-label - Label text colour.
 * @cssprop --room-plan-label-halo - The halo that keeps labels readable over lines.
 * @cssprop --room-plan-label-on-dark - Label text on an area whose FML colour is dark (default #fff).
 * @cssprop --room-plan-label-on-dark-halo - The halo of such a label.
 * @cssprop --room-plan-dimension - Dimension lines and lengths.
 * @cssprop --room-plan-focus - Focus ring colour.
 * @cssprop --room-plan-control-color - Zoom button text colour.
 * @cssprop --room-plan-control-background - Zoom button background.
 * @cssprop --room-plan-control-border - Zoom button border.
 * @cssprop --room-plan-control-hover - Zoom button background on hover.
 * @cssprop --room-plan-status-color - Loading message colour.
 * @cssprop --room-plan-error-color - Error text and border colour.
 * @cssprop --room-plan-error-background - Error background.
 *
 * @cssstate idle - No input given yet.
 * @cssstate loading - The model is being fetched.
 * @cssstate loaded - The plan is drawn (from its first stage on: the rest of a freshly loaded plan follows a frame at a time, until `model-load`).
 * @cssstate error - The model could not be fetched or drawn; the error part says why, with a retry button.
 */
export class RoomPlan extends PlanSurfaces(
  QuantitiesFeature(
    FurnitureFeature(
      // the cart's code comes with the plan's parts (after-paint.ts), right after its first paint
      CartFeature(PlanSnapshot(PlanMeasure(PlanYouAreHere(PlanSync(PlanSelection(RoomPlanBase))))), {
        code: (plan) => planPartsOf(plan)?.cart,
      }),
    ),
    { code: (plan) => planPartsOf(plan) },
  ),
) {
  static override styles = styles;
}

defineElement('room-plan', RoomPlan);

declare global {
  interface HTMLElementTagNameMap {
    'room-plan': RoomPlan;
  }
}
