/**
 * Small geometry the FML readers and the bridge share: outlines, a wall's centre line from FML's
 * `balance`, curved walls (quadratic Bézier) as polylines, item footprints, and placing a free
 * opening on the wall it lies in. All in our frame (cm, y up).
 */
import { signedArea } from '../polygon.js';
import type { Vec2 } from '../types.js';

/** Points closer than this (cm) are one point. */
const SAME_POINT = 0.01;

/** Consecutive duplicates and a closing repeat of the first point removed. */
export function cleanRing(points: readonly Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) > SAME_POINT) out.push(p);
  }
  while (out.length > 1) {
    const first = out[0]!;
    const last = out[out.length - 1]!;
    if (Math.hypot(first[0] - last[0], first[1] - last[1]) > SAME_POINT) break;
    out.pop();
  }
  return out;
}

/** The ring counter-clockwise (our frame, y up). */
export function ccw(ring: Vec2[]): Vec2[] {
  return signedArea(ring) < 0 ? ring.slice().reverse() : ring;
}

/** |area| of a ring given in cm, in m². */
export function areaM2(ring: readonly Vec2[]): number {
  return Math.abs(signedArea(ring)) / 10_000;
}

/**
 * FML draws a wall from a line and a `balance`: 0.5 puts the line on the wall's centre, 0 and 1
 * on one face or the other. Checked on the real projects (220 walls off-centre): the wall lies on
 * the line's right (our frame, walking a → b) for balance 0, so the centre line is the line moved
 * by (0.5 − balance) × thickness along the right-hand normal.
 */
export function centreLine(a: Vec2, b: Vec2, thickness: number, balance: number): [Vec2, Vec2] {
  const shift = (0.5 - balance) * thickness;
  if (!shift) return [a, b];
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(length > 0)) return [a, b];
  const nx = (b[1] - a[1]) / length;
  const ny = -(b[0] - a[0]) / length;
  return [
    [a[0] + nx * shift, a[1] + ny * shift],
    [b[0] + nx * shift, b[1] + ny * shift],
  ];
}

export function quadratic(a: Vec2, c: Vec2, b: Vec2, t: number): Vec2 {
  const u = 1 - t;
  return [u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]];
}

/** How many straight pieces draw a curve smoothly: one per ~25 cm of chord, 4 to 32. */
export function curveSegments(a: Vec2, c: Vec2, b: Vec2): number {
  const around = Math.hypot(c[0] - a[0], c[1] - a[1]) + Math.hypot(b[0] - c[0], b[1] - c[1]);
  return Math.max(4, Math.min(32, Math.ceil(around / 25)));
}

/** The wall's centre line as a polyline: two points, or a curve sampled. */
export function wallPolyline(wall: { a: Vec2; b: Vec2; control?: Vec2 }): Vec2[] {
  if (!wall.control) return [wall.a, wall.b];
  const n = curveSegments(wall.a, wall.control, wall.b);
  const out: Vec2[] = [];
  for (let i = 0; i <= n; i++) out.push(quadratic(wall.a, wall.control, wall.b, i / n));
  return out;
}

export function polylineLength(line: readonly Vec2[]): number {
  let sum = 0;
  for (let i = 1; i < line.length; i++)
    sum += Math.hypot(line[i]![0] - line[i - 1]![0], line[i]![1] - line[i - 1]![1]);
  return sum;
}

/**
 * Each piece of a polyline that has a length: where it starts, its length and unit direction, and its
 * index `i` (piece i runs from point i - 1 to point i).
 */
function* pieces(line: readonly Vec2[]): Generator<{ a: Vec2; len: number; dir: Vec2; i: number }> {
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len > 0) yield { a, len, dir: [(b[0] - a[0]) / len, (b[1] - a[1]) / len], i };
  }
}

/** The point `offset` cm along a polyline, and the direction there (unit vector). */
export function alongPolyline(line: readonly Vec2[], offset: number): { point: Vec2; dir: Vec2 } {
  let left = Math.max(0, offset);
  for (const { a, len, dir, i } of pieces(line)) {
    if (left <= len || i === line.length - 1) {
      const t = Math.min(left, len);
      return { point: [a[0] + dir[0] * t, a[1] + dir[1] * t], dir };
    }
    left -= len;
  }
  const p = line[0] ?? [0, 0];
  return { point: p, dir: [1, 0] };
}

/**
 * Where `p` falls on a polyline: the distance along it to the nearest point, how far off it lies,
 * and the direction of the piece it falls on.
 */
export function projectOnPolyline(
  line: readonly Vec2[],
  p: Vec2,
): { offset: number; distance: number; beyond: number; dir: Vec2 } | undefined {
  let best: { offset: number; distance: number; beyond: number; dir: Vec2 } | undefined;
  let start = 0;
  for (const { a, len, dir, i } of pieces(line)) {
    const t = (p[0] - a[0]) * dir[0] + (p[1] - a[1]) * dir[1];
    const clamped = Math.min(Math.max(t, 0), len);
    const distance = Math.hypot(p[0] - (a[0] + dir[0] * clamped), p[1] - (a[1] + dir[1] * clamped));
    // how far past either end of the whole line the point lies (0 inside)
    const beyond = i === 1 && t < 0 ? -t : i === line.length - 1 && t > len ? t - len : 0;
    if (!best || distance < best.distance) best = { offset: start + clamped, distance, beyond, dir };
    start += len;
  }
  return best;
}

/** The four corners of a w × d rectangle centred on `centre`, turned `rotation` degrees (ccw). */
export function footprint(centre: Vec2, width: number, depth: number, rotation: number): Vec2[] {
  const r = (rotation * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const corner = (x: number, y: number): Vec2 => [
    centre[0] + x * cos - y * sin,
    centre[1] + x * sin + y * cos,
  ];
  const w = width / 2;
  const d = depth / 2;
  return [corner(-w, -d), corner(w, -d), corner(w, d), corner(-w, d)];
}
