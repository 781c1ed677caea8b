/**
 * The camera a viewer opens with (issue 33's follow-up): the pose of its frames when `first-frame` and
 * `model-load` fire, read in their handlers (as a page's own would), on either thread.
 */
import type { CameraPose } from '../../../src/features/motion/camera-feed.ts';
import { poseOf } from './threads.ts';

export interface OpeningPoses {
  firstFrame?: CameraPose;
  modelLoad?: CameraPose;
}

/** Records the camera at `first-frame` and at `model-load` (call before the viewer is mounted). */
export function openingPoses(viewer: HTMLElement): OpeningPoses {
  const seen: OpeningPoses = {};
  viewer.addEventListener('first-frame', () => (seen.firstFrame ??= poseOf(viewer)));
  viewer.addEventListener('model-load', () => (seen.modelLoad ??= poseOf(viewer)));
  return seen;
}

/** A camera's position and target (world space, metres). */
type Place = { position: readonly number[]; target: readonly number[] };

/** The largest difference between two cameras' positions and targets (world space, metres). */
export function poseGap(a: Place, b: Place): number {
  const other = [...b.position, ...b.target];
  return Math.max(...[...a.position, ...a.target].map((v, i) => Math.abs(v - other[i]!)));
}
