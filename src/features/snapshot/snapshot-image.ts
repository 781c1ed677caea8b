/**
 * What every element's `toBlob()` shares: its options, the bounds of a side, and the encoding of the
 * finished canvas. `<room-viewer>` (room-viewer/features/snapshot.ts), `<room-plan>` (svg-raster.ts) and
 * `<room-panorama>` (live-viewer.ts) use it; the layers below only draw.
 */

/** What `toBlob()` takes. */
export interface SnapshotOptions {
  /** `image/png` (default), `image/jpeg`, `image/webp`; a type the browser cannot write gives a PNG. */
  type?: string;
  /** Pixels; default the element's width. */
  width?: number;
  /** Pixels; default the element's height. */
  height?: number;
  /** 0-1, for `image/jpeg` and `image/webp`. */
  quality?: number;
}

/** Bounded: a snapshot must not ask the GPU or the canvas for more than it can give (or than a page needs). */
export const MAX_SNAPSHOT_SIDE = 8192;

/** A side as asked: a whole number from 1 to `limit`, or a RangeError that says what is wrong. */
export function snapshotSide(name: string, value: number, limit = MAX_SNAPSHOT_SIDE): number {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n) || n < 1 || n > limit) {
    throw new RangeError(
      `toBlob(): ${name} must be a number of pixels from 1 to ${limit} (got ${String(value)})`,
    );
  }
  return n;
}

/** The canvas as an image file. */
export function encodeCanvas(canvas: HTMLCanvasElement, options: SnapshotOptions): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob ? resolve(blob) : reject(new Error('toBlob(): the browser could not encode the image')),
      options.type ?? 'image/png',
      options.quality,
    ),
  );
}

/**
 * The size asked, the element's size by default (a layout read: once per call, not per frame), each
 * side checked against `limit`.
 */
export function snapshotSize(
  host: HTMLElement,
  options: SnapshotOptions,
  limit = MAX_SNAPSHOT_SIDE,
): { width: number; height: number } {
  const rect = host.getBoundingClientRect();
  const bound = Math.min(limit, MAX_SNAPSHOT_SIDE);
  return {
    width: snapshotSide('width', options.width ?? (Math.round(rect.width) || 300), bound),
    height: snapshotSide('height', options.height ?? (Math.round(rect.height) || 150), bound),
  };
}
