/**
 * `<room-viewer>`'s `toBlob()`: the view drawn once more, at the asked size, through the page's shared
 * renderer (its public `snapshot()`), from a copy of the view's camera with the picture's own aspect, so
 * the view on screen is not touched. Antialiased as a still frame is. The element checks the size
 * against `snapshotLimit()` and encodes the canvas (src/features/snapshot/snapshot-image.ts).
 */
import type { PerspectiveCamera } from 'three';
import { EXPOSURE } from './look-shader.js';
import type { RoomView } from './room-view.js';
import { SharedRenderer, type RenderView } from './shared-renderer.js';

/** The largest side the shared renderer's GPU can draw. */
export function snapshotLimit(): number {
  const gl = SharedRenderer.get().renderer.getContext();
  const dims = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array | null;
  const size = gl.getParameter(gl.MAX_RENDERBUFFER_SIZE) as number | null;
  return Math.min(dims?.[0] ?? 4096, dims?.[1] ?? 4096, size ?? 4096);
}

/** A new canvas `width` × `height` (pixels, within snapshotLimit()) holding what `view`'s camera sees now. */
export function renderSnapshot(
  view: RoomView,
  size: { width: number; height: number },
  /** toPanorama() (panorama-render.ts): a camera of its own (a cube face) instead of the view's. */
  from?: PerspectiveCamera,
): HTMLCanvasElement {
  const shared = SharedRenderer.get();
  if (shared.contextLost) throw new DOMException('toBlob(): the WebGL context is lost', 'InvalidStateError');
  const { width, height } = size;
  const camera = (from ?? view.camera).clone();
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  // the exposure uniform holds the view drawn last: this view's own for this picture
  EXPOSURE.value = view.room.exposure;
  const picture: RenderView = {
    pixelWidth: width,
    pixelHeight: height,
    scene: view.scene,
    camera,
    target: view.target,
    dirty: false,
    visible: true,
    frames: 0,
    beforeRender: () => {},
    afterRender: () => {},
  };
  return shared.snapshot(picture);
}
