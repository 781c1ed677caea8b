/**
 * An image of a viewer's current view at any size (part of the lazy PSV chunk). The view is drawn once
 * more, at the asked size, into the viewer's own canvas and copied out in the same task: a WebGL canvas
 * without preserveDrawingBuffer can only be read in the task that drew it, and the page never sees the
 * odd-sized frame because the canvas is put back (and redrawn) before the task ends.
 */
import { Vector2, type PerspectiveCamera, type Scene, type WebGLRenderer } from 'three';

/** What `toBlob()` takes. */
export interface PanoramaSnapshotOptions {
  /** `image/png` (default), `image/jpeg`, `image/webp`; a type the browser cannot write gives a PNG. */
  type?: string;
  /** Pixels; default the element's width. */
  width?: number;
  /** Pixels; default the element's height. */
  height?: number;
  /** 0-1, for `image/jpeg` and `image/webp`. */
  quality?: number;
}

/** Bounded: a snapshot must not ask the GPU for more than it can give (or than a page needs). */
export const MAX_SNAPSHOT_SIDE = 8192;

/** The parts of PSV's renderer a snapshot draws with (private in PSV's types, stable in 5.x). */
export interface SnapshotScene {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  customRenderer?: Pick<WebGLRenderer, 'render'> | null;
}

/** A side as asked: a whole number from 1 to the GPU's limit, or a RangeError that says what is wrong. */
function side(name: string, value: number, limit: number): number {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n) || n < 1 || n > limit) {
    throw new RangeError(
      `toBlob(): ${name} must be a number of pixels from 1 to ${limit} (got ${String(value)})`,
    );
  }
  return n;
}

export function snapshot(
  three: SnapshotScene,
  options: PanoramaSnapshotOptions & { width: number; height: number },
): Promise<Blob> {
  const { renderer, scene, camera } = three;
  let out: HTMLCanvasElement;
  try {
    const gl = renderer.getContext();
    const dims = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array | null;
    const limit = Math.min(MAX_SNAPSHOT_SIDE, dims?.[0] ?? 4096, dims?.[1] ?? 4096);
    const width = side('width', options.width, limit);
    const height = side('height', options.height, limit);
    out = document.createElement('canvas');
    out.width = width;
    out.height = height;
    const ratio = renderer.getPixelRatio();
    const size = renderer.getSize(new Vector2());
    const aspect = camera.aspect;
    try {
      renderer.setPixelRatio(1);
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      (three.customRenderer ?? renderer).render(scene, camera);
      out.getContext('2d')!.drawImage(renderer.domElement, 0, 0);
    } finally {
      renderer.setPixelRatio(ratio);
      renderer.setSize(size.x, size.y, false);
      camera.aspect = aspect;
      camera.updateProjectionMatrix();
      // the canvas was cleared by the resize: draw the view again before the page sees it
      (three.customRenderer ?? renderer).render(scene, camera);
    }
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) =>
    out.toBlob(
      (blob) =>
        blob ? resolve(blob) : reject(new Error('toBlob(): the browser could not encode the image')),
      options.type ?? 'image/png',
      options.quality,
    ),
  );
}
