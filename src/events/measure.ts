import type { Vec3 } from '../model/types.js';

/**
 * `measure` (`<room-viewer>`, `<room-plan>` in measure mode): a distance was measured between two points.
 * `from` and `to` are in model space (centimetres; z up, 0 on the floor; a plan's points have z 0),
 * `distance` the straight line between them in centimetres, `text` that distance as shown (the element's
 * `units` and language, e.g. "3.42 m" or 11′ 3″).
 */
export interface MeasureDetail {
  from: Vec3;
  to: Vec3;
  distance: number;
  text: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    measure: CustomEvent<MeasureDetail>;
  }
}
