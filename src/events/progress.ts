/**
 * `progress` (`<room-viewer>`): how far the room is on its way to the screen, as model-viewer's event
 * of the same name. `totalProgress` runs from 0 to 1 over the three.js code, the room (its model) and
 * its textures; it only grows within one load and is 1 once the room is drawn with every texture
 * settled (arrived or failed). A new load (another room, a retry) starts again at 0.
 *
 * Not in GlobalEventHandlersEventMap: the DOM already types `progress` there as a ProgressEvent (XHR,
 * media), and an interface cannot say otherwise. Our elements' own `addEventListener` types it instead
 * (RoomElementEventMap): `viewer.addEventListener('progress', (e) => e.detail.totalProgress)`.
 */
export interface ProgressDetail {
  totalProgress: number;
}

/**
 * The events our elements' `addEventListener` knows: every element event, with `progress` as
 * `<room-viewer>`'s CustomEvent instead of the DOM's ProgressEvent (none of our elements fires that).
 */
export type RoomElementEventMap = Omit<HTMLElementEventMap, 'progress'> & {
  progress: CustomEvent<ProgressDetail>;
};
