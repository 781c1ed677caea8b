import type { CameraChange } from '../three/room-view.js';

/** `camera-change` (`<room-viewer>`): the user moved the camera. `{ position, target }` in metres. */
export type CameraChangeDetail = CameraChange;

declare global {
  interface GlobalEventHandlersEventMap {
    'camera-change': CustomEvent<CameraChangeDetail>;
  }
}
