/**
 * `floor-change` (`<room-plan>`, `<room-viewer>` showing an FML plan): the floor shown changed, by the
 * element's floor switcher or by the `floor` property. `index` is the 0-based floor in the document's
 * order (`-1` for "all floors" in `<room-viewer>`), `id` and `name` come from the FML (untrusted text).
 */
export interface FloorChangeDetail {
  index: number;
  id?: string;
  name?: string;
  level?: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'floor-change': CustomEvent<FloorChangeDetail>;
  }
}
