/**
 * Software WebGL (SwiftShader, what Chrome falls back to without a usable GPU) misdraws a triangle
 * batch when one of its vertices lies exactly in the camera's plane (clip w ≈ 0): seen exactly along a
 * cube edge (yaw 45°, 135°…, or pitch ±45° at yaw 0°, 90°…), whole faces of the real panorama came out
 * as one flat colour, within about ±0.03° of those views. Round views like `yaw="45"` are what pages
 * set, so this matters. Before each frame, the view is checked against every vertex on the cube's edges; when
 * one is within 0.06° of the camera's plane, the frame is drawn with the camera turned by 0.2°
 * (invisible: a fraction of a texel of a 1080 px face), which clears it. The view the element reports
 * is not changed.
 */
import { Euler, Quaternion, Vector3, type Camera, type Scene, type WebGLRenderer } from 'three';

/** |cos| of the angle between the view direction and a vertex below which the vertex is "in the plane". */
const CLEARANCE = 1e-3;
const NUDGE = (0.2 * Math.PI) / 180;

/**
 * Unit directions of the vertices on the 12 edges of a cube subdivided `segments` times per side.
 * Those are the ones that matter: a triangle with a whole side in the camera's plane is what breaks.
 * Vertices inside a face in that plane are harmless (measured: yaw 45.05° leaves the top face's
 * diagonal in the plane and draws correctly), and no small turn could clear them all at once anyway.
 */
export function cubeEdgeDirections(segments: number): Vector3[] {
  const steps = Array.from({ length: segments + 1 }, (_, i) => -1 + (2 * i) / segments);
  const out: Vector3[] = [];
  for (const x of steps)
    for (const y of steps)
      for (const z of steps)
        if ([x, y, z].filter((c) => Math.abs(c) === 1).length >= 2)
          out.push(new Vector3(x, y, z).normalize());
  return out;
}

/** The smallest |cos| between the camera's view direction and any of `directions`. */
export function planeClearance(quaternion: Quaternion, directions: readonly Vector3[]): number {
  const forward = new Vector3(0, 0, -1).applyQuaternion(quaternion);
  let min = Infinity;
  for (const d of directions) min = Math.min(min, Math.abs(d.dot(forward)));
  return min;
}

/** Turns (yaw, pitch) of NUDGE in 12 directions: a vertical and a horizontal edge can be in the plane at once. */
const NUDGES: [number, number][] = Array.from({ length: 12 }, (_, k) => [
  NUDGE * Math.cos((k * Math.PI) / 6),
  NUDGE * Math.sin((k * Math.PI) / 6),
]);

/**
 * A renderer for PSV's setCustomRenderer that draws every frame through `renderer`, with the camera
 * turned slightly when the view would put a cube vertex in the camera's plane.
 */
export function edgeSafeRenderer(
  renderer: WebGLRenderer,
  directions: readonly Vector3[],
): Pick<WebGLRenderer, 'render'> {
  let scratch: Camera | undefined;
  const turn = new Quaternion();
  const euler = new Euler();
  return {
    render(scene: Scene, camera: Camera) {
      if (planeClearance(camera.quaternion, directions) >= CLEARANCE) {
        renderer.render(scene, camera);
        return;
      }
      scratch ??= camera.clone();
      scratch.copy(camera);
      // the turn that keeps every vertex furthest from the camera's plane
      let best = -1;
      for (const [yaw, pitch] of NUDGES) {
        turn.setFromEuler(euler.set(pitch, yaw, 0, 'YXZ'));
        const candidate = camera.quaternion.clone().multiply(turn);
        const clearance = planeClearance(candidate, directions);
        if (clearance > best) {
          best = clearance;
          scratch.quaternion.copy(candidate);
        }
      }
      scratch.updateMatrixWorld(true);
      renderer.render(scene, scratch);
    },
  };
}
