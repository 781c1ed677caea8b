/**
 * Where a measuring click lands on the plan (model coordinates, cm): on a wall's end or corner when one
 * is within a few pixels, else on a wall's edge or centre line nearby, else where it was. And the wall
 * under the pointer (wall lengths on hover). Pure: tested without a browser.
 */
import { pointInRing } from '../../../model/polygon.js';
import type { PlanGeometry, Vec2, WallGeometry } from '../../../model/types.js';

/** Ends and corners this close on screen (CSS px) are snapped to; edges a little closer. */
export const SNAP_CORNER_PX = 10;
export const SNAP_EDGE_PX = 6;
/** How much nearer (CSS px) a wall's end counts than a corner of its footprint. */
const END_FAVOUR_PX = 3;

/** The nearest point to `p` on segment a–b. */
export function nearestOnSegment(p: Vec2, a: Vec2, b: Vec2): Vec2 {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2)) : 0;
  return [a[0] + t * dx, a[1] + t * dy];
}

const distance = (a: Vec2, b: Vec2) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The wall's segments: its centre line and its footprint's edges. */
function segments(wall: WallGeometry): [Vec2, Vec2][] {
  const ring = wall.polygon;
  return [[wall.start, wall.end], ...ring.map((p, i) => [p, ring[(i + 1) % ring.length]!] as [Vec2, Vec2])];
}

/**
 * `point` snapped to the plan's walls, `unitsPerPixel` cm to a CSS pixel: the nearest wall end or
 * footprint corner within SNAP_CORNER_PX, else the nearest point of a centre line or footprint edge
 * within SNAP_EDGE_PX, else `point` itself.
 */
export function snapPoint(
  plan: PlanGeometry,
  point: Vec2,
  unitsPerPixel: number,
): { point: Vec2; snapped: boolean } {
  let best: Vec2 | undefined;
  let bestDistance = SNAP_CORNER_PX * unitsPerPixel;
  // a wall's own ends win over its footprint's corners a few pixels away (its length is end to end)
  const favour = END_FAVOUR_PX * unitsPerPixel;
  for (const wall of plan.walls)
    for (const [i, corner] of [wall.start, wall.end, ...wall.polygon].entries()) {
      const d = Math.max(0, distance(corner, point) - (i < 2 ? favour : 0));
      if (d < bestDistance || (d === bestDistance && !best)) {
        best = corner;
        bestDistance = d;
      }
    }
  if (best) return { point: [best[0], best[1]], snapped: true };
  bestDistance = SNAP_EDGE_PX * unitsPerPixel;
  for (const wall of plan.walls)
    for (const [a, b] of segments(wall)) {
      const on = nearestOnSegment(point, a, b);
      const d = distance(on, point);
      if (d <= bestDistance) {
        best = on;
        bestDistance = d;
      }
    }
  return best ? { point: best, snapped: true } : { point, snapped: false };
}

/** The index of the wall under `point` (inside its footprint, or within `reach` cm of it), or -1. */
export function wallAt(plan: PlanGeometry, point: Vec2, reach: number): number {
  let best = -1;
  let bestDistance = reach;
  plan.walls.forEach((wall, index) => {
    if (wall.polygon.length >= 3 && pointInRing(point, wall.polygon)) {
      best = index;
      bestDistance = -1;
      return;
    }
    if (bestDistance < 0) return;
    for (const [a, b] of segments(wall).slice(1)) {
      const d = distance(nearestOnSegment(point, a, b), point);
      if (d <= bestDistance) {
        best = index;
        bestDistance = d;
      }
    }
  });
  return best;
}

/** A wall's length along its centre line (cm). */
export function wallLength(wall: WallGeometry): number {
  return distance(wall.start, wall.end);
}
