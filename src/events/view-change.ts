import type { PanoramaView } from '../panorama/view.js';

/** `view-change` (`<room-panorama>`): the user turned or zoomed the view (at most every 100 ms). */
export type ViewChangeDetail = PanoramaView;

declare global {
  interface GlobalEventHandlersEventMap {
    'view-change': CustomEvent<ViewChangeDetail>;
  }
}
