/**
 * `surface-select` (`<room-viewer>`, `<room-plan>`; bubbles, composed, cancelable): a wall face, a floor
 * or a ceiling was picked: a click or tap on it (in 3D or on the plan), or its button in the room's
 * description. `surface` is `wall:<id>:<side>` (`side` `left` or `right` of the wall going from its start
 * to its end in the model, seen from above), `area:<id>:floor` or `area:<id>:ceiling`; `material` its
 * material now (the model's name, or the change made: `{ color }` / `{ texture, tileSize, rotation }`);
 * `areaName` the area's name (untrusted text) for an area's surface. Cancelling it does nothing else:
 * the element keeps no surface selection of its own.
 */
export interface SurfaceSelectDetail {
  surface: string;
  material: unknown;
  areaName?: string;
  source: 'pointer' | 'keyboard';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'surface-select': CustomEvent<SurfaceSelectDetail>;
  }
}
