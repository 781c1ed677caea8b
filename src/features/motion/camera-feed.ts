/**
 * A viewer's camera as others follow it, frame by frame, on whichever thread the room is drawn: another
 * viewer's `sync-camera` and a `<room-plan for>` read the pose each frame carries (src/three/drawing.ts)
 * and move the camera through the same drawing interface, never through the scene. One feed per
 * element, made by the viewer; the plan finds it by the element (no import of the viewer, so no cycle).
 */
import type { Vec3 } from '../../model/types.js';
// types only: a feed carries plain numbers
import type { CameraPose } from '../../three/drawing.js';

export type { CameraPose };

type Listener = (pose: CameraPose) => void;

export class CameraFeed {
  #pose?: CameraPose;
  readonly #listeners = new Set<Listener>();

  constructor(
    /** Moves the viewer's camera (world space): a jump. */
    private readonly mover: (position: Vec3, target: Vec3) => void,
  ) {}

  /** The camera of the last frame drawn; undefined while no room is drawn. */
  get pose(): CameraPose | undefined {
    return this.#pose;
  }

  /** Called by the viewer after each frame drawn (undefined: its room went). */
  publish(pose: CameraPose | undefined): void {
    this.#pose = pose;
    if (pose) for (const listener of this.#listeners) listener(pose);
  }

  /** Hears every frame's camera from now on (and the current one at once); returns what stops it. */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    if (this.#pose) listener(this.#pose);
    return () => this.#listeners.delete(listener);
  }

  move(position: Vec3, target: Vec3): void {
    this.mover(position, target);
  }
}

const feeds = new WeakMap<Element, CameraFeed>();

/** The feed of a viewer (made once by the viewer itself). */
export function cameraFeedOf(element: Element): CameraFeed | undefined {
  return feeds.get(element);
}

export function provideCameraFeed(element: Element, feed: CameraFeed): void {
  feeds.set(element, feed);
}

/** A world point (metres, y up) in model space (centimetres, z up): the inverse of src/three/axes.ts. */
export function worldToModel(point: Vec3): Vec3 {
  return [point[0] * 100, -point[2] * 100, point[1] * 100];
}

/** A model point (centimetres, z up) in world space (metres, y up), as src/three/axes.ts puts it. */
export function modelToWorld(point: Vec3): Vec3 {
  return [point[0] / 100, point[2] / 100, -point[1] / 100];
}
