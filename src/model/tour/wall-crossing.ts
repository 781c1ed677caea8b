/**
 * Whether a straight walk between two points on a plan crosses a wall: each wall is the rectangle
 * around its centre line (as thick as the wall), its doors and openings gaps in it. The walk passes a
 * wall only when the part of the segment inside the wall's rectangle lies within one gap. Windows are
 * no gap (nobody walks through one), and a wall of thickness 0 is a room divider, not a wall
 * (docs/fml.md). Curved walls are their sampled centre line (wallPolyline()).
 */
import { wallPolyline } from '../fml/fml-geometry.js';
import type { FmlOpening, FmlWall } from '../fml/types.js';
import type { Vec2 } from '../types.js';

/** How far inside a wall's rectangle a segment must reach to count (cm): grazing a face is no crossing. */
const GRAZE = 0.5;

/** An opening one can walk through. */
export function passable(opening: FmlOpening): boolean {
  return opening.kind !== 'window';
}

/** The gaps of a wall along its centre line, [from, to] in cm from `a`. */
function gaps(wall: FmlWall): [number, number][] {
  return wall.openings.filter(passable).map((o) => [o.offset - o.width / 2, o.offset + o.width / 2]);
}

/**
 * The segment p→q clipped to the rectangle |v| ≤ half, 0 ≤ u ≤ len of one straight wall piece
 * (Liang–Barsky), as the range of u it covers there; undefined when it stays outside.
 */
function clipToPiece(
  p: Vec2,
  q: Vec2,
  a: Vec2,
  dir: Vec2,
  len: number,
  half: number,
): [number, number] | undefined {
  const rx = p[0] - a[0];
  const ry = p[1] - a[1];
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  const u0 = rx * dir[0] + ry * dir[1];
  const du = dx * dir[0] + dy * dir[1];
  const v0 = -rx * dir[1] + ry * dir[0];
  const dv = -dx * dir[1] + dy * dir[0];
  let t0 = 0;
  let t1 = 1;
  // each side of the rectangle, shrunk by GRAZE: p + t·d inside when value + t·delta within [lo, hi]
  const sides: [number, number, number, number][] = [
    [u0, du, GRAZE, len - GRAZE],
    [v0, dv, -half + GRAZE, half - GRAZE],
  ];
  for (const [value, delta, lo, hi] of sides) {
    if (hi < lo) return undefined;
    if (Math.abs(delta) < 1e-12) {
      if (value < lo || value > hi) return undefined;
      continue;
    }
    let ta = (lo - value) / delta;
    let tb = (hi - value) / delta;
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
    if (t0 > t1) return undefined;
  }
  const ua = u0 + du * t0;
  const ub = u0 + du * t1;
  return [Math.min(ua, ub), Math.max(ua, ub)];
}

/** True when walking straight from `p` to `q` goes through `wall` other than through a door or opening. */
export function crossesWall(p: Vec2, q: Vec2, wall: FmlWall): boolean {
  if (!(wall.thickness > 0)) return false;
  const half = wall.thickness / 2;
  const line = wallPolyline(wall);
  const open = gaps(wall);
  let start = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len > 0) {
      const dir: Vec2 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
      const inside = clipToPiece(p, q, a, dir, len, half);
      if (inside) {
        const from = start + inside[0];
        const to = start + inside[1];
        if (!open.some(([lo, hi]) => from >= lo - GRAZE && to <= hi + GRAZE)) return true;
      }
    }
    start += len;
  }
  return false;
}

/** The first wall of `walls` the walk p→q goes through (undefined: the way is free). */
export function wallBetween(p: Vec2, q: Vec2, walls: readonly FmlWall[]): FmlWall | undefined {
  return walls.find((wall) => crossesWall(p, q, wall));
}
