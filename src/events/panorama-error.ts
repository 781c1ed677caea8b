import type { ElementError } from '../internal/element-error.js';

/** `panorama-error` (`<room-panorama>`): loading failed (`status` 404: the room has no panorama). */
export interface PanoramaErrorDetail {
  error: ElementError;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'panorama-error': CustomEvent<PanoramaErrorDetail>;
  }
}
