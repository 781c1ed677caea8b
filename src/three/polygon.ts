/** Small 2D polygon helpers for the scene builder (model space, centimetres). */
import { ShapeUtils, Vector2 } from 'three';
import { signedArea } from '../model/polygon.js';
import type { Vec2 } from '../model/types.js';

/** The polygon counter-clockwise, without repeated or non-finite points. */
export function counterClockwise(polygon: readonly Vec2[]): Vec2[] {
  const clean: Vec2[] = [];
  for (const p of polygon) {
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) continue;
    const last = clean[clean.length - 1];
    if (last && Math.abs(last[0] - p[0]) < 1e-6 && Math.abs(last[1] - p[1]) < 1e-6) continue;
    clean.push([p[0], p[1]]);
  }
  const first = clean[0];
  const last = clean[clean.length - 1];
  if (
    clean.length > 1 &&
    first &&
    last &&
    Math.abs(first[0] - last[0]) < 1e-6 &&
    Math.abs(first[1] - last[1]) < 1e-6
  ) {
    clean.pop();
  }
  return signedArea(clean) < 0 ? clean.reverse() : clean;
}

/** Triangles (index triples into `polygon`) of a simple polygon, by three's earcut. */
export function triangulate(polygon: readonly Vec2[]): number[][] {
  if (polygon.length < 3) return [];
  return ShapeUtils.triangulateShape(
    polygon.map(([x, y]) => new Vector2(x, y)),
    [],
  );
}

/**
 * Keeps the part of `polygon` where a ≤ dot(p − origin, dir) ≤ b (Sutherland–Hodgman against two
 * parallel lines); used to cut a wall's footprint into the pieces beside, under and over an opening.
 */
export function clipBetween(polygon: readonly Vec2[], origin: Vec2, dir: Vec2, a: number, b: number): Vec2[] {
  const t = (p: Vec2) => (p[0] - origin[0]) * dir[0] + (p[1] - origin[1]) * dir[1];
  const clip = (input: Vec2[], keep: (v: number) => number): Vec2[] => {
    const out: Vec2[] = [];
    for (let i = 0; i < input.length; i++) {
      const p = input[i]!;
      const q = input[(i + 1) % input.length]!;
      const dp = keep(t(p));
      const dq = keep(t(q));
      if (dp >= 0) out.push(p);
      if (dp >= 0 !== dq >= 0) {
        const s = dp / (dp - dq);
        out.push([p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s]);
      }
    }
    return out;
  };
  let result = [...polygon];
  if (Number.isFinite(a)) result = clip(result, (v) => v - a);
  if (Number.isFinite(b) && result.length) result = clip(result, (v) => b - v);
  return result.length >= 3 ? result : [];
}
