/**
 * `<room-viewer>`'s toPanorama(): six cube faces rendered from the room at one point, each a 90° square
 * snapshot (snapshot.ts, the very path toBlob() takes) from a camera at that point looking along one
 * axis, so a face equals toBlob() from that camera with a 90° field of view. The faces are the
 * room-styling service's own (`r d l u b f`, src/panorama/cube-faces.ts): the standard horizontal-cross
 * net seen from inside, side strip l f r b, `u` above `f` and `d` below it, so `<room-panorama>` shows
 * them as it shows the service's. `f` looks up the plan (+y), `r` along +x: a panorama's yaw is then
 * the tour's (src/model/tour/bearing.ts).
 */
import { PerspectiveCamera, Vector3 } from 'three';
import type { Vec3 } from '../model/types.js';
import { toWorld } from './axes.js';
import { withCeilings } from './ceiling.js';
import type { RoomView } from './room-view.js';
import { renderSnapshot } from './snapshot.js';

export type PanoramaFace = 'r' | 'd' | 'l' | 'u' | 'b' | 'f';
/** The order faces are drawn side by side in a strip (the render worker sends one picture). */
export const PANORAMA_FACES: readonly PanoramaFace[] = ['r', 'd', 'l', 'u', 'b', 'f'];

/** Each face's direction and the image's up, in model space (z up). */
export const FACE_AXES: Record<PanoramaFace, { look: Vec3; up: Vec3 }> = {
  r: { look: [1, 0, 0], up: [0, 0, 1] },
  l: { look: [-1, 0, 0], up: [0, 0, 1] },
  f: { look: [0, 1, 0], up: [0, 0, 1] },
  b: { look: [0, -1, 0], up: [0, 0, 1] },
  // the net: `u`'s bottom edge meets `f`'s top, `d`'s top edge meets `f`'s bottom
  u: { look: [0, 0, 1], up: [0, -1, 0] },
  d: { look: [0, 0, -1], up: [0, 1, 0] },
};

/** A direction in model space as a world direction (no scale: toWorld() of a point less the origin's). */
function worldDirection(d: Vec3): Vector3 {
  return toWorld(d)
    .sub(toWorld([0, 0, 0]))
    .normalize();
}

/** The camera of one face at `position` (model cm), with `base`'s near and far planes. */
export function faceCamera(base: PerspectiveCamera, position: Vec3, face: PanoramaFace): PerspectiveCamera {
  const camera = base.clone();
  const { look, up } = FACE_AXES[face];
  camera.fov = 90;
  camera.aspect = 1;
  camera.zoom = 1;
  camera.position.copy(toWorld(position));
  camera.up.copy(worldDirection(up));
  camera.lookAt(camera.position.clone().add(worldDirection(look)));
  camera.near = Math.min(camera.near, 0.05);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  return camera;
}

/**
 * The six faces, `size` pixels square, in PANORAMA_FACES order, under the rooms' ceilings (ceiling.ts:
 * the orbit and top views hide them, a panorama looks up at them).
 */
export function renderPanorama(view: RoomView, position: Vec3, size: number): HTMLCanvasElement[] {
  return withCeilings(view, () =>
    PANORAMA_FACES.map((face) =>
      renderSnapshot(view, { width: size, height: size }, faceCamera(view.camera, position, face)),
    ),
  );
}
