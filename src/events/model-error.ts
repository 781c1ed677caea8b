import type { ElementError } from '../internal/element-error.js';

/**
 * `model-error` (`<room-viewer>`, `<room-plan>`): the room could not be shown (`fatal: true`: the service
 * refused, the network failed, the model is not drawable) or was shown with less (`fatal: false`: a texture
 * or a page-supplied component failed; the viewer only).
 */
export interface ModelErrorDetail {
  error: ElementError;
  fatal: boolean;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'model-error': CustomEvent<ModelErrorDetail>;
  }
}
