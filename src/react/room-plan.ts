'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import { eventsOf } from './element-event.js';
import { elementComponent } from './lazy-element.js';
import type { RoomPlan as RoomPlanElement } from '../elements/room-plan/room-plan.js';

/** `<room-plan>`'s events as React props, each with its typed `detail`. */
export const RoomPlanEvents = eventsOf<RoomPlanElement>()({
  /** All of the plan is in the DOM and painted: a freshly loaded plan goes in in stages, a frame apart (the areas and walls, the rest of the drawing, the footprints, the room's description, its surfaces), and this comes two animation frames after the last. The features' working code, fetched right after the areas and walls are painted, is in by then (the whole API answers in its handler), and the calls made before it (`selectComponent()`, `highlight()`, `setSurface()`, `undo()`, `redo()`, `addToCart()`) were made just before it, in order. Detail `{ model, problems, products }`; the geometry drawn is the `plan` property, `products` as the `products` property. */
  onModelLoad: 'model-load',
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms), `select`, `measure`, `snapshot`, `fullscreen`, `add-to-cart`. Detail `{ action, roomId, projectId, componentId, trackingTag, experiment, duration }` (members only when known). Never for a page's property changes. */
  onRoomAnalytics: 'room-analytics',
  /** The visitor (or `addToCart()`) asks to put products of the room in the page's cart (the element knows no shop). Bubbles, composed, cancelable. Detail `{ items: [{ componentId, quantity }], source }`: `description` (a piece's button: one of it), `look` (every product, as many as stand in the room) or `api`. */
  onAddToCart: 'add-to-cart',
  /** An FML plan's floor shown changed (the floor switcher or `floor`). Detail `{ index, id, name, level }`. */
  onFloorChange: 'floor-change',
  /** `{ error, fatal: true }`: an ElementError: `kind` (`not-found` 404, `forbidden` 403, `server` 5xx, `network`, `timeout`...) with the HTTP `status`, or a `reason` of the plan's own (`not-drawable` with the model's `problems`, `no-model`, `bad-id`, `bad-src`, `untrusted-planner`: a `token-endpoint` token would have gone to a planner nobody vouched for, and nothing was sent). */
  onModelError: 'model-error',
  /** A wall face or an area's floor was picked: a click or tap on a wall (the face on that side of its line) or an area, or a surface's button in the room description. Cancelable. Detail as `<room-viewer>`'s: `{ surface, material, areaName, source }`. */
  onSurfaceSelect: 'surface-select',
  /** The room was changed (`setSurface()`, `undo()`, `redo()`). Detail `{ kind, target, before, after, source }`. */
  onRoomChange: 'room-change',
  /** A change was refused; the plan is as it was. Detail `{ change, reason, message }`. */
  onRoomChangeError: 'room-change-error',
  /** The element went into or out of full screen (its button, `requestFullscreen()`, `exitFullscreen()`, or Escape). Detail `{ fullscreen }`. */
  onFullscreenChange: 'fullscreen-change',
  /** In `measure` mode, a second point was picked. Detail `{ from, to, distance, text }`: the points in model coordinates (centimetres; z is 0), the distance in centimetres and as shown (`units`, language). */
  onMeasure: 'measure',
  /** A piece of furniture was picked: a click or tap on its footprint (not the end of a drag), Enter or Space on its button in the room description, or `selectComponent()`. Cancelable. Detail as `<room-viewer>`'s: `{ component: { id, componentId, category, model, position, size }, source }`. */
  onComponentSelect: 'component-select',
});

/** `<room-plan>` for React: An SVG floor plan of a room model, with floor areas, openings, dimensions, pan and zoom. (see `elementComponent`). */
export const RoomPlan = elementComponent<RoomPlanElement, typeof RoomPlanEvents>({
  tagName: 'room-plan',
  displayName: 'RoomPlan',
  properties: [
    'apiBase',
    'cart',
    'design',
    'experiment',
    'floor',
    'fml',
    'fullscreenButton',
    'furniture',
    'gestureHandling',
    'htmlFor',
    'measure',
    'model',
    'plannerBase',
    'projectId',
    'projectToken',
    'roomId',
    'selected',
    'showQuantities',
    'src',
    'tokenEndpoint',
    'trackingTag',
    'trustedPlannerBases',
    'units',
  ],
  events: RoomPlanEvents,
  load: () => import('../elements/room-plan/room-plan.js'),
});
