/**
 * Wall footprints with clean joins. Walls that meet at a point are sorted by angle around it; each
 * wall's left edge is cut where it meets the right edge of its counter-clockwise neighbour (a mitre
 * for corners, the inner corners of a T or a cross), a free end is cut square, and collinear walls
 * meet flush. Very sharp corners fall back to a square cut so a mitre never shoots far past the
 * point (the "mitre limit" of SVG strokes). Where three or more walls meet, the meeting point itself
 * is added to each footprint so together they cover the junction without a hole.
 */
import { counterClockwise } from './polygon.js';
import type { Vec2 } from './types.js';

export interface WallLine {
  start: Vec2;
  end: Vec2;
  thickness: number;
}

interface WallEnd {
  wall: number;
  atStart: boolean;
  /** Unit direction pointing away from the node along the wall. */
  dir: Vec2;
  half: number;
  angle: number;
}

/** A mitre may reach at most this many half-thicknesses from the meeting point. */
const MITRE_LIMIT = 4;

/** Points closer than this (cm) are one node, even when the model lists them twice. */
const SNAP = 0.01;

const keyOf = (p: Vec2) => `${Math.round(p[0] / SNAP)}:${Math.round(p[1] / SNAP)}`;
const cross = (a: Vec2, b: Vec2) => a[0] * b[1] - a[1] * b[0];
const leftNormal = (d: Vec2): Vec2 => [-d[1], d[0]];
const offset = (o: Vec2, n: Vec2, s: number): Vec2 => [o[0] + n[0] * s, o[1] + n[1] * s];

/** Where the line through p1 along d1 meets the line through p2 along d2; undefined when parallel. */
function intersect(p1: Vec2, d1: Vec2, p2: Vec2, d2: Vec2): Vec2 | undefined {
  const denominator = cross(d1, d2);
  if (Math.abs(denominator) < 1e-9) return undefined;
  const s = cross([p2[0] - p1[0], p2[1] - p1[1]], d2) / denominator;
  return [p1[0] + d1[0] * s, p1[1] + d1[1] * s];
}

/** Footprint polygons (counter-clockwise, y up), one per wall, in the order given. */
export function wallFootprints(walls: readonly WallLine[]): Vec2[][] {
  const nodes = new Map<string, { at: Vec2; ends: WallEnd[] }>();
  const addEnd = (at: Vec2, end: WallEnd) => {
    const key = keyOf(at);
    let node = nodes.get(key);
    if (!node) nodes.set(key, (node = { at, ends: [] }));
    node.ends.push(end);
  };
  walls.forEach((w, i) => {
    const dx = w.end[0] - w.start[0];
    const dy = w.end[1] - w.start[1];
    const length = Math.hypot(dx, dy) || 1;
    const d: Vec2 = [dx / length, dy / length];
    const back: Vec2 = [-d[0], -d[1]];
    const half = Math.max(w.thickness, 0) / 2;
    addEnd(w.start, { wall: i, atStart: true, dir: d, half, angle: Math.atan2(d[1], d[0]) });
    addEnd(w.end, { wall: i, atStart: false, dir: back, half, angle: Math.atan2(back[1], back[0]) });
  });

  // Corners per wall end: left and right as seen walking away from the node.
  const corners = new Map<WallEnd, { left: Vec2; right: Vec2; node?: Vec2 }>();
  for (const { at, ends } of nodes.values()) {
    ends.sort((a, b) => a.angle - b.angle);
    const n = ends.length;
    const result = ends.map((e) => ({
      left: offset(at, leftNormal(e.dir), e.half),
      right: offset(at, leftNormal(e.dir), -e.half),
      node: n >= 3 ? at : undefined,
    }));
    if (n >= 2) {
      for (let i = 0; i < n; i++) {
        const e = ends[i]!;
        const next = ends[(i + 1) % n]!;
        // e's left edge against next's right edge (next is the counter-clockwise neighbour)
        const leftStart = offset(at, leftNormal(e.dir), e.half);
        const rightStart = offset(at, leftNormal(next.dir), -next.half);
        const corner = intersect(leftStart, e.dir, rightStart, next.dir);
        const limit = MITRE_LIMIT * Math.max(e.half, next.half, 0.5);
        if (corner && Math.hypot(corner[0] - at[0], corner[1] - at[1]) <= limit) {
          result[i]!.left = corner;
          result[(i + 1) % n]!.right = corner;
        } else if (corner) {
          // too sharp: square cuts, and the node fills the notch between them
          result[i]!.node = at;
          result[(i + 1) % n]!.node = at;
        }
      }
    }
    ends.forEach((e, i) => corners.set(e, result[i]!));
  }

  const byWall = new Map<number, { start?: WallEnd; end?: WallEnd }>();
  for (const { ends } of nodes.values()) {
    for (const e of ends) {
      const entry = byWall.get(e.wall) ?? {};
      if (e.atStart) entry.start = e;
      else entry.end = e;
      byWall.set(e.wall, entry);
    }
  }

  return walls.map((_, i) => {
    const entry = byWall.get(i)!;
    const a = corners.get(entry.start!)!;
    const b = corners.get(entry.end!)!;
    // Walking from start to end: the right side is the start end's right and the end end's left.
    const ring: Vec2[] = [a.right, b.left];
    if (b.node) ring.push(b.node);
    ring.push(b.right, a.left);
    if (a.node) ring.push(a.node);
    return counterClockwise(ring);
  });
}
