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
import { workerViewOf } from '../../../src/elements/room-viewer/worker-view.ts';

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

/** Frames the viewer has drawn, on either thread. */
export function framesOf(viewer: HTMLElement & { view?: { frames: number } }): number {
  if (viewer.view) return viewer.view.frames;
  const layer = viewer.shadowRoot?.querySelector('canvas.worker-canvas');
  const view = workerViewOf(layer);
  if (!view) throw new Error('the viewer draws nowhere');
  return view.frames;
}

/** Hears every frame's camera from now on; returns what stops it. */
export function onFrames(viewer: HTMLElement, listener: (pose: CameraPose) => void): () => void {
  return cameraFeedOf(viewer)!.listen(listener);
}

/** The camera of the next frame the viewer draws (after the change the test just made). */
export function nextFrame(viewer: HTMLElement, timeout = 5000): Promise<CameraPose> {
  const feed = cameraFeedOf(viewer)!;
  return new Promise((resolve, reject) => {
    let skip = !!feed.pose; // listen() hands the current camera at once: not a new frame
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no frame drawn'));
    }, timeout);
    const stop = feed.listen((pose) => {
      if (skip) return void (skip = false);
      clearTimeout(timer);
      stop();
      resolve(pose);
    });
  });
}
