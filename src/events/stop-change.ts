/** `stop-change` (`<room-tour>`): the stop shown changed (its panorama is on screen). */
export interface StopChangeDetail {
  /** The stop now shown (its id in `tour.stops`). */
  stop: string;
  /** The stop shown before, if any. */
  from?: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'stop-change': CustomEvent<StopChangeDetail>;
  }
}
