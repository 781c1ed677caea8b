/**
 * The viewer's spec suites run on both threads (a loop over these, not copies): the render worker (the
 * default) and the page's thread (`renderer="main"`, the fallback). What a test needs of the camera it
 * reads from the frames' pose and sets through the drawing (src/features/motion/camera-feed.ts), the
 * same on either thread.
 */
import { PerspectiveCamera, Vector3 } from 'three';
import type { Vec3 } from '../../../src/model/types.ts';
import { cameraFeedOf, type CameraPose } from '../../../src/features/motion/camera-feed.ts';
import { toWorld } from '../../../src/three/axes.ts';

export const THREADS = ['worker', 'main'] as const;
export type Thread = (typeof THREADS)[number];

/** The camera of the viewer's last frame (fails the test when it has drawn none). */
export function poseOf(viewer: HTMLElement): CameraPose {
  const pose = cameraFeedOf(viewer)?.pose;
  if (!pose) throw new Error('the viewer has drawn no frame');
  return pose;
}

/** A three.js camera as the pose says, to project points as the viewer drew them. */
export function cameraOf(pose: CameraPose): PerspectiveCamera {
  const camera = new PerspectiveCamera(pose.fov, pose.aspect, 0.05, 1000);
  camera.position.fromArray(pose.position);
  camera.lookAt(new Vector3().fromArray(pose.target));
  camera.updateMatrixWorld();
  return camera;
}

/** Puts the camera at `eye` looking at `target` (model cm, z up) and waits for a frame drawn there. */
export async function placeCamera(viewer: HTMLElement, eye: Vec3, target: Vec3): Promise<void> {
  const feed = cameraFeedOf(viewer)!;
  const position = toWorld(eye).toArray() as Vec3;
  const at = toWorld(target).toArray() as Vec3;
  feed.move(position, at);
  const start = performance.now();
  while (performance.now() - start < 5000) {
    const pose = feed.pose;
    if (pose && pose.position.every((v, i) => Math.abs(v - position[i]!) < 1e-4)) return;
    await new Promise((r) => requestAnimationFrame(r));
  }
  throw new Error('the camera did not arrive');
}
