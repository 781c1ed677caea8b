/**
 * Where a walk starts on a floor: the floor's first walkthrough camera (its place at eye height and
 * the way it looks), else the largest area's centre; a camera outside every area also starts there,
 * with a word for the console. The place is settled clear of the walls (walk-collide.ts).
 */
import { pointInRing } from '../polygon.js';
import type { PlanGeometry, Vec2, Vec3 } from '../types.js';
import { settle } from './walk-collide.js';
import type { WalkWorld } from './walk-world.js';

/** A camera of the plan (model frame, cm): FmlCamera's members the walk reads. */
export interface WalkCamera {
  name?: string;
  type?: string;
  position: Vec3;
  direction: Vec3;
}

export interface WalkStart {
  /** Where the walker stands (model frame, cm) and the way it looks on the plan (unit vector). */
  position: Vec2;
  heading: Vec2;
  from: 'camera' | 'area' | 'bounds';
  /** Why the camera was not used, for the console. */
  warning?: string;
}

function largestArea(plan: PlanGeometry) {
  return plan.areas.reduce<PlanGeometry['areas'][number] | undefined>(
    (best, area) => (!best || area.area > best.area ? area : best),
    undefined,
  );
}

/** The start of a walk on `plan` (its world `world`), from its `cameras`. */
export function walkStart(world: WalkWorld, plan: PlanGeometry, cameras: readonly WalkCamera[]): WalkStart {
  const camera = cameras.find((c) => c.type === 'walkthrough');
  let warning: string | undefined;
  if (camera) {
    const at: Vec2 = [camera.position[0], camera.position[1]];
    const length = Math.hypot(camera.direction[0], camera.direction[1]);
    const heading: Vec2 =
      length > 1e-6 ? [camera.direction[0] / length, camera.direction[1] / length] : [0, 1];
    const inside = !plan.areas.length || plan.areas.some((a) => pointInRing(at, a.polygon));
    const position = inside ? settle(world, at) : undefined;
    if (position) return { position, heading, from: 'camera' };
    warning = inside
      ? `walk: no room to stand near camera "${camera.name ?? ''}"; starting at the largest area's centre`
      : `walk: camera "${camera.name ?? ''}" stands outside every area; starting at the largest area's centre`;
  }
  const area = largestArea(plan);
  const centre: Vec2 = area
    ? area.labelPoint
    : [(plan.bounds.min[0] + plan.bounds.max[0]) / 2, (plan.bounds.min[1] + plan.bounds.max[1]) / 2];
  const position = settle(world, centre) ?? centre;
  return { position, heading: [0, 1], from: area ? 'area' : 'bounds', ...(warning ? { warning } : {}) };
}
