/**
 * The camera attributes' geometry (`camera-orbit`, `camera-target`, model-viewer's syntax, read and
 * written by src/elements/room-viewer/features/camera-attributes.ts): an orbit around a target in
 * world space (metres, y up). Pure, no three.js: the drawing on either thread resolves a camera
 * request with it (view-driver.ts), and the element writes the camera back with it.
 */
import type { Vec3 } from '../model/types.js';

/** `auto`: leave that value as the camera has it. */
export type Auto = 'auto';

export interface CameraOrbit {
  /** Radians around the vertical. */
  theta: number | Auto;
  /** Radians down from straight up. */
  phi: number | Auto;
  /** Metres from the target. */
  radius: number | Auto;
}

/** Metres, model-viewer's axes (y up; the top of camera-attributes.ts says how they meet the model's). */
export type CameraTarget = [number | Auto, number | Auto, number | Auto];

/**
 * The orbit of a camera at `position` looking at `target` (both in model-viewer's axes, metres), as
 * three's Spherical: θ = atan2(x, z), φ = acos(y / r).
 */
export function orbitOf(position: Vec3, target: Vec3): { theta: number; phi: number; radius: number } {
  const x = position[0] - target[0];
  const y = position[1] - target[1];
  const z = position[2] - target[2];
  const radius = Math.hypot(x, y, z);
  if (radius === 0) return { theta: 0, phi: 0, radius: 0 };
  return { theta: Math.atan2(x, z), phi: Math.acos(Math.min(1, Math.max(-1, y / radius))), radius };
}

/**
 * Where the camera stands for an orbit around `target`, `auto` values taken from `current` (the camera's
 * own orbit). φ stays a hair off the poles, where the view's up would be undefined.
 */
export function positionOf(
  orbit: CameraOrbit,
  target: Vec3,
  current: { theta: number; phi: number; radius: number },
): Vec3 {
  const theta = orbit.theta === 'auto' ? current.theta : orbit.theta;
  const phi = Math.min(Math.PI - 1e-4, Math.max(1e-4, orbit.phi === 'auto' ? current.phi : orbit.phi));
  const radius = orbit.radius === 'auto' ? current.radius : orbit.radius;
  const across = radius * Math.sin(phi);
  return [
    target[0] + across * Math.sin(theta),
    target[1] + radius * Math.cos(phi),
    target[2] + across * Math.cos(theta),
  ];
}

/** The target with `auto` values taken from `current`. */
export function targetOf(target: CameraTarget, current: Vec3): Vec3 {
  return target.map((value, i) => (value === 'auto' ? current[i]! : value)) as Vec3;
}
