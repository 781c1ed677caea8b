'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import { eventsOf } from './element-event.js';
import { elementComponent } from './lazy-element.js';
import type { RoomGallery as RoomGalleryElement } from '../elements/room-gallery/room-gallery.js';

/** `<room-gallery>`'s events as React props, each with its typed `detail`. */
export const RoomGalleryEvents = eventsOf<RoomGalleryElement>()({
  /** A card was activated (click, tap or Enter). Detail `{ room }`. Cancelable: cancel it to keep the link from navigating (e.g. to open `<room-panorama>` in a dialog instead). */
  onRoomSelect: 'room-select',
  /** Something the visitor did, for the page's analytics (the element sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view again, with `duration` in ms), `select` (a card activated: `roomId`, and `trackingTag` from the room's `tracking_tag` unless `tracking-tag` is set). Detail `{ action, roomId, trackingTag, experiment, duration }`. Never for property changes. */
  onRoomAnalytics: 'room-analytics',
  /** A page of rooms arrived. Detail `{ rooms, total, page }`: `rooms` is the page just loaded, `page` its number, `total` as the service gave it (undefined with `skip-total`). */
  onRoomsLoad: 'rooms-load',
  /** Loading failed. Detail `{ error }`: an `ElementError` whose `kind` says what failed and whose `status` is the HTTP status, 0 for a network failure or a timeout. */
  onRoomsError: 'rooms-error',
});

/** `<room-gallery>` for React: Room-styling search results as a grid of cards, with filters and paging. (see `elementComponent`). */
export const RoomGallery = elementComponent<RoomGalleryElement, typeof RoomGalleryEvents>({
  tagName: 'room-gallery',
  displayName: 'RoomGallery',
  properties: [
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
  ],
  events: RoomGalleryEvents,
  load: () => import('../elements/room-gallery/room-gallery.js'),
});
