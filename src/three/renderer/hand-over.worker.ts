/**
 * The canvas hand-over where there is no document (the render worker, src/three/worker/): the WebGL canvas
 * is an OffscreenCanvas on no page, so it is never laid over a view's canvas, and every view is drawn by
 * copy (hand-over.ts says the same with `IN_DOCUMENT`). Its worker form (issue 33, the sixteenth round) keeps
 * the on-screen watch and the canvas moves, about 0.5 KB gzip, out of the worker's first stage: the worker's
 * build takes this module for hand-over.ts itself (`workerForms()` in scripts/worker-trims.ts).
 */
import type { WebGLRenderer } from 'three';
import type { RenderView } from './render-view.js';
import { drawsInSoftware } from './software.js';

export class CanvasHandOver {
  /** Read and written as on the page's thread (SharedRenderer.handOverCanvas); nothing is handed over here. */
  static policy: boolean | 'auto' = 'auto';

  #software?: boolean;

  constructor(private readonly renderer: WebGLRenderer) {}

  /** Whether a software rasteriser draws the context (read once), as hand-over.ts answers it. */
  get softwareRendering(): boolean {
    this.#software ??= drawsInSoftware(this.renderer);
    return this.#software;
  }

  /** Never: a worker's canvas is on no page. */
  get handsOver(): boolean {
    return false;
  }

  get solo(): RenderView | undefined {
    return undefined;
  }

  watch(): void {}

  unwatch(): void {}

  onlyOnScreen(): RenderView | undefined {
    return undefined;
  }

  setSolo(): void {}

  drop(): void {}
}
