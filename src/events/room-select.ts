import type { Room } from '../api/room-styling/index.js';

/** `room-select` (`<room-gallery>`, cancelable): a card was activated. */
export interface RoomSelectDetail {
  room: Room;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'room-select': CustomEvent<RoomSelectDetail>;
  }
}
