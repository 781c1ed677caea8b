/**
 * What `<room-viewer>` tells of its camera: each frame's camera to whoever follows this viewer (another
 * viewer's `sync-camera`, a `<room-plan for>`, a tour: the viewer's camera feed, camera-feed.ts), whose
 * moves come back to the drawing as jumps, and `camera-change` to the page when the visitor moves it (at
 * most every 100 ms, the last always out: the panorama's view-change rule).
 */
import { CameraFeed, provideCameraFeed } from '../../features/motion/camera-feed.js';
import { TrailingThrottle } from '../../features/throttle/trailing-throttle.js';
import type { CameraChange } from '../../three/index.js';
import type { RoomDrawing } from '../../three/drawing.js';

export class CameraRelay extends CameraFeed {
  #change: TrailingThrottle<CameraChange>;

  constructor(
    host: HTMLElement,
    drawing: () => RoomDrawing | undefined,
    /** Fires `camera-change` on the element. */
    changed: (change: CameraChange) => void,
  ) {
    super((position, target) => {
      drawing()
        ?.moveCamera({ view: { position, target } }, false)
        .catch(() => undefined);
    });
    provideCameraFeed(host, this);
    this.#change = new TrailingThrottle(changed);
  }

  /** The visitor moved the camera. */
  moved(change: CameraChange): void {
    this.#change.push(change);
  }

  /** The drawing is gone: no change pending goes out, and no camera is followed. */
  gone(): void {
    this.#change.cancel();
    this.publish(undefined);
  }
}
