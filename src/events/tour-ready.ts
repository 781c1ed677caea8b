import type { TourLink, TourProblem, TourStop } from '../model/tour/types.js';

/** `tour-ready` (`<room-tour>`): the tour is built and its first stop is on screen. */
export interface TourReadyDetail {
  stops: TourStop[];
  links: TourLink[];
  /** What of the plan cannot be shown (cameras outside every room, failed exports…), in words. */
  problems: TourProblem[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tour-ready': CustomEvent<TourReadyDetail>;
  }
}
