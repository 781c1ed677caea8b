'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import { eventsOf } from './element-event.js';
import { elementComponent } from './lazy-element.js';
import type { RoomPanorama as RoomPanoramaElement } from '../elements/room-panorama/room-panorama.js';

/** `<room-panorama>`'s events as React props, each with its typed `detail`. */
export const RoomPanoramaEvents = eventsOf<RoomPanoramaElement>()({
  /** The panorama is drawn. detail `{ faces, panorama, panoViewerUrl }` (`panorama`: the service's record when `room-id` was used). */
  onPanoramaReady: 'panorama-ready',
  /** Loading failed. detail `{ error }`: an `ElementError` (`kind` `not-found`, `status` 404: the room has no panorama), or its subclass `PanoramaError` (`reason` `face-failed`, `no-webgl`, `bad-faces`, `bad-id`, `viewer-code`). */
  onPanoramaError: 'panorama-error',
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms), `hotspot` (a click in a hotspot), `snapshot` (`toBlob()` in answer to the visitor's click in the element), `fullscreen`. Detail `{ action, roomId, componentId, trackingTag, experiment, duration }`. Never for property changes. */
  onRoomAnalytics: 'room-analytics',
  /** The user turned or zoomed the view (at most every 100 ms). detail `{ yaw, pitch, zoom }`. */
  onViewChange: 'view-change',
  /** The element went into or out of full screen (the navbar's button, the page's `requestFullscreen()`, or Escape). detail `{ fullscreen }`. */
  onFullscreenChange: 'fullscreen-change',
});

/** `<room-panorama>` for React: A 360° panorama of a room that many pages can embed many times. (see `elementComponent`). */
export const RoomPanorama = elementComponent<RoomPanoramaElement, typeof RoomPanoramaEvents>({
  tagName: 'room-panorama',
  displayName: 'RoomPanorama',
  properties: [
    'apiBase',
    'autoRotate',
    'autorotate',
    'experiment',
    'faces',
    'gyroscope',
    'loading',
    'navbar',
    'panoViewerUrl',
    'pitch',
    'roomId',
    'trackingTag',
    'yaw',
    'zoom',
  ],
  events: RoomPanoramaEvents,
  load: () => import('../elements/room-panorama/room-panorama.js'),
});
