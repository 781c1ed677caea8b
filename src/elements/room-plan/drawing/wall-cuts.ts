/**
 * Doors and windows as gaps in the walls, computed as geometry: each wall footprint minus the cuts
 * (a rectangle per opening, a little deeper than the wall) for its fill, and the parts of its outline
 * outside the cuts for its outline. This replaced an SVG `<mask>` referenced as `mask="url(#…)"`:
 * Blink's style cache kept every removed plan reachable through that reference (issue 22: ~1 770 DOM
 * nodes and 86 listeners per plan put on a page and taken off), whatever the mask's id.
 *
 * The picture is the mask's: the fill pieces of one wall go in one path (pieces that touch share an
 * edge run both ways, so no anti-aliasing seam shows), and the outline is open polylines that end on
 * the cut lines with butt caps, where the mask cut the stroke, under the opening's jamb line.
 */
import { signedArea } from '../../../model/polygon.js';
import type { Box } from '../../../model/spatial-index.js';
import type { Vec2, WallGeometry, WallOpening } from '../../../model/types.js';
import { pt } from './svg.js';

type Ring = readonly Vec2[];

/** How far (cm) a cut reaches past the wall's faces, so it takes the outline stroke with it. */
const CUT_MARGIN = 2;
/** Pieces and outline bits smaller than this (cm², cm) are rounding dust, not drawn. */
const DUST = 1e-6;

/** The quadrilateral cut out of `wall` for opening `o`, counter-clockwise (model frame, y up). */
export function cutQuad(wall: WallGeometry, o: WallOpening): Vec2[] {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy) || 1;
  const d: Vec2 = [dx / length, dy / length];
  const n: Vec2 = [-d[1], d[0]];
  const at = (along: number, across: number): Vec2 => [
    wall.start[0] + d[0] * along + n[0] * across,
    wall.start[1] + d[1] * along + n[1] * across,
  ];
  const half = wall.thickness / 2 + CUT_MARGIN;
  const a = o.offset - o.width / 2;
  const b = o.offset + o.width / 2;
  return [at(a, -half), at(b, -half), at(b, half), at(a, half)];
}

function boxOf(ring: Ring): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of ring) {
    if (x < box.minX) box.minX = x;
    if (y < box.minY) box.minY = y;
    if (x > box.maxX) box.maxX = x;
    if (y > box.maxY) box.maxY = y;
  }
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/**
 * The side of edge i of the counter-clockwise convex `cut` a point lies on: > 0 inside (left of the
 * edge), < 0 outside.
 */
function side(cut: Ring, i: number, p: Vec2): number {
  const [ax, ay] = cut[i]!;
  const [bx, by] = cut[(i + 1) % cut.length]!;
  return (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
}

/** Sutherland–Hodgman against one half-plane (`keep` is +1 for the inside of edge i, -1 for outside). */
function clipHalf(ring: Ring, cut: Ring, i: number, keep: 1 | -1): Vec2[] {
  const out: Vec2[] = [];
  for (let k = 0; k < ring.length; k++) {
    const p = ring[k]!;
    const q = ring[(k + 1) % ring.length]!;
    const sp = keep * side(cut, i, p);
    const sq = keep * side(cut, i, q);
    if (sp >= 0) out.push(p);
    if (sp >= 0 !== sq >= 0) {
      const t = sp / (sp - sq);
      out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
    }
  }
  return out;
}

/**
 * `ring` minus the convex `cut`, as pieces with the ring's winding: the part outside edge 1, then the
 * part inside edge 1 but outside edge 2, and so on (disjoint; what is inside every edge is the cut).
 */
function subtract(ring: Ring, cut: Ring): Vec2[][] {
  const pieces: Vec2[][] = [];
  let rest: Ring = ring;
  for (let i = 0; i < cut.length && rest.length >= 3; i++) {
    const outside = clipHalf(rest, cut, i, -1);
    if (outside.length >= 3 && Math.abs(signedArea(outside)) > DUST) pieces.push(outside);
    rest = clipHalf(rest, cut, i, 1);
  }
  return pieces;
}

/** The parameters (0..1) along p→q that lie inside the convex `cut` (Cyrus–Beck), if any. */
function insideSpan(p: Vec2, q: Vec2, cut: Ring): [number, number] | undefined {
  let t0 = 0;
  let t1 = 1;
  for (let i = 0; i < cut.length; i++) {
    const sp = side(cut, i, p);
    const sq = side(cut, i, q);
    if (sp < 0 && sq < 0) return undefined;
    if (sp < 0) t0 = Math.max(t0, sp / (sp - sq));
    else if (sq < 0) t1 = Math.min(t1, sp / (sp - sq));
    if (t0 >= t1) return undefined;
  }
  return [t0, t1];
}

/** The parts (parameter spans) of p→q outside every cut. */
function outsideSpans(p: Vec2, q: Vec2, cuts: readonly Ring[]): [number, number][] {
  const inside = cuts
    .map((cut) => insideSpan(p, q, cut))
    .filter((s): s is [number, number] => !!s)
    .sort((a, b) => a[0] - b[0]);
  const spans: [number, number][] = [];
  let from = 0;
  for (const [a, b] of inside) {
    if (a > from) spans.push([from, a]);
    from = Math.max(from, b);
  }
  if (from < 1) spans.push([from, 1]);
  const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
  return spans.filter(([a, b]) => (b - a) * length > DUST);
}

const lerp = (p: Vec2, q: Vec2, t: number): Vec2 =>
  t === 0 ? p : t === 1 ? q : [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];

/**
 * The outline of `ring` outside the cuts as open polylines, each continuing across the ring's corners
 * (so its joins are the closed outline's), starting where a cut ends.
 */
function outlineRuns(ring: Ring, cuts: readonly Ring[]): Vec2[][] | undefined {
  const n = ring.length;
  const spans = ring.map((p, k) => outsideSpans(p, ring[(k + 1) % n]!, cuts));
  if (spans.every((s) => s.length === 1 && s[0]![0] === 0 && s[0]![1] === 1)) return undefined;
  // start at an edge whose first kept span does not continue the previous edge's last one
  const continues = (k: number) => {
    const prev = spans[(k - 1 + n) % n]!;
    const first = spans[k]![0];
    return !!first && first[0] === 0 && prev.length > 0 && prev[prev.length - 1]![1] === 1;
  };
  let start = 0;
  while (start < n && continues(start)) start++;
  const runs: Vec2[][] = [];
  let run: Vec2[] | undefined;
  for (let j = 0; j < n; j++) {
    const k = (start + j) % n;
    const p = ring[k]!;
    const q = ring[(k + 1) % n]!;
    for (const [a, b] of spans[k]!) {
      if (!run || a > 0) {
        run = [lerp(p, q, a)];
        runs.push(run);
      }
      run.push(lerp(p, q, b));
      if (b < 1) run = undefined;
    }
    if (!spans[k]!.length) run = undefined;
  }
  return runs;
}

/** A wall as drawn: its fill path and its outline, with the openings' gaps left out. */
export interface WallShape {
  /** SVG path data of the fill (one closed subpath per piece). */
  fill: string;
  /** SVG path data of the outline: the closed footprint, or open subpaths where cuts cross it. */
  outline: string;
}

const pathOf = (rings: readonly Ring[], close: boolean) =>
  rings.map((ring) => `M${ring.map(pt).join('L')}${close ? 'Z' : ''}`).join('');

/** Every wall with the gaps of every opening (an opening near a join cuts the neighbouring wall too). */
export function wallShapes(walls: readonly WallGeometry[]): WallShape[] {
  const cuts = walls
    .flatMap((w) => w.openings.map((o) => cutQuad(w, o)))
    .filter((cut) => signedArea(cut) > DUST);
  const cutBoxes = cuts.map(boxOf);
  return walls.map((wall) => {
    const whole = pathOf([wall.polygon], true);
    const box = boxOf(wall.polygon);
    const near = cuts.filter((_, i) => overlaps(box, cutBoxes[i]!));
    if (!near.length) return { fill: whole, outline: whole };
    let pieces: Ring[] = [wall.polygon];
    for (const cut of near) pieces = pieces.flatMap((piece) => subtract(piece, cut));
    const runs = outlineRuns(wall.polygon, near);
    return { fill: pathOf(pieces, true), outline: runs ? pathOf(runs, false) : whole };
  });
}
