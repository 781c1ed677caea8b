/**
 * `first-frame` (`<room-viewer>`): the room's first frame is on screen: the canvas shows the room as the
 * page's attributes set it, and the poster (if any) is fading out. The element's API comes a moment
 * later, with `model-load` (issue 33: its working code loads after this frame). As model-viewer's
 * `poster-dismissed`, which fires once the model is shown.
 */
export interface FirstFrameDetail {
  /** Where the room is drawn: `worker` (the render worker) or `main` (the page's thread). */
  thread: 'main' | 'worker';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'first-frame': CustomEvent<FirstFrameDetail>;
  }
}
