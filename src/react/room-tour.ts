'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import type { ElementEvent } from './element-event.js';
import { lazyElement, propertiesOf } from './lazy-element.js';
import type { RoomTour as RoomTourElement } from '../elements/room-tour/room-tour.js';
import type { RoomAnalyticsDetail, StopChangeDetail, TourErrorDetail, TourReadyDetail } from '../index.js';

/** `<room-tour>`'s events as React props, each with its typed `detail`. */
export const RoomTourEvents = {
  /** The tour is built and its first stop is on screen. Detail `{ stops, links, problems }`. */
  onTourReady: 'tour-ready' as EventName<ElementEvent<RoomTourElement, TourReadyDetail>>,
  /** The stop shown changed (its panorama is on screen). Detail `{ stop, from }`. */
  onStopChange: 'stop-change' as EventName<ElementEvent<RoomTourElement, StopChangeDetail>>,
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms). Detail `{ action, duration }` (members only when known). */
  onRoomAnalytics: 'room-analytics' as EventName<ElementEvent<RoomTourElement, RoomAnalyticsDetail>>,
  /** The tour, or part of it, cannot be shown. Detail `{ error, fatal }` (`fatal`: nothing can; `error.reason` `no-stops`, `bad-src`, `no-model`, or the 3D view's own). */
  onTourError: 'tour-error' as EventName<ElementEvent<RoomTourElement, TourErrorDetail>>,
} as const;

/**
 * `<room-tour>` for React: A walk through a planned home: panoramas at its cameras and rooms, linked through its doors.
 *
 * Properties (`model`, objects, functions) and `on…` handlers are set on the element after every
 * render, hydration included; attributes (`room-id`...) are rendered as React renders them.
 *
 * The element's own code is a lazy chunk, loaded when this component first renders in a browser.
 */
export const RoomTour = lazyElement(
  createComponent({
    tagName: 'room-tour',
    elementClass: propertiesOf<RoomTourElement>([
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
    ]),
    react: React,
    events: RoomTourEvents,
    displayName: 'RoomTour',
  }),
  () => import('../elements/room-tour/room-tour.js'),
);
