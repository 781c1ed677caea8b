/**
 * The plan model read from FML (the planning service's floor plans), both formats, after
 * readFml() has checked every member. docs/fml.md explains where each field comes from.
 *
 * Frame and units, for every coordinate here: the room model's own (docs/room-model.md):
 * centimetres, x right and y up seen from above, z up from the floor, angles in degrees
 * counter-clockwise. FML itself draws with y down (screen coordinates) and the legacy XML counts
 * in metres; both are converted once, on reading, so nothing downstream converts again.
 * Pure data: no DOM, no three.js.
 */
import type { ModelProblem, Vec2, Vec3 } from '../types.js';

export type FmlFormat = 'fml-json-v3' | 'fml-xml';

export interface FmlPlan {
  format: FmlFormat;
  /** The project's id and name, when the document gives them (untrusted text). */
  id?: string;
  name?: string;
  floors: FmlFloor[];
  /** The project's drawing settings that matter for drawing (FML JSON `settings`). */
  settings: FmlSettings;
}

export interface FmlSettings {
  /** Default wall height and thickness, cm (JSON `wallHeight`, `wallThickness`; XML `wall-thickness`). */
  wallHeight?: number;
  wallThickness?: number;
  /** The height at which the service cuts walls for its 3D section view, cm (`wallSectionHeight`). */
  wallSectionHeight?: number;
  /** false when the project is set to imperial units (`useMetric`). */
  useMetric?: boolean;
  showNorthArrow?: boolean;
  /** Degrees counter-clockwise in our frame (the document's value negated). */
  northArrowRotation?: number;
}

export interface FmlFloor {
  id?: string;
  name: string;
  /** 0 = ground floor; the order floors stack in. */
  level: number;
  /** Storey height, cm. */
  height: number;
  designs: FmlDesign[];
  /** Cameras the floor itself holds (JSON floor `cameras`, XML floor `<cameras>`). */
  cameras: FmlCamera[];
  /** The uploaded scan drawn under the plan, when there is one. */
  drawing?: FmlDrawing;
}

export interface FmlDrawing {
  url: string;
  /** Top-left corner as the document gives it, our frame. */
  position: Vec2;
  width: number;
  height: number;
  rotation: number;
  /** 0..100 */
  alpha?: number;
  visible?: boolean;
}

export interface FmlDesign {
  id?: string;
  name: string;
  walls: FmlWall[];
  areas: FmlArea[];
  /** Raised or cut-out floor pieces (JSON `surfaces`): balconies, counters, a stairwell void. */
  surfaces: FmlArea[];
  items: FmlItem[];
  labels: FmlLabel[];
  dimensions: FmlDimension[];
  /** Drawn lines that are not walls (`solid_line`, `dashed_line`). */
  lines: FmlLine[];
  /** Stairs the document names as such (XML assets called "Stairs"; FML JSON has no such marker). */
  stairs: FmlItem[];
  cameras: FmlCamera[];
  /** XML doors and windows that lie on no wall (the JSON keeps openings inside their wall). */
  looseOpenings: FmlOpening[];
}

export type FmlWallKind = 'wall' | 'normal' | 'banister';

export interface FmlWall {
  id: string;
  /** The wall's centre line (FML's own line is moved by its `balance` to get it). */
  a: Vec2;
  b: Vec2;
  /** A curved wall: the quadratic Bézier control point of its centre line. */
  control?: Vec2;
  /** cm; 0 is an invisible room divider (it splits two areas; the service draws no wall). */
  thickness: number;
  /** Height at `a` and at `b` above the wall's base, cm (they differ under a sloping roof). */
  height: number;
  heightEnd: number;
  /** The wall's base above the floor, cm (0 for nearly all walls). */
  base: number;
  /** XML `default_wall` / `normal_wall` / `banister_wall`; JSON walls are `wall`. */
  kind: FmlWallKind;
  openings: FmlOpening[];
}

export interface FmlOpening {
  id: string;
  /** `opening`: a hole with no door or window in it (XML objects of type `opening`). */
  kind: 'door' | 'window' | 'opening';
  /** Catalogue reference (JSON `refid`, XML asset id). */
  refid?: string;
  /** Distance along the wall's centre line from `a` to the opening's centre, cm (on a curve: along the curve). */
  offset: number;
  width: number;
  height: number;
  /** Height of the opening's bottom above the floor, cm (0 for doors, the sill for windows). */
  sill: number;
  mirrored: [boolean, boolean];
  /**
   * Doors: the side the leaf swings into, 1 = the wall's left walking from `a` to `b`, -1 = its
   * right; and which end holds the hinges. Read from `mirrored` (docs/fml.md shows how it was
   * checked against the service's own export).
   */
  swingSide: 1 | -1;
  hinge: 'start' | 'end';
  /** XML openings are free objects: their position as sent, our frame. */
  position?: Vec2;
}

export interface FmlArea {
  id: string;
  /** What people call it: `customName` when set, else `name` (untrusted text). */
  name?: string;
  /** The service's room type name (`name`) when `customName` overrides it. */
  typeName?: string;
  /** `#rrggbb`; anything else is dropped. */
  color?: string;
  /** The service's room role number (JSON `role`). */
  role?: number;
  /** Outline, counter-clockwise, our frame. For FML this is the room's inside (its walls' inner faces). */
  polygon: Vec2[];
  /** Floor area of `polygon` in m² (the number the service prints). */
  areaM2: number;
  /** The service shows a label (name) for it (`showAreaLabel` and a name). */
  showLabel: boolean;
  /** The service prints its floor area (`showSurfaceArea`; XML: named areas). */
  showArea: boolean;
  /** Label moved from the polygon's centre by the user, cm (`name_x`, `name_y`). */
  labelOffset?: Vec2;
  /** Surfaces: raised by this much, cm (`thickness`), or a hole in the floor (`isCutout`). */
  thickness?: number;
  cutout?: boolean;
  /** XML `generated_area` (from the walls) or `custom_area` (drawn). */
  generated?: boolean;
}

export interface FmlItem {
  id: string;
  refid?: string;
  /** The catalogue name when the document gives one (XML assets); untrusted text. */
  name?: string;
  /** Centre of the footprint on the plan and the height of its base, cm. */
  position: Vec3;
  /** Footprint size along the item's own x and y, and its height, cm. */
  width: number;
  depth: number;
  height: number;
  rotation: number;
  mirrored: [boolean, boolean];
  /** The footprint's four corners (rotation applied), counter-clockwise. */
  footprint: Vec2[];
  /** A plan symbol rather than furniture (JSON `sym-*` references: entrance arrow, north arrow). */
  symbol?: boolean;
  /** Named a stair by the document. */
  stair?: boolean;
}

export interface FmlLabel {
  position: Vec2;
  /** Untrusted text; lines separated by `\n`. */
  text: string;
  fontSize?: number;
  fontFamily?: string;
  color?: string;
  background?: string;
  align: 'left' | 'center' | 'right';
  rotation: number;
  bold: boolean;
}

export interface FmlDimension {
  a: Vec2;
  b: Vec2;
  /** |ab| in cm. */
  length: number;
  /** Text the document writes on it (XML `text`), untrusted. */
  text?: string;
}

export interface FmlLine {
  a: Vec2;
  b: Vec2;
  style: 'solid' | 'dashed';
  color?: string;
  /** Stroke width as sent (JSON: screen pixels; XML: cm). */
  thickness?: number;
}

export interface FmlCamera {
  name?: string;
  /** `orbital`, `walkthrough`, … as sent. */
  type?: string;
  position: Vec3;
  direction: Vec3;
  up: Vec3;
  /** Vertical field of view, degrees. */
  fov?: number;
  ortho?: boolean;
}

export interface FmlReadResult {
  plan: FmlPlan;
  problems: ModelProblem[];
  /** False when no design holds a wall or an area. */
  drawable: boolean;
}
