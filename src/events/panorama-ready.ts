import type { PanoramaRender } from '../api/room-styling/index.js';
import type { CubeFaces } from '../panorama/cube-faces.js';

/** `panorama-ready` (`<room-panorama>`): the panorama is drawn; `panorama` is the service's record (room-id). */
export interface PanoramaReadyDetail {
  faces: CubeFaces;
  panorama?: PanoramaRender;
  panoViewerUrl?: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'panorama-ready': CustomEvent<PanoramaReadyDetail>;
  }
}
