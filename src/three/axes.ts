/**
 * The one place where model space becomes three.js space.
 *
 * Model space (as the service sends it, and as src/model keeps it): centimetres, z up, x/y the plan.
 * three.js space: metres, y up. Every mesh is built in model space under one root group whose matrix
 * is MODEL_TO_WORLD (a rotation of -90° about x, then a scale of 1/100), so a model point (x, y, z)
 * lands at (x/100, z/100, -y/100). Cameras and lights live in world space and go through toWorld().
 */
import { Matrix4, Vector3 } from 'three';
import type { Vec3 } from '../model/types.js';

export const CENTIMETRES_PER_UNIT = 100;

export const MODEL_TO_WORLD = new Matrix4()
  .makeRotationX(-Math.PI / 2)
  .multiply(
    new Matrix4().makeScale(1 / CENTIMETRES_PER_UNIT, 1 / CENTIMETRES_PER_UNIT, 1 / CENTIMETRES_PER_UNIT),
  );

const WORLD_TO_MODEL = MODEL_TO_WORLD.clone().invert();

/** A model point (cm, z up) in world space (m, y up). */
export function toWorld(point: Vec3, target = new Vector3()): Vector3 {
  return target.set(point[0], point[1], point[2]).applyMatrix4(MODEL_TO_WORLD);
}

/** A world point back in model space (cm, z up), for events the page reads. */
export function toModel(point: Vector3): Vec3 {
  const p = point.clone().applyMatrix4(WORLD_TO_MODEL);
  return [p.x, p.y, p.z];
}
