import type { RoomChange } from '../features/changes/change-log.js';

/**
 * `room-change` (`<room-viewer>`, `<room-plan>`; bubbles, composed): the room was changed: a surface
 * repainted or re-floored (`kind` `surface`), a piece swapped (`replace`). `target` names what changed,
 * `before` and `after` its values (JSON; `null`: as the model has it), `source` who did it: `api` (the
 * page: `setSurface()`…), `user` (the visitor), `replay` (the `changes` list), `undo` or `redo`.
 */
export type RoomChangeDetail = RoomChange;

declare global {
  interface GlobalEventHandlersEventMap {
    'room-change': CustomEvent<RoomChangeDetail>;
  }
}
