/**
 * `component-select` (`<room-viewer>`, `<room-plan>`; bubbles, composed, cancelable): a piece of
 * furniture was picked by a click or tap, from the room description with the keyboard, or through
 * `selectComponent()`. Cancelling it keeps the selection as it was.
 */
export interface ComponentSelectDetail {
  component: {
    /** The component's id in the model (`ID`; FML items: `item-<id>`). */
    id: string;
    /** The model's `component_id` (FML: the item's `refid`): the product's hash a retailer maps to its catalogue. */
    componentId?: string;
    category?: string;
    /** The model's own path of the component's 3D model, when it gives one. */
    model?: string;
    /** Where the component stands, in the model's units (centimetres, z up). */
    position: { x: number; y: number; z: number };
    /** Its bounding box's sides along its own x, y and z, in the model's units (centimetres). */
    size: { width: number; depth: number; height: number };
  };
  source: 'pointer' | 'keyboard' | 'api';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'component-select': CustomEvent<ComponentSelectDetail>;
  }
}
