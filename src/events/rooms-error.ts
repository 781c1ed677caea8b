import type { ElementError } from '../internal/element-error.js';

/** `rooms-error` (`<room-gallery>`): loading rooms failed. */
export interface RoomsErrorDetail {
  error: ElementError;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rooms-error': CustomEvent<RoomsErrorDetail>;
  }
}
