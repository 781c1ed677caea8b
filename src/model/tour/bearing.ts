/**
 * Bearings on the plan as a panorama turns: yaw in degrees clockwise from +y (up on the plan), the
 * way `<room-panorama>` turns (yaw 90 looks at its `r` face, which toPanorama() renders looking along +x).
 */
import type { Vec2 } from '../types.js';

/** The yaw of the direction (dx, dy) on the plan, in (-180, 180]. */
export function yawOf(dx: number, dy: number): number {
  return normalizeYaw((Math.atan2(dx, dy) * 180) / Math.PI);
}

/** A yaw in (-180, 180]. */
export function normalizeYaw(yaw: number): number {
  let y = yaw % 360;
  if (y <= -180) y += 360;
  if (y > 180) y -= 360;
  return y;
}

/** The unit direction on the plan a yaw looks along. */
export function directionOf(yaw: number): Vec2 {
  const r = (yaw * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}
