import type { RoomProduct } from '../model/products.js';
import type { ModelProblem, RoomModel } from '../model/types.js';

/**
 * `model-load` (`<room-viewer>`, `<room-plan>`): the room is on screen (the viewer's first frame, the
 * plan painted). `problems`: what the model had wrong and was left out or repaired (it is still drawn).
 */
export interface ModelLoadDetail {
  model: RoomModel;
  problems: readonly ModelProblem[];
  /** The room's products (as the element's `products`): the furniture grouped by `componentId`, with counts. */
  products: readonly RoomProduct[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'model-load': CustomEvent<ModelLoadDetail>;
  }
}
