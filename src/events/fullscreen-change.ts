/**
 * `fullscreen-change` (`<room-viewer>`, `<room-plan>`, `<room-panorama>`): the element went into full screen or came out of
 * it (its button, `requestFullscreen()` / `exitFullscreen()`, or the browser's Escape).
 */
export interface FullscreenChangeDetail {
  fullscreen: boolean;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'fullscreen-change': CustomEvent<FullscreenChangeDetail>;
  }
}
