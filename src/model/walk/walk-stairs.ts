/**
 * Which floor a staircase leads to (docs/walk.md "Stairs"): walk mode changes floor there, and the tour
 * links the stops at its two ends (src/model/tour/stair-links.ts). Pure.
 */
import type { FmlPlan } from '../fml/types.js';
import { pointInRing } from '../polygon.js';
import type { Vec2 } from '../types.js';

/** The middle of a footprint (its corners' mean: stairs are rectangles). */
function middle(polygon: readonly Vec2[]): Vec2 {
  const n = polygon.length || 1;
  return [polygon.reduce((s, p) => s + p[0], 0) / n, polygon.reduce((s, p) => s + p[1], 0) / n];
}

/**
 * The floor (index) a staircase on floor `index` leads to: the floor a level up, else down, that has
 * a staircase over the same place; else the floor a level up; else none (the stairs are in the way).
 */
export function stairTarget(plan: FmlPlan, index: number, polygon: readonly Vec2[]): number | undefined {
  const here = plan.floors[index];
  if (!here) return undefined;
  const at = middle(polygon);
  const levelled = (level: number) => plan.floors.findIndex((f) => f.level === level);
  const up = levelled(here.level + 1);
  const down = levelled(here.level - 1);
  const meets = (i: number) =>
    i >= 0 && plan.floors[i]!.designs.some((d) => d.stairs.some((s) => pointInRing(at, s.footprint)));
  if (meets(up)) return up;
  if (meets(down)) return down;
  return up >= 0 ? up : undefined;
}
