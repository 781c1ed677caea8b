/**
 * What holds a walker on one floor (walk mode, docs/walk.md): every wall as the solid pieces between
 * its door openings (a window leaves its wall whole), each a rectangle along the wall's centre line as
 * thick as the wall; stairs that lead nowhere as their outline; the furniture that stands in the way
 * (walk-furniture.ts) as its footprint; and the floor's bounds. Model frame
 * (centimetres, x right, y up seen from above). Pure: no DOM, no three.js.
 */
import { pointInRing } from '../polygon.js';
import type { PlanGeometry, Vec2 } from '../types.js';
import type { WalkObstacle } from './walk-furniture.js';

/** The walker's body: a circle this wide around the eye (cm). Walls never come closer. */
export const WALK_RADIUS = 20;
/** Eye height above the floor (cm). */
export const EYE_HEIGHT = 160;
/** Where there are walls, the walker may step this far beyond them (out of the front door), cm. */
const OUTSIDE = 200;
/** An opening whose bottom is higher than this (a hatch) is no way through, cm. */
const STEP_HEIGHT = 10;

/** A solid piece: the rectangle `half` either side of the segment a–b (`half` 0: a line). */
export interface Blocker {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  half: number;
  /** What it is: a wall's solid piece (no start is moved through one), a staircase's edge, a piece of furniture. */
  kind?: 'wall' | 'stair' | 'furniture';
}

/** A staircase's footprint and the floor (index) it leads to, or none: then it is in the way. */
export interface WalkStair {
  polygon: Vec2[];
  to?: number;
}

export interface WalkWorld {
  blockers: Blocker[];
  stairs: WalkStair[];
  /** Where the walker may be: the floor's bounds (beyond the walls by a little when there are walls). */
  min: Vec2;
  max: Vec2;
  radius: number;
}

/** A wall's solid pieces along its centre line: [from, to] cm from its start, door gaps left out. */
function solidSpans(length: number, gaps: [number, number][]): [number, number][] {
  const spans: [number, number][] = [];
  let at = 0;
  for (const [from, to] of gaps.sort((p, q) => p[0] - q[0])) {
    if (from > at) spans.push([at, Math.min(from, length)]);
    at = Math.max(at, to);
  }
  if (at < length) spans.push([at, length]);
  return spans;
}

/** A rectangle (four corners in order) as one blocker: its long middle line, half its short side either side. */
function rectangleBlocker(polygon: readonly Vec2[]): Blocker | undefined {
  if (polygon.length !== 4) return undefined;
  const [p0, p1, , p3] = polygon as [Vec2, Vec2, Vec2, Vec2];
  const centre: Vec2 = [polygon.reduce((s, p) => s + p[0], 0) / 4, polygon.reduce((s, p) => s + p[1], 0) / 4];
  const a: Vec2 = [(p1[0] - p0[0]) / 2, (p1[1] - p0[1]) / 2];
  const b: Vec2 = [(p3[0] - p0[0]) / 2, (p3[1] - p0[1]) / 2];
  const [long, short] = Math.hypot(...a) >= Math.hypot(...b) ? [a, b] : [b, a];
  const half = Math.hypot(...short);
  if (!Number.isFinite(half) || !(Math.hypot(...long) > 0)) return undefined;
  return {
    ax: centre[0] - long[0],
    ay: centre[1] - long[1],
    bx: centre[0] + long[0],
    by: centre[1] + long[1],
    half,
    kind: 'furniture',
  };
}

/**
 * The walker's world on a floor: `stairs` with the floor each leads to (none: it is in the way), and
 * the `furniture` in the way (walkFurniture()). A floor with no walls is walked freely within its bounds.
 */
export function walkWorld(
  plan: PlanGeometry,
  stairs: WalkStair[] = [],
  furniture: readonly WalkObstacle[] = [],
  radius = WALK_RADIUS,
): WalkWorld {
  const blockers: Blocker[] = [];
  for (const wall of plan.walls) {
    const [sx, sy] = wall.start;
    const dx = wall.end[0] - sx;
    const dy = wall.end[1] - sy;
    const length = Math.hypot(dx, dy);
    if (length < 1e-6 || !(wall.thickness > 0)) continue;
    const ux = dx / length;
    const uy = dy / length;
    const half = wall.thickness / 2;
    const gaps = wall.openings
      .filter((o) => o.kind !== 'window' && o.bottom <= STEP_HEIGHT)
      .map((o): [number, number] => [o.offset - o.width / 2, o.offset + o.width / 2]);
    for (const [from, to] of solidSpans(length, gaps)) {
      // the wall's own ends reach half its thickness further (corners close); a door's edge does not
      const a = from <= 0 ? -half : from;
      const b = to >= length ? length + half : to;
      blockers.push({
        ax: sx + ux * a,
        ay: sy + uy * a,
        bx: sx + ux * b,
        by: sy + uy * b,
        half,
        kind: 'wall',
      });
    }
  }
  for (const stair of stairs) {
    if (stair.to !== undefined) continue;
    stair.polygon.forEach((p, i) => {
      const q = stair.polygon[(i + 1) % stair.polygon.length]!;
      blockers.push({ ax: p[0], ay: p[1], bx: q[0], by: q[1], half: 0, kind: 'stair' });
    });
  }
  // furniture (walk-furniture.ts): each footprint a rectangle
  for (const piece of furniture) {
    const blocker = rectangleBlocker(piece.polygon);
    if (blocker) blockers.push(blocker);
  }
  const pad = plan.walls.length ? OUTSIDE : -radius;
  let min: Vec2 = [plan.bounds.min[0] - pad, plan.bounds.min[1] - pad];
  let max: Vec2 = [plan.bounds.max[0] + pad, plan.bounds.max[1] + pad];
  // bounds narrower than the body: its middle line
  if (min[0] > max[0]) min = [(min[0] + max[0]) / 2, min[1]];
  if (min[0] > max[0]) max = [min[0], max[1]];
  if (min[1] > max[1]) min = [min[0], (min[1] + max[1]) / 2];
  if (min[1] > max[1]) max = [max[0], min[1]];
  return { blockers, stairs, min, max, radius };
}

/** The stair whose footprint holds `p` and that leads somewhere. */
export function stairAt(world: WalkWorld, p: Vec2): WalkStair | undefined {
  return world.stairs.find((s) => s.to !== undefined && pointInRing(p, s.polygon));
}
