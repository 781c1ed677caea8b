/**
 * A 360° tour made from a plan (docs/tour.md): its stops and the links between them. Model frame
 * (docs/room-model.md): centimetres, x right and y up seen from above, z up from the floor. Yaw is
 * in degrees clockwise from the plan's +y (up on the plan), the same yaw as `<room-panorama>`'s, so
 * a yaw here is where the thing stands in a panorama rendered by `<room-viewer>`'s toPanorama().
 * Pure data: no DOM, no three.js.
 */
import type { Vec2, Vec3 } from '../types.js';

export interface TourStop {
  /** Unique within the tour: `f<floor>-camera-<n>` or `f<floor>-area-<area id>`. */
  id: string;
  /** The room it stands in (untrusted text), else the camera's name, else "". */
  name: string;
  /** Index into the plan's floors. */
  floor: number;
  /** Where the eye is: x, y on the plan, z above the floor (cm). */
  position: Vec3;
  /** The direction the stop first looks in (a camera's own, else 0: up the plan). */
  yaw: number;
  /** Vertical field of view, degrees (the camera's, else 60). */
  fov: number;
  /** `camera`: a walkthrough camera of the plan; `area`: the centre of a named room without one. */
  source: 'camera' | 'area';
  /** The FML area the stop stands in (its id), when it stands in one. */
  area?: string;
  /** The camera's name as the plan gives it (source `camera`): what an exported panorama's `camera_id` names. */
  camera?: string;
}

export interface TourLink {
  from: string;
  to: string;
  /** Bearing of the target from the source, degrees clockwise from +y, in (-180, 180]. */
  yaw: number;
  /** Elevation of the spot the target stands on (its floor point) seen from the source's eye, degrees. */
  pitch: number;
  /** Distance on the plan between the two stops, cm (a link by the stairs: to the stairs). */
  distance: number;
  // links between floors through the stairs (stair-links.ts)
  /**
   * A link to another floor by a staircase: `up` or `down`, and the spot it points at (the stairs' foot
   * going up, their head going down; model cm). `yaw`, `pitch` and `distance` are the spot's.
   */
  stair?: { way: 'up' | 'down'; at: Vec2 };
}

/** Something of the plan the tour cannot show, in words (English; the element translates by `kind`). */
export interface TourProblem {
  kind: 'no-stops' | 'camera-outside' | 'no-floor';
  /** The camera's name or the floor's, as the plan gives it (untrusted text). */
  subject?: string;
  message: string;
}

export interface Tour {
  stops: TourStop[];
  links: TourLink[];
  problems: TourProblem[];
}

export interface TourOptions {
  /** Which design of each floor (its index or name; default the first). */
  design?: number | string;
  /** Eye height for stops without a usable camera height, cm (default 160). */
  eyeHeight?: number;
}
