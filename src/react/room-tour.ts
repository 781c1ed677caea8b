'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import { eventsOf } from './element-event.js';
import { elementComponent } from './lazy-element.js';
import type { RoomTour as RoomTourElement } from '../elements/room-tour/room-tour.js';

/** `<room-tour>`'s events as React props, each with its typed `detail`. */
export const RoomTourEvents = eventsOf<RoomTourElement>()({
  /** The tour is built and its first stop is on screen. Detail `{ stops, links, problems }`. */
  onTourReady: 'tour-ready',
  /** The stop shown changed (its panorama is on screen). Detail `{ stop, from }`. */
  onStopChange: 'stop-change',
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms). Detail `{ action, duration }` (members only when known). */
  onRoomAnalytics: 'room-analytics',
  /** The tour, or part of it, cannot be shown. Detail `{ error, fatal }` (`fatal`: nothing can; `error.reason` `no-stops`, `bad-src`, `no-model`, or the 3D view's own). */
  onTourError: 'tour-error',
});

/** `<room-tour>` for React: A walk through a planned home: panoramas at its cameras and rooms, linked through its doors. (see `elementComponent`). */
export const RoomTour = elementComponent<RoomTourElement, typeof RoomTourEvents>({
  tagName: 'room-tour',
  displayName: 'RoomTour',
  properties: [
    'experiment',
    'floor',
    'fml',
    'moving',
    'panoramaSize',
    'panoramas',
    'project',
    'src',
    'stop',
    'trackingTag',
  ],
  events: RoomTourEvents,
  load: () => import('../elements/room-tour/room-tour.js'),
});
