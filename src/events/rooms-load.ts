import type { Room } from '../api/room-styling/index.js';

/** `rooms-load` (`<room-gallery>`): a page of rooms arrived; `rooms` is that page. */
export interface RoomsLoadDetail {
  rooms: Room[];
  total?: number;
  page: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rooms-load': CustomEvent<RoomsLoadDetail>;
  }
}
