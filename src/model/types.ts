/**
 * The room model as the rest of the code sees it, after readModel() has validated the service's JSON
 * (Document 3, "Model members"; reference: the real sample room-6346838-the-lake.3dplanner.json).
 * Units and axes as the sample shows them: centimetres, z up, angles in degrees.
 * Pure data: no DOM, no three.js.
 */
export type Vec2 = [number, number];
export type Vec3 = [number, number, number];

export interface ModelMaterial {
  id: string;
  /** Diffuse colour, linear 0..1 components as sent (treat as sRGB when rendering). */
  diffuse?: Vec3;
  /** Texture path or URL as sent (relative paths are resolved against a media root by the renderer). */
  diffuseTexture?: string;
  /** Real-world width of one texture tile, in centimetres. */
  textureWidth?: number;
  ambient?: Vec3;
  shiny?: number;
}

export interface ModelWall {
  name: string;
  /** Indices into `points` of the wall's centre line. */
  a: number;
  b: number;
  thickness: number;
  material?: string;
  /** This wall's own height when it has one (FML walls each carry theirs), centimetres. */
  height?: number;
  /**
   * A straight piece of a curved wall (FML): the curved wall's id and its quadratic Bézier
   * control point. The pieces draw the curve with the straight-wall code.
   */
  curve?: { wall: string; control: Vec2 };
}

export interface ModelArea {
  name: string;
  /** A human name for the area when the model gives one (`name`, `label` or `title` member); untrusted text. */
  label?: string;
  /** Indices into `points` of the area's outline. */
  indices: number[];
  floorMaterial?: string;
  ceilingMaterial?: string;
  /** FML: the area's fill colour (`#rrggbb`). */
  color?: string;
  /** FML: whether the service prints the area's name / its floor area on the plan. */
  showLabel?: boolean;
  showArea?: boolean;
  /** FML: `surface` for a raised floor piece (balcony, counter), else an area (room). */
  kind?: 'area' | 'surface';
}

export type ComponentKind = 'furniture' | 'door' | 'window' | 'opening';

export interface ModelComponent {
  id: string;
  /** furniture: type Component; door / window / opening: type ArchitecturalComponent. */
  kind: ComponentKind;
  /** Identical furniture shares this id (and so can share geometry). */
  componentId?: string;
  modelPath?: string;
  position: Vec3;
  /** Degrees about x, y, z. */
  rotation: Vec3;
  /** [min, max] in the component's local frame, centimetres. */
  boundingBox: [Vec3, Vec3];
  parentId?: string | null;
  area?: string;
  category?: string | null;
  level?: number;
  /** Door / window hole size: width along the wall and height, centimetres. */
  aperture?: { width: number; height: number };
  configuration?: Record<string, unknown>;
  /** FML: the piece is mirrored along its own x / y axis. */
  mirrored?: [boolean, boolean];
}

/** FML: a text the plan itself carries (model frame, cm; untrusted text, lines split on `\n`). */
export interface ModelLabel {
  position: Vec2;
  text: string;
  /** The service's font size in screen pixels at 100 %. */
  fontSize?: number;
  align: 'left' | 'center' | 'right';
  /** Degrees, counter-clockwise. */
  rotation: number;
  bold?: boolean;
  color?: string;
}

/** FML: a dimension line the plan's author drew (model frame, cm). */
export interface ModelDimension {
  a: Vec2;
  b: Vec2;
  length: number;
  text?: string;
}

/** FML: a drawn line that is not a wall. */
export interface ModelLine {
  a: Vec2;
  b: Vec2;
  style: 'solid' | 'dashed';
  color?: string;
}

/** FML: a stair's footprint (model frame, cm). */
export interface ModelStair {
  id: string;
  polygon: Vec2[];
  name?: string;
}

export interface RoomModel {
  version?: number;
  /** Wall height, centimetres. */
  height: number;
  points: Vec2[];
  walls: ModelWall[];
  areas: ModelArea[];
  materials: Record<string, ModelMaterial>;
  components: ModelComponent[];
  sun?: { direction: Vec3; position: Vec3 };
  camera?: { position: Vec3; focalPoint: Vec3; exposure?: number };
  environmentImage?: string | null;
  roomId?: number;
  /** FML only (fmlDesignToRoomModel): the plan's own texts, dimension lines, drawn lines and stairs. */
  labels?: ModelLabel[];
  dimensions?: ModelDimension[];
  lines?: ModelLine[];
  stairs?: ModelStair[];
}

/** Something in the input that was not valid and was left out or repaired. */
export interface ModelProblem {
  /** Where, e.g. `plan.walls.wall46.indices`. */
  path: string;
  message: string;
  /**
   * True when the value was still used as it was meant (a number sent as a string): a note for the
   * model's producer, not something left out.
   */
  accepted?: boolean;
}

export interface ReadModelResult {
  model: RoomModel;
  problems: ModelProblem[];
  /** False when nothing drawable is left (no valid wall and no valid area). */
  drawable: boolean;
}

/** A door, window or opening cut into a wall. */
export interface WallOpening {
  componentId: string;
  kind: Exclude<ComponentKind, 'furniture'>;
  /** Distance along the wall from its first point to the opening's centre, centimetres. */
  offset: number;
  width: number;
  /** Height of the opening's bottom and top above the floor, centimetres. */
  bottom: number;
  top: number;
  configuration?: Record<string, unknown>;
  /** The area the component names (`area` member): for doors, the room the door belongs to. */
  area?: string;
  /**
   * Doors: which side of the wall the leaf swings into: 1 = the wall's left side (the side to the
   * left walking from `start` to `end`, i.e. the counter-clockwise normal), -1 = the right side.
   */
  swingSide?: 1 | -1;
  /** Doors: which end of the opening holds the hinges. */
  hinge?: 'start' | 'end';
  /** How the opening was matched to its wall: `parentID` names the wall, or the position was projected. */
  assignedBy?: 'parent' | 'nearest';
}

export interface WallGeometry {
  name: string;
  start: Vec2;
  end: Vec2;
  thickness: number;
  /** The wall's footprint with clean joins where walls meet, counter-clockwise. */
  polygon: Vec2[];
  material?: string;
  openings: WallOpening[];
}

export interface AreaGeometry {
  name: string;
  /** The model's own name for the area, when it gives one (untrusted text). */
  label?: string;
  polygon: Vec2[];
  /** Floor area in square centimetres. */
  area: number;
  /** A point inside the polygon where a label fits. */
  labelPoint: Vec2;
  /** How many other areas contain this one (0 for outermost). */
  depth: number;
  floorMaterial?: string;
  ceilingMaterial?: string;
}

export interface PlanGeometry {
  walls: WallGeometry[];
  areas: AreaGeometry[];
  bounds: { min: Vec2; max: Vec2 };
  height: number;
  /** Architectural components that could not be matched to any wall (left out of `walls[*].openings`). */
  unplacedOpenings?: string[];
}

/**
 * What `<room-viewer>` and `<room-plan>` take as `model`: the room-styling service's model document as
 * it came (`plan`, `materials`, `components`, `lights`, `camera`, `environment`), or a whole room
 * document holding it in `model`. The elements read it leniently (readModel), repairing or leaving out
 * what is not valid, so only its top level is named here.
 */
export interface RoomModelJson {
  version?: number;
  room_id?: number;
  plan?: unknown;
  materials?: unknown;
  components?: unknown;
  lights?: unknown;
  camera?: unknown;
  environment?: unknown;
  /** A whole room document: its model. */
  model?: unknown;
  [key: string]: unknown;
}
