/**
 * A picture of a viewer's current view at any size (part of the lazy PSV chunk): drawing only. The
 * element checks the size against `snapshotLimit()` and encodes the canvas, as every element does
 * (src/features/snapshot/snapshot-image.ts, used by live-viewer.ts).
 *
 * The view is drawn once more, at the asked size, into the viewer's own canvas and copied out in the
 * same task: a WebGL canvas without preserveDrawingBuffer can only be read in the task that drew it, and
 * the page never sees the odd-sized frame because the canvas is put back (and redrawn) before the task
 * ends.
 */
import { Vector2, type PerspectiveCamera, type Scene, type WebGLRenderer } from 'three';

/** The parts of PSV's renderer a snapshot draws with (private in PSV's types, stable in 5.x). */
export interface SnapshotScene {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  customRenderer?: Pick<WebGLRenderer, 'render'> | null;
}

/** The largest side the viewer's GPU can draw. */
export function snapshotLimit(three: SnapshotScene): number {
  const gl = three.renderer.getContext();
  const dims = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array | null;
  return Math.min(dims?.[0] ?? 4096, dims?.[1] ?? 4096);
}

/** A new canvas `width` × `height` (pixels, within snapshotLimit()) holding the current view. */
export function renderSnapshot(
  three: SnapshotScene,
  size: { width: number; height: number },
): HTMLCanvasElement {
  const { renderer, scene, camera } = three;
  const { width, height } = size;
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ratio = renderer.getPixelRatio();
  const before = renderer.getSize(new Vector2());
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
    renderer.setSize(before.x, before.y, false);
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    // the canvas was cleared by the resize: draw the view again before the page sees it
    (three.customRenderer ?? renderer).render(scene, camera);
  }
  return out;
}
