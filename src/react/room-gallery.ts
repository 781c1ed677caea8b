'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import type { ElementEvent } from './element-event.js';
import { lazyElement, propertiesOf } from './lazy-element.js';
import type { RoomGallery as RoomGalleryElement } from '../elements/room-gallery/room-gallery.js';
import type { RoomAnalyticsDetail, RoomSelectDetail, RoomsErrorDetail, RoomsLoadDetail } from '../index.js';

/** `<room-gallery>`'s events as React props, each with its typed `detail`. */
export const RoomGalleryEvents = {
  /** A card was activated (click, tap or Enter). Detail `{ room }`. Cancelable: cancel it to keep the link from navigating (e.g. to open `<room-panorama>` in a dialog instead). */
  onRoomSelect: 'room-select' as EventName<ElementEvent<RoomGalleryElement, RoomSelectDetail>>,
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms), `select` (a card activated: `roomId`, and `trackingTag` from the room's `tracking_tag` unless `tracking-tag` is set). Detail `{ action, roomId, trackingTag, experiment, duration }`. Never for property changes. */
  onRoomAnalytics: 'room-analytics' as EventName<ElementEvent<RoomGalleryElement, RoomAnalyticsDetail>>,
  /** A page of rooms arrived. Detail `{ rooms, total, page }`: `rooms` is the page just loaded, `page` its number, `total` as the service gave it (undefined with `skip-total`). */
  onRoomsLoad: 'rooms-load' as EventName<ElementEvent<RoomGalleryElement, RoomsLoadDetail>>,
  /** Loading failed. Detail `{ error }`: an `ElementError` whose `kind` says what failed and whose `status` is the HTTP status, 0 for a network failure or a timeout. */
  onRoomsError: 'rooms-error' as EventName<ElementEvent<RoomGalleryElement, RoomsErrorDetail>>,
} as const;

/**
 * `<room-gallery>` for React: Room-styling search results as a grid of cards, with filters and paging.
 *
 * Properties (`model`, objects, functions) and `on…` handlers are set on the element after every
 * render, hydration included; attributes (`room-id`...) are rendered as React renders them.
 *
 * The element's own code is a lazy chunk, loaded when this component first renders in a browser.
 */
export const RoomGallery = lazyElement(
  createComponent({
    tagName: 'room-gallery',
    elementClass: propertiesOf<RoomGalleryElement>([
      'apiBase',
      'category',
      'created',
      'direction',
      'experiment',
      'filters',
      'history',
      'kind',
      'lastUpdated',
      'limit',
      'linkTarget',
      'order',
      'page',
      'paging',
      'q',
      'renderCard',
      'roomStyle',
      'since',
      'skipTotal',
      'source',
      'tag',
      'token',
      'trackingTag',
      'userId',
      'whitelabel',
    ]),
    react: React,
    events: RoomGalleryEvents,
    displayName: 'RoomGallery',
  }),
  () => import('../elements/room-gallery/room-gallery.js'),
);
