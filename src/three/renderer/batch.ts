/**
 * Views drawn plain in the same frame, laid out side by side in the WebGL canvas so that they can all be
 * drawn before any is read back: reading a WebGL canvas's pixels waits until the GPU has drawn
 * everything asked of it, and under software WebGL (SwiftShader) that wait, once per view, left the
 * page's thread idle while the GPU drew, and the GPU idle while the page prepared the next view (50
 * thumbnails: ~27 ms each).
 */
import { newCanvas, type RenderView } from './render-view.js';

/**
 * Side (device pixels) of the WebGL canvas within which the views drawn plain in one frame are laid out
 * side by side, unless one view alone is larger.
 */
export const BATCH_SIDE = 2048;

/** Where a view is drawn in the WebGL canvas: x from the left, y from the top. */
export interface Slot {
  view: RenderView;
  x: number;
  y: number;
}

/**
 * The views in rows (each row as high as its highest view) within BATCH_SIDE. Views that do not fit in
 * the square are left out: drawn alone in the frame after (they stay dirty).
 */
export function layoutBatch(views: readonly RenderView[]): Slot[] {
  const slots: Slot[] = [];
  let x = 0;
  let y = 0;
  let row = 0;
  for (const view of views) {
    const w = Math.max(1, view.pixelWidth);
    const h = Math.max(1, view.pixelHeight);
    if (x > 0 && x + w > BATCH_SIDE) {
      x = 0;
      y += row;
      row = 0;
    }
    if (slots.length && y + h > BATCH_SIDE) break;
    slots.push({ view, x, y });
    x += w;
    row = Math.max(row, h);
  }
  return slots;
}

/** Reads the WebGL canvas back once and copies each drawn slot's part into its view's own canvas. */
export class BatchCopy {
  /** A 2D canvas the batch's pixels are read back into once. */
  #staging?: CanvasRenderingContext2D;

  copy(source: HTMLCanvasElement, drawn: readonly Slot[]): void {
    const { width, height } = source;
    const staging = (this.#staging ??= newCanvas().getContext('2d')!);
    if (staging.canvas.width < width || staging.canvas.height < height) {
      staging.canvas.width = Math.max(width, staging.canvas.width);
      staging.canvas.height = Math.max(height, staging.canvas.height);
    }
    staging.clearRect(0, 0, width, height);
    staging.drawImage(source, 0, 0);
    for (const { view, x, y } of drawn) {
      try {
        const w = Math.max(1, view.pixelWidth);
        const h = Math.max(1, view.pixelHeight);
        view.target.clearRect(0, 0, w, h);
        view.target.drawImage(staging.canvas, x, y, w, h, 0, 0, w, h);
        view.frames++;
        view.afterRender();
      } catch (error) {
        console.error('room-viewer: a view failed to draw', error);
      }
    }
  }
}
