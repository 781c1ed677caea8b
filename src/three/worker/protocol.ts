/**
 * Messages between a `<room-viewer>` drawn in the render worker (src/elements/room-viewer/worker-view.ts,
 * on the page's thread) and the worker (render-worker.ts), which builds and draws the room there with
 * the same ViewDriver as the page's thread (../view-driver.ts). Types only: the page's side imports
 * this without importing three.js. Every `call`, `info` and `ping` is answered with an `answer` of
 * its request number, also for a view the worker does not hold (an error then): no promise of the
 * page's waits forever.
 */
import type { ModelComponent } from '../../model/types.js';
import type { CameraMode } from '../camera.js';
import type {
  AnchorSet,
  CameraRequest,
  ComponentFailure,
  DrawingSettings,
  DrawnFrame,
  SurfacePaint,
  WalkSetup,
} from '../drawing.js';
import type { CameraChange, RenderScaleDetail } from '../room-view.js';
import type { LookExportRequest } from '../export/request.js';
import type { Vec3 } from '../../model/types.js';
import type { FurnitureCacheStats, FurnitureLimits } from '../furniture-meshes.js';

/** What a forwarded input event carries: the fields OrbitControls and the viewer's keys read. */
export interface ForwardedEvent {
  type: string;
  /** Relative to the canvas's box (the worker's stand-in canvas sits at 0, 0). */
  clientX?: number;
  clientY?: number;
  pageX?: number;
  pageY?: number;
  pointerId?: number;
  pointerType?: string;
  button?: number;
  buttons?: number;
  deltaX?: number;
  deltaY?: number;
  deltaMode?: number;
  key?: string;
  code?: string;
  ctrlKey?: boolean;
  shiftKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export interface StartMessage {
  type: 'start';
  id: number;
  /** The view's canvas, transferred. */
  canvas: OffscreenCanvas;
  /** URLs absolute (the worker has no page to resolve against). */
  settings: DrawingSettings;
}

/** A question about one view, answered with `answer`. */
export type Call =
  /** The component first met at (`x`, `y`), normalised device coordinates (-1..1, y up). */
  | { op: 'pick'; x: number; y: number; only?: string[] }
  /** Moves the camera: answered with the pose where it came to rest. */
  | { op: 'move-camera'; to: CameraRequest; fly: boolean }
  /** Measuring: the floor or wall point under (x, y) CSS pixels. */
  | { op: 'pick-surface'; x: number; y: number; width: number; height: number }
  /** Drawn again at this size (`toBlob()`): answered with a bitmap. */
  | { op: 'snapshot'; width: number; height: number }
  /** The view's picture as drawn now (tests and tools): answered with a bitmap. */
  | { op: 'picture' }
  // export the look (issue 36): answered with the file's bytes (an ArrayBuffer, transferred) as `value`
  | { op: 'export-look'; request: LookExportRequest }
  // surfaces (issue 37)
  /** The surface first met at (`x`, `y`), normalised device coordinates: answered with its id or nothing. */
  | { op: 'pick-room-surface'; x: number; y: number }
  /** Paints a surface (null: the model's own): answered once drawn so, or with the error (the room unchanged). */
  | { op: 'set-surface'; surface: string; paint: SurfacePaint | null }
  // swap a piece (replaceComponent(), src/three/swap.ts)
  /** Draws a piece as its replacement, or as it was drawn first (null). */
  | { op: 'replace-component'; piece: string; component: ModelComponent | null }
  // toPanorama (issue 38)
  /** Six cube faces from `position` (model cm): answered with one bitmap, the faces side by side in PANORAMA_FACES order. */
  | { op: 'panorama'; position: Vec3; size: number }
  /** The camera's field of view (degrees; undefined: the camera mode's own): answered with the pose. */
  | { op: 'field-of-view'; fov?: number }
  // tests follow the default (issue 33)
  /** What the view holds (../inspect.ts): answered with a ViewInspection. */
  | { op: 'inspect' };

export type ToRenderWorker =
  | StartMessage
  | { type: 'event'; id: number; event: ForwardedEvent }
  | { type: 'size'; id: number; width: number; height: number; pixelRatio: number }
  | { type: 'visible'; id: number; visible: boolean }
  | { type: 'camera-mode'; id: number; mode: CameraMode }
  | { type: 'controls'; id: number; enabled: boolean }
  | { type: 'auto-rotate'; id: number; on: boolean }
  | { type: 'furniture'; id: number; visible: boolean }
  | { type: 'touch-scrolls'; id: number; scrolls: boolean }
  | { type: 'dispose'; id: number }
  /** The selection and the highlight to outline (components' ids). */
  | { type: 'outline'; id: number; selected: string[]; highlighted: string[] }
  /** `cutaway` at this height (cm), or off. */
  | { type: 'cutaway'; id: number; height?: number }
  /** Points to follow on screen (answered with each frame), or none for `key`. */
  | { type: 'anchors'; id: number; key: string; version: number; set?: AnchorSet }
  | { type: 'call'; id: number; request: number; call: Call }
  /** What the worker's renderer holds: answered with RenderWorkerInfo. */
  | { type: 'info'; request: number }
  /** The heartbeat: answered at once while the worker runs. */
  | { type: 'ping'; request: number }
  /** The page's mesh decoder (src/three/mesh-decode/connect.ts): the worker decodes no furniture file itself. */
  | { type: 'mesh-decoder'; port: MessagePort }
  // walk mode: the walk's start and the floor's stairs
  | { type: 'walk'; id: number; setup: WalkSetup }
  // tests follow the default (issue 33): the worker's furniture cache as the page's tests set theirs
  /** The worker's mesh cache limits (tests and benches lower them), or reset to nothing and the defaults. */
  | { type: 'furniture-cache'; limits?: Partial<FurnitureLimits>; reset?: boolean }
  /** Tests: the shared renderer's WebGL context lost (WEBGL_lose_context), or restored. */
  | { type: 'lose-context'; restore?: boolean }
  // the worker in stages (issue 33): each later stage's URL by its name (stages.ts), sent first
  | { type: 'stages'; urls: Record<string, string> };

/** What the worker's renderer holds (tests and tools: renderWorkerInfo()). */
export interface RenderWorkerInfo {
  views: number;
  geometries: number;
  textures: number;
  /** The WebGL renderer's name as the worker's context reports it. */
  gpu: string;
  // issue 33 (tests follow the default): the furniture of the views built, as RoomScene.furniture() counts it
  /** Furniture pieces drawn as boxes and as meshes, and meshes on their way, over every view built. */
  furniture: { boxes: number; meshes: number; pending: number };
  /** The worker's mesh cache (furnitureCacheStats() there), and its shared canvas's size in pixels. */
  meshCache: FurnitureCacheStats;
  canvas: [number, number];
  /** The shared renderer's context is lost (and not given up yet). */
  contextLost: boolean;
}

export type FromRenderWorker =
  /** The scene is built: the worker's code is in (progress counts the code here). */
  | { type: 'built'; id: number }
  | { type: 'frame'; id: number; frame: DrawnFrame }
  | { type: 'camera'; id: number; change: CameraChange }
  | { type: 'render-scale'; id: number; detail: RenderScaleDetail }
  | { type: 'texture-error'; id: number; url: string; total: number; pending: number }
  | { type: 'component-error'; id: number; failure: ComponentFailure }
  | { type: 'context-gone'; id: number }
  /** The view could not be made (no WebGL in a worker, a build that threw): the page draws it instead. */
  | { type: 'failed'; id: number; message: string }
  /**
   * The answer to a `call`, `info` or `ping`: a value, a bitmap (snapshot, picture), or an error (its
   * name, e.g. `RangeError` or `InvalidStateError`, and message).
   */
  | {
      type: 'answer';
      request: number;
      value?: unknown;
      bitmap?: ImageBitmap;
      error?: { name: string; message: string };
    };
