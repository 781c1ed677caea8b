'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import { eventsOf } from './element-event.js';
import { elementComponent } from './lazy-element.js';
import type { RoomViewer as RoomViewerElement } from '../elements/room-viewer/room-viewer.js';

/** `<room-viewer>`'s events as React props, each with its typed `detail`. */
export const RoomViewerEvents = eventsOf<RoomViewerElement>()({
  /** The room's first frame is on screen (as the page's attributes set it; the poster fading out). The API comes a moment later, with `model-load`. Detail `{ thread }`: `worker` or `main`. */
  onFirstFrame: 'first-frame',
  /** After `first-frame`, once the features' code loaded right after that frame took the room up: the whole API answers in its handler (calls made before were held and are made, in order, just before it). Detail: `{ model, problems, products }` (`products` as the `products` property). */
  onModelLoad: 'model-load',
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms), `select`, `hotspot`, `measure`, `snapshot` (`toBlob()` in answer to the visitor's click), `fullscreen`, `add-to-cart`, `ar` (the visitor opened the room in augmented reality). Detail `{ action, roomId, projectId, componentId, trackingTag, experiment, duration }` (members only when known). Never for a page's property changes. */
  onRoomAnalytics: 'room-analytics',
  /** The room could not be shown (`fatal: true`: 403/404 room, network failure, a model that cannot be drawn, no WebGL), or part of it could not (`fatal: false`: a texture, a page-supplied component or a product's mesh failed; the room is shown with plain colours or boxes). Detail: `{ error, fatal }`: an ElementError (`kind`, `status`, and `reason` `no-webgl` (also a WebGL context lost for good), `bad-id`, `bad-src`, `no-model`, `not-drawable`, `untrusted-planner`, `texture` or `component`). */
  onModelError: 'model-error',
  /** The visitor (or `addToCart()`) asks to put products of the room in the page's cart (the element knows no shop). Bubbles, composed, cancelable. Detail `{ items: [{ componentId, quantity }], source }`: `description` (a piece's button: one of it), `look` (every product, as many as stand in the room), `hotspot` (a hotspot's `data-add-to-cart` element: one of each product it names, else of the hotspot's `data-component-id`), `api`, or `ar` (inside augmented reality: the WebXR overlay's "Add the look", or a tap on Quick Look's banner: the `ar-scope` look's products). */
  onAddToCart: 'add-to-cart',
  /** An FML plan's floor shown changed. Detail `{ index, id, name, level }`. */
  onFloorChange: 'floor-change',
  /** How far the room is on its way (as model-viewer's): `detail.totalProgress` from 0 to 1 over the three.js code, the room and its textures; it only grows within one load and is 1 once the room is drawn with every texture settled. (Typed as the DOM's ProgressEvent in TypeScript's event map: cast to `CustomEvent<ProgressDetail>`.) */
  onProgress: 'progress',
  /** The resolution drawn at changed (as model-viewer's): `{ reportedDpr, renderedDpr, minimumDpr, pixelWidth, pixelHeight, reason }`, `reason` `frame-time` while frames run long, `pixel-ratio-cap` when the pixel-ratio policy caps the device's ratio for a large viewer, else empty. */
  onRenderScale: 'render-scale',
  /** The user moved the camera (mouse, touch or keyboard). Detail: `{ position, target }` in the model's coordinates (centimetres, z up). */
  onCameraChange: 'camera-change',
  /** A wall face, a floor or a ceiling was picked: a click or tap on it (a click on a piece stays `component-select`), or its button in the room description. Cancelable. Detail `{ surface, material, areaName, source }`: `surface` `wall:<id>:left|right` (left and right walking from the wall's start to its end), `area:<id>:floor` or `area:<id>:ceiling`; `material` the model's material id, or the change made (`{ color }`, `{ texture, tileSize, rotation }`); `areaName` the area's own name (text); `source` `pointer` or `keyboard`. */
  onSurfaceSelect: 'surface-select',
  /** The room was changed (a surface repainted…), also by `undo()`, `redo()` and a replayed `changes` list. Detail `{ kind, target, before, after, source }` (`source` `api`, `user`, `replay`, `undo` or `redo`; values JSON, `null`: as the model has it). */
  onRoomChange: 'room-change',
  /** A change was refused; the room is as it was. Detail `{ change: { kind, target, after, source }, reason, message }`, `reason` `unknown-target`, `bad-value`, `load-failed`, `not-ready`, `limit` or a kind's own. */
  onRoomChangeError: 'room-change-error',
  /** Where the visitor's AR view is: `session-started`, `object-placed` (WebXR: the arrangement stands on the floor, placed or moved), `not-presenting` (the WebXR session ended, the view is back) or `failed` with `reason` in words. Detail `{ status, mode, reason }`. */
  onArStatus: 'ar-status',
  /** The element went into or out of full screen (its button, `requestFullscreen()`, `exitFullscreen()`, or Escape). Detail `{ fullscreen }`. */
  onFullscreenChange: 'fullscreen-change',
  /** In `measure` mode, a second point was picked. Detail `{ from, to, distance, text }`: the points in model space (centimetres, z up), the straight distance between them in centimetres and that distance as shown (`units`, language). */
  onMeasure: 'measure',
  /** A piece of furniture was picked: a click or tap on it (not the end of a drag), Enter or Space on its button in the room description, or `selectComponent()`. Cancelable (cancelled: the selection stays as it was). Detail `{ component: { id, componentId, category, model, position: { x, y, z }, size: { width, depth, height } }, source }`, in the model's units (centimetres); `componentId` is the model's `component_id`; `source` is `pointer`, `keyboard` or `api`. */
  onComponentSelect: 'component-select',
});

/** `<room-viewer>` for React: A room model in 3D (three.js), sharing one WebGL context with every other viewer on the page. (see `elementComponent`). */
export const RoomViewer = elementComponent<RoomViewerElement, typeof RoomViewerEvents>({
  tagName: 'room-viewer',
  displayName: 'RoomViewer',
  properties: [
    'alternatives',
    'apiBase',
    'ar',
    'arCatalogue',
    'arCurrency',
    'arModes',
    'arScope',
    'arUpload',
    'autoRotate',
    'autorotate',
    'camera',
    'cameraOrbit',
    'cameraTarget',
    'cart',
    'changes',
    'componentLoader',
    'controls',
    'cutaway',
    'cutawayHeight',
    'design',
    'experiment',
    'floor',
    'fml',
    'focusComponent',
    'fullscreenButton',
    'furniture',
    'furnitureBase',
    'gestureHandling',
    'loading',
    'measure',
    'mediaBase',
    'model',
    'plannerBase',
    'poster',
    'projectId',
    'projectToken',
    'renderer',
    'reveal',
    'roomId',
    'sectionHeight',
    'selected',
    'src',
    'syncCamera',
    'tokenEndpoint',
    'trackingTag',
    'trustedPlannerBases',
    'units',
  ],
  events: RoomViewerEvents,
  load: () => import('../elements/room-viewer/room-viewer.js'),
});
