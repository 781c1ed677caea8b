/**
 * Bearings on the plan as a panorama turns: yaw in degrees clockwise from +y (up on the plan), the
 * way `<room-panorama>` turns (yaw 90 looks at its `r` face, which toPanorama() renders looking along +x).
 */
import type { Vec2 } from '../types.js';
import type { TourLink, TourStop } from './types.js';

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

/**
 * The link from `stop` to the stop `to`, pointing at the plan point `at` (the other stop, or the stairs
 * that lead to it): bearing, the elevation of `at` on the floor seen from `stop`'s eye, and distance.
 */
export function linkToward(stop: TourStop, to: string, at: Vec2): TourLink {
  const dx = at[0] - stop.position[0];
  const dy = at[1] - stop.position[1];
  const distance = Math.hypot(dx, dy);
  return {
    from: stop.id,
    to,
    yaw: yawOf(dx, dy),
    pitch: (Math.atan2(-stop.position[2], Math.max(distance, 1e-6)) * 180) / Math.PI,
    distance,
  };
}

/** The unit direction on the plan a yaw looks along. */
export function directionOf(yaw: number): Vec2 {
  const r = (yaw * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}
