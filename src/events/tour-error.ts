import type { ElementError } from '../internal/element-error.js';

/** `tour-error` (`<room-tour>`): the tour, or part of it, cannot be shown; `fatal`: nothing can. */
export interface TourErrorDetail {
  error: ElementError;
  fatal: boolean;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tour-error': CustomEvent<TourErrorDetail>;
  }
}
