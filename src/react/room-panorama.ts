'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import type { ElementEvent } from './element-event.js';
import { lazyElement, propertiesOf } from './lazy-element.js';
import type { RoomPanorama as RoomPanoramaElement } from '../elements/room-panorama/room-panorama.js';
import type {
  FullscreenChangeDetail,
  PanoramaErrorDetail,
  PanoramaReadyDetail,
  PanoramaView,
  RoomAnalyticsDetail,
} from '../index.js';

/** `<room-panorama>`'s events as React props, each with its typed `detail`. */
export const RoomPanoramaEvents = {
  /** The panorama is drawn. detail `{ faces, panorama, panoViewerUrl }` (`panorama`: the service's record when `room-id` was used). */
  onPanoramaReady: 'panorama-ready' as EventName<ElementEvent<RoomPanoramaElement, PanoramaReadyDetail>>,
  /** Loading failed. detail `{ error }`: an `ElementError` (`kind` `not-found`, `status` 404: the room has no panorama), or its subclass `PanoramaError` (`reason` `face-failed`, `no-webgl`, `bad-faces`, `bad-id`, `viewer-code`). */
  onPanoramaError: 'panorama-error' as EventName<ElementEvent<RoomPanoramaElement, PanoramaErrorDetail>>,
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms), `hotspot` (a click in a hotspot), `snapshot` (`toBlob()` in answer to the visitor's click in the element), `fullscreen`. Detail `{ action, roomId, componentId, trackingTag, experiment, duration }`. Never for property changes. */
  onRoomAnalytics: 'room-analytics' as EventName<ElementEvent<RoomPanoramaElement, RoomAnalyticsDetail>>,
  /** The user turned or zoomed the view (at most every 100 ms). detail `{ yaw, pitch, zoom }`. */
  onViewChange: 'view-change' as EventName<ElementEvent<RoomPanoramaElement, PanoramaView>>,
  /** The element went into or out of full screen (the navbar's button, the page's `requestFullscreen()`, or Escape). detail `{ fullscreen }`. */
  onFullscreenChange: 'fullscreen-change' as EventName<
    ElementEvent<RoomPanoramaElement, FullscreenChangeDetail>
  >,
} as const;

/**
 * `<room-panorama>` for React: A 360° panorama of a room that many pages can embed many times.
 *
 * Properties (`model`, objects, functions) and `on…` handlers are set on the element after every
 * render, hydration included; attributes (`room-id`...) are rendered as React renders them.
 *
 * The element's own code is a lazy chunk, loaded when this component first renders in a browser.
 */
export const RoomPanorama = lazyElement(
  createComponent({
    tagName: 'room-panorama',
    elementClass: propertiesOf<RoomPanoramaElement>([
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
    ]),
    react: React,
    events: RoomPanoramaEvents,
    displayName: 'RoomPanorama',
  }),
  () => import('../elements/room-panorama/room-panorama.js'),
);
