/**
 * Start views. `model`: the model's own camera (position → focal_point), `orbit`: the whole room from
 * above at an angle, `top`: straight down with the plan's +y (north) up on screen, `walk`: first person
 * at eye height (walk/walk-controls.ts places it; until then it starts as `orbit`).
 */
import { MathUtils, PerspectiveCamera, Sphere, Spherical, Vector3 } from 'three';
import { toWorld } from './axes.js';
import type { RoomScene } from './build-room.js';

export type CameraMode = 'model' | 'orbit' | 'top' | 'walk';

export const CAMERA_MODES: readonly CameraMode[] = ['model', 'orbit', 'top', 'walk'];

/** Vertical field of view, degrees. */
export const FIELD_OF_VIEW = 60;

/**
 * The `top` view looks through a long lens from far away, so walls barely lean outwards and the
 * room reads like a plan instead of a deep box.
 */
export const TOP_FIELD_OF_VIEW = 12;

export function fieldOfView(mode: CameraMode): number {
  return mode === 'top' ? TOP_FIELD_OF_VIEW : FIELD_OF_VIEW;
}

export interface CameraPlacement {
  position: Vector3;
  target: Vector3;
}

/** Distance at which a sphere of `radius` fills the view. */
function fitDistance(radius: number, aspect: number, fov: number): number {
  const vertical = MathUtils.degToRad(fov) / 2;
  const horizontal = Math.atan(Math.tan(vertical) * aspect);
  return radius / Math.sin(Math.min(vertical, horizontal));
}

export function placement(mode: CameraMode, room: RoomScene, aspect: number): CameraPlacement {
  const sphere = room.bounds.getBoundingSphere(new Sphere());
  const radius = Math.max(sphere.radius, 0.5);
  const modelCamera = room.model.camera;
  if (mode === 'model' && modelCamera) {
    const position = toWorld(modelCamera.position);
    const target = toWorld(modelCamera.focalPoint);
    if (position.distanceTo(target) > 1e-3) return { position, target };
  }
  const target = sphere.center.clone();
  target.y = room.bounds.min.y + (room.bounds.max.y - room.bounds.min.y) * 0.2;
  if (mode === 'top') {
    // fit the plan's footprint, not the sphere around walls and all: the plan fills the view
    const size = room.bounds.getSize(new Vector3());
    const half = Math.max(size.z / 2, size.x / 2 / Math.max(aspect, 1e-3));
    const distance = (half / Math.tan(MathUtils.degToRad(TOP_FIELD_OF_VIEW) / 2)) * 1.08 + size.y;
    // a hair off vertical so the camera's up (+y) resolves to model north instead of being undefined
    return { position: target.clone().add(new Vector3(0, distance, distance * 1e-4)), target };
  }
  const distance = fitDistance(radius, aspect, FIELD_OF_VIEW) * 1.02;
  const offset = new Vector3().setFromSpherical(
    new Spherical(distance, MathUtils.degToRad(52), MathUtils.degToRad(-35)),
  );
  return { position: target.clone().add(offset), target };
}

/** Near and far planes that fit the room seen from `position`. */
export function fitClipping(camera: PerspectiveCamera, room: RoomScene): void {
  const sphere = room.bounds.getBoundingSphere(new Sphere());
  const distance = camera.position.distanceTo(sphere.center);
  const far = distance + sphere.radius * 2 + 1;
  // From outside the room the near plane goes up to just short of it: depth precision falls with
  // distance² / near, and nested floors only 4 mm apart fought (a white hallway half painted over
  // by the floor around it) when the `top` view kept a 2 cm near plane from 60 m away.
  const outside = distance - sphere.radius;
  camera.near = Math.max(0.02, far / 5000, outside * 0.9);
  camera.far = far;
  camera.updateProjectionMatrix();
}
