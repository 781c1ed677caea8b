/**
 * Messages between a `<room-viewer renderer="worker">` (src/elements/room-viewer/worker-view.ts, on the
 * page's thread) and the render worker (render-worker.ts), which builds and draws the room there. Types
 * only: the page's side imports this without importing three.js.
 */
import type { PlanGeometry, RoomModel } from '../../model/types.js';
import type { CameraMode } from '../camera.js';
import type { CameraChange, RenderScaleDetail } from '../room-view.js';

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

/** What a view starts with (the page's side takes the same, with its own canvas). */
export interface ViewSettings {
  model: RoomModel;
  plan: PlanGeometry;
  camera: CameraMode;
  controls: boolean;
  autoRotate: boolean;
  furnitureVisible: boolean;
  /** One finger scrolls the page (cooperative gestures): it does not orbit. */
  touchScrolls: boolean;
  /** Absolute in the message (the worker has no page to resolve against). */
  mediaBase?: string;
  furnitureBase?: string;
  basisTranscoderPath?: string;
  /** configure()'s `furnitureOrigins`: other origins absolute `model` URLs may name. */
  furnitureOrigins?: string[];
  width: number;
  height: number;
  pixelRatio: number;
}

export interface StartMessage extends ViewSettings {
  type: 'start';
  id: number;
  /** The view's canvas, transferred. */
  canvas: OffscreenCanvas;
}

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
  /**
   * The component first met by a ray through (`x`, `y`), normalised device coordinates (-1..1, y up), as
   * src/three/picking.ts casts it on the page: answered with `pick`.
   */
  | { type: 'pick'; id: number; request: number; x: number; y: number }
  /** The selection and the highlight to outline (components' ids; src/three/selection-outline.ts). */
  | { type: 'outline'; id: number; selected: string[]; highlighted: string[] }
  /**
   * Frames one component (`focus-component`): a flight, or a jump when `fly` is false (the opening view,
   * or a page that prefers reduced motion: the worker has no media queries of its own).
   */
  | { type: 'frame-component'; id: number; componentId: string; fly: boolean }
  /**
   * The view's picture now (tests and tools), or, with a size, drawn again at that size as `toBlob()`
   * draws it (src/three/snapshot.ts): answered with `picture`.
   */
  | { type: 'picture'; id: number; request: number; width?: number; height?: number }
  /** What the worker's renderer holds: answered with `info`. */
  | { type: 'info'; request: number }
  /** The page's mesh decoder (src/three/mesh-decode/connect.ts): the worker decodes no furniture file itself. */
  | { type: 'mesh-decoder'; port: MessagePort };

/** What the worker's renderer holds (tests and tools: renderWorkerInfo()). */
export interface RenderWorkerInfo {
  views: number;
  geometries: number;
  textures: number;
  /** The WebGL renderer's name as the worker's context reports it. */
  gpu: string;
}

/** Every answer names its view, but `info`, which answers for the whole worker. */
export type FromRenderWorker =
  /** The scene is built: the worker's code is in (progress counts the code here). */
  | { type: 'built'; id: number }
  | { type: 'frame'; id: number; frames: number; total: number; pending: number }
  | { type: 'camera'; id: number; change: CameraChange }
  | { type: 'render-scale'; id: number; detail: RenderScaleDetail }
  | { type: 'texture-error'; id: number; url: string; total: number; pending: number }
  | {
      type: 'component-error';
      id: number;
      componentId: string;
      message: string;
      /** Set for a product mesh that failed (FurnitureMeshError). */
      kind?: 'network' | 'server' | 'invalid';
    }
  | { type: 'context-gone'; id: number }
  /** The view could not be made (no WebGL in a worker, a build that threw): the page draws it instead. */
  | { type: 'failed'; id: number; message: string }
  | {
      type: 'picture';
      id: number;
      request: number;
      bitmap?: ImageBitmap;
      /** Why there is no picture: `RangeError` (a side beyond the GPU's limit) or `InvalidStateError`. */
      error?: { name: string; message: string };
    }
  | { type: 'info'; request: number; info: RenderWorkerInfo }
  /** The component a `pick` met first, or none (a wall, a floor, nothing). */
  | { type: 'pick'; id: number; request: number; componentId?: string };
