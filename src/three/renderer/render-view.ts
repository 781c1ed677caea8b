/**
 * What the shared renderer (../shared-renderer.ts) needs of each view it draws, and the canvases it
 * makes, on the page's thread or in the render worker.
 */
import type { Camera, Scene } from 'three';

/**
 * In a worker (the render worker, src/three/worker/render-worker.ts) there is no document: the renderer
 * draws into an OffscreenCanvas, and the views' own canvases are OffscreenCanvases too (transferred from
 * the page's canvases), which count as on the page.
 */
export const IN_DOCUMENT = typeof document !== 'undefined';

/** A canvas of our own: an element on the page's thread, an OffscreenCanvas in a worker. */
export function newCanvas(): HTMLCanvasElement {
  return IN_DOCUMENT
    ? document.createElement('canvas')
    : (new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement);
}

/** Whether a view's canvas can show what is drawn (an OffscreenCanvas always can). */
export function onPage(canvas: HTMLCanvasElement | OffscreenCanvas): boolean {
  return !('isConnected' in canvas) || canvas.isConnected;
}

/** Sizes the view's own canvas to its picture (it keeps the picture's size even while covered). */
export function fitTarget(view: RenderView, w: number, h: number): void {
  const canvas = view.target.canvas;
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
}

/** What the shared renderer needs from each view. */
export interface RenderView {
  /** Size of the view's drawing buffer in device pixels. */
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** Drawn on the next frame. */
  dirty: boolean;
  /** In (or near) the viewport. */
  visible: boolean;
  /** Frames drawn so far. */
  frames: number;
  readonly scene: Scene;
  readonly camera: Camera;
  /** Where the pixels go. */
  readonly target: CanvasRenderingContext2D;
  /** Called before drawing with the time since the previous frame (seconds); may mark the view dirty again. */
  beforeRender(delta: number): void;
  /** Called after the view's pixels were copied into its canvas. */
  afterRender(): void;
  /**
   * The renderer drew the scene's shadow maps ahead of the first frame (warm()): the view need not ask
   * for them again. A view without this has its shadows drawn with its first frame.
   */
  shadowsDrawn?(): void;
  /**
   * Taken down (its scene's GPU resources released): nothing may be drawn or compiled for it any more,
   * or what that makes stays on the GPU with no owner to release it.
   */
  readonly disposed?: boolean;
  /** The context was restored: GPU state is gone and comes back on the next draw. */
  contextRestored?(): void;
  /**
   * The context was lost and not restored within SharedRenderer.restoreWait (lost for good: more
   * contexts than the browser keeps, or a GPU that does not come back). The renderer is dropped; a
   * view made after this gets a new one.
   */
  contextGone?(): void;
}
