/** Pixels of a `<room-viewer>` drawn in the render worker, read from the worker's own canvas (picture()). */
import type { RoomViewer } from '../../../src/elements/room-viewer/room-viewer.ts';
import { workerViewOf } from '../../../src/elements/room-viewer/worker-view.ts';

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The worker view's picture as RGBA bytes, with its size. */
export async function workerPixels(viewer: RoomViewer): Promise<Pixels> {
  const view = workerViewOf(viewer.shadowRoot!.querySelector('canvas.worker-canvas'));
  if (!view) throw new Error('no worker view');
  const bitmap = await view.picture();
  if (!bitmap) throw new Error('no picture from the worker');
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return {
    data: context.getImageData(0, 0, canvas.width, canvas.height).data,
    width: canvas.width,
    height: canvas.height,
  };
}

export function rgba(canvas: HTMLCanvasElement): Uint8ClampedArray {
  return canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
}

/** Mean absolute difference per channel between two pictures of one size. */
export function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** How many pixels differ by more than `tolerance` in a colour channel (RGB) between two pictures of one size. */
export function differingPixels(a: Uint8ClampedArray, b: Uint8ClampedArray, tolerance = 2): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4)
    if (
      Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!)) >
      tolerance
    )
      n++;
  return n;
}
