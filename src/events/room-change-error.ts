import type { ChangeFailure } from '../features/changes/change-log.js';

/**
 * `room-change-error` (`<room-viewer>`, `<room-plan>`; bubbles, composed): a change was refused and the
 * room is as it was. `change` is what was asked (`{ kind, target, after, source }`), `reason`
 * `unknown-target` (no such surface or piece), `bad-value` (not a colour, not an http(s) URL…),
 * `load-failed` (a texture could not be loaded), `not-ready` (no room drawn yet), `limit` (the log is
 * full) or a kind's own reason; `message` says it in a sentence (English, for the page's log).
 */
export type RoomChangeErrorDetail = ChangeFailure;

declare global {
  interface GlobalEventHandlersEventMap {
    'room-change-error': CustomEvent<RoomChangeErrorDetail>;
  }
}
