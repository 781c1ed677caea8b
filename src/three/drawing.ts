/**
 * The one drawing interface of `<room-viewer>` (as model-viewer's `RendererInterface`, or
 * photo-sphere-viewer's adapters): what the element asks of the room it shows and what it hears back,
 * whether the room is drawn on the page's thread (main-drawing.ts) or in the render worker
 * (src/elements/room-viewer/worker-view.ts talking to worker/render-worker.ts). Both sides do the work
 * through the same ViewDriver (view-driver.ts), so a feature is written once, against this interface,
 * and runs on either thread. Types only: the page's side of the worker imports this without three.js.
 */
import type { ModelComponent, PlanGeometry, RoomModel, Vec3 } from '../model/types.js';
import type { CameraMode } from './camera.js';
import type { MeasurePoint } from './measure.js';
import type { CameraOrbit, CameraTarget } from './orbit.js';
import type { CameraChange, RenderScaleDetail } from './room-view.js';
import type { LookExportRequest } from './export/request.js';
import type { SurfacePaint } from './surfaces.js';

export type { SurfacePaint };
import type { WalkSetup } from './walk/walk-controls.js';

export type { WalkSetup };

/** The camera as drawn: world space (metres, y up; axes.ts), its vertical field of view (°) and aspect. */
export interface CameraPose {
  position: Vec3;
  target: Vec3;
  fov: number;
  aspect: number;
}

/**
 * Where the camera goes. `view`: world space; `model`: model space (centimetres, z up, as
 * `camera-change` gives it); `component` / `area`: framed by id or name; `orbit` / `target`: the camera
 * attributes' values (orbit.ts), `auto` values kept from the camera as it is.
 */
export type CameraRequest =
  | { view: { position: Vec3; target: Vec3 } }
  | { model: { position: Vec3; target: Vec3 } }
  | { component: string }
  | { area: string }
  | { orbit?: CameraOrbit; target?: CameraTarget };

/**
 * A point the drawing follows on screen: a component's top face (its id, or a product's `componentId`),
 * else a model point (cm); neither found: never shown.
 */
export interface AnchorSpec {
  component?: string;
  point?: Vec3;
}

/**
 * Points followed on screen, answered with every frame drawn. `occlude`: hotspots' rule (hidden off
 * screen and behind a wall, the wall test throttled and within a time budget); otherwise measuring's
 * (shown wherever the point is in front of the camera).
 */
export interface AnchorSet {
  specs: AnchorSpec[];
  occlude: boolean;
}

/** Where an anchor is on screen (CSS pixels from the canvas's top left), or null when it is not shown. */
export type ScreenSpot = [number, number] | null;

/** What each frame drawn tells the page. */
export interface DrawnFrame {
  frames: number;
  /** The room's materials, and those whose textures are still on their way (progress). */
  total: number;
  pending: number;
  pose: CameraPose;
  /** Each anchor set's spots by its key, with the version of the set they answer (setAnchors()). */
  anchors?: Record<string, { version: number; spots: ScreenSpot[] }>;
}

/** A piece whose page-supplied object or product mesh failed: it keeps its box. */
export interface ComponentFailure {
  componentId: string;
  message: string;
  kind: 'network' | 'server' | 'invalid';
  /** A product mesh (`furniture-base`), not the page's `componentLoader`. */
  mesh: boolean;
}

/** One set of events, the same from either thread. */
export interface DrawingEvents {
  /** The scene is built (the drawing's code is in). */
  onBuilt?(): void;
  onFrame(frame: DrawnFrame): void;
  /** The user moved the camera (model space). */
  onCameraChange(change: CameraChange): void;
  onRenderScale(detail: RenderScaleDetail): void;
  onTextureError(url: string, total: number, pending: number): void;
  onComponentError(failure: ComponentFailure): void;
  /** The WebGL context was lost for good. */
  onContextGone(): void;
  /** The drawing could not be made or went (no WebGL in the worker, the worker stopped): draw it elsewhere. */
  onFailed(message: string): void;
}

/** Everything a drawing starts with, on either thread. */
export interface DrawingSettings {
  model: RoomModel;
  plan: PlanGeometry;
  /** `floor="all"`: the floors over the drawing's own, each lifted (cm) to its level. */
  above: { model: RoomModel; plan: PlanGeometry; lift: number }[];
  camera: CameraMode;
  controls: boolean;
  autoRotate: boolean;
  furnitureVisible: boolean;
  /** One finger scrolls the page (cooperative gestures): it does not orbit. */
  touchScrolls: boolean;
  mediaBase?: string;
  furnitureBase?: string;
  basisTranscoderPath?: string;
  /** configure()'s `furnitureOrigins`: other origins absolute `model` URLs may name. */
  furnitureOrigins?: string[];
  width: number;
  height: number;
  pixelRatio: number;
  // the opening camera (issue 33's follow-up): the first frame is drawn with it, on either thread
  /** The camera of the first frame (opening-camera.ts), as the element's attributes ask for it. */
  start?: OpeningCamera;
}

/**
 * The camera the first frame is drawn with, put in place before it on either thread (view-driver.ts),
 * so `first-frame` and `model-load` already see it: `camera-orbit` / `camera-target` (`auto` values
 * the start view's), a view in world space over them (`sync-camera`: the linked viewer's camera), and
 * in `walk` mode the walk's setup (where it starts: the first frame waits for the walker).
 */
export interface OpeningCamera {
  orbit?: CameraOrbit;
  target?: CameraTarget;
  view?: { position: Vec3; target: Vec3 };
  walk?: WalkSetup;
}

/**
 * What a drawing is made with on either thread: its settings, its events, and the element it draws for
 * (main-drawing.ts draws into its canvas; the render worker's view lays its own over it and forwards its input).
 */
export interface DrawingOptions extends DrawingSettings, DrawingEvents {
  /** The element's canvas. */
  canvas: HTMLCanvasElement;
  /** Where keyboard controls listen and the wheel is gated (the element). */
  keyTarget: HTMLElement;
  /** Whether this wheel turn zooms (false: the page scrolls; the wheel guard shows its hint). */
  wheelZooms(event: WheelEvent): boolean;
}

/** The room drawn, on either thread. Every method is safe after dispose() (it does nothing, or rejects). */
export interface RoomDrawing {
  readonly thread: 'main' | 'worker';
  /** Frames drawn so far. */
  readonly frames: number;
  /** The camera of the last frame drawn (undefined before the first). */
  readonly pose: CameraPose | undefined;
  setSize(width: number, height: number, pixelRatio: number): void;
  setVisible(visible: boolean): void;
  setCameraMode(mode: CameraMode): void;
  setControls(enabled: boolean): void;
  setAutoRotate(on: boolean): void;
  setFurnitureVisible(visible: boolean): void;
  setTouchScrolls(scrolls: boolean): void;
  /** The id of the component first met at (`x`, `y`) (normalised device coordinates), among `only` when given. */
  pick(x: number, y: number, only?: readonly string[]): Promise<string | undefined>;
  /** Outlines these components' ids (made on first use). */
  outline(selected: readonly string[], highlighted: readonly string[]): void;
  /** Moves the camera: a flight, or a jump. Resolves with the camera where it came to rest; rejects (RangeError) for a target the room does not have. */
  moveCamera(to: CameraRequest, fly: boolean): Promise<CameraPose>;
  /** `cutaway` at `height` cm, or off (undefined). */
  setCutaway(height: number | undefined): void;
  /**
   * Follows points on screen, or stops following the set `key`. Returns the set's version: frames
   * answer with the version of the set their spots are for.
   */
  setAnchors(key: string, set: AnchorSet | undefined): number;
  /** The floor or wall point under (x, y) CSS pixels of the view (measuring). */
  pickSurface(x: number, y: number, width: number, height: number): Promise<MeasurePoint | undefined>;
  /** The view drawn again at `width` × `height` (toBlob()); rejects RangeError beyond the GPU's limit, InvalidStateError with no room. */
  snapshot(width: number, height: number): Promise<HTMLCanvasElement>;
  dispose(): void;
  // export the look (issue 36): exportLook()
  /**
   * The look as a file's bytes (glTF binary or USDZ), written where the room is drawn; rejects
   * InvalidStateError with no room drawn, QuotaExceededError over `request.maxBytes`.
   */
  exportLook(request: LookExportRequest): Promise<ArrayBuffer>;
  // surfaces (issue 37: pick and change a wall face, a floor, a ceiling; surfaces.ts)
  /** The surface (`wall:<id>:<side>`, `area:<id>:floor|ceiling`) first met at (`x`, `y`) (normalised device coordinates); undefined when a piece or nothing is. */
  pickRoomSurface(x: number, y: number): Promise<string | undefined>;
  /** Paints a surface (null: the model's own again); rejects RangeError (no such surface), TypeError (not http(s)) or Error (the texture failed), the room unchanged. */
  setSurface(surface: string, paint: SurfacePaint | null): Promise<void>;

  // swap a piece (replaceComponent(), src/three/swap.ts)
  /**
   * Draws the piece `pieceId` as `component` (its replacement, placed where it goes), or as it was
   * drawn first (null: the old mesh, kept, comes back). Rejects RangeError for a piece not drawn.
   */
  replaceComponent(pieceId: string, component: ModelComponent | null): Promise<void>;

  // walk mode (camera="walk", walk/walk-controls.ts)
  /** The walk's start and the floor's stairs (the page reads them from the plan); used in `walk` mode. */
  setWalk(setup: WalkSetup): void;

  // toPanorama (issue 38): the tour's panoramas and moves
  /**
   * Six 90° cube faces `size` pixels square from `position` (model cm), in PANORAMA_FACES order
   * (`r d l u b f`, panorama-render.ts); rejects as snapshot() does.
   */
  panorama(position: Vec3, size: number): Promise<HTMLCanvasElement[]>;
  /** The camera's vertical field of view (degrees), or back to the camera mode's own (undefined). */
  setFieldOfView(fov: number | undefined): Promise<CameraPose>;
}
