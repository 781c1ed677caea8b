/**
 * Small polygon helpers for plan geometry: signed area (shoelace), point in polygon, distance to an
 * outline, and the pole of inaccessibility (the interior point farthest from every edge, after
 * Mapbox's polylabel) so a label sits inside L-shaped and U-shaped rooms, not on their centroid.
 */
import type { Box } from './spatial-index.js';
import type { Vec2 } from './types.js';

/** Signed area (shoelace): positive when counter-clockwise with y up. */
export function signedArea(ring: readonly Vec2[]): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twice += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  }
  return twice / 2;
}

/** The ring counter-clockwise (y up). */
export function counterClockwise(ring: Vec2[]): Vec2[] {
  return signedArea(ring) < 0 ? ring.slice().reverse() : ring;
}

/** Even-odd test; points exactly on an edge may go either way. */
export function pointInRing(point: Vec2, ring: readonly Vec2[]): boolean {
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Signed distance from `point` to the polygon made of `rings` (first ring the outline, the others
 * holes): positive inside, negative outside.
 */
export function signedDistance(point: Vec2, rings: readonly (readonly Vec2[])[]): number {
  return signedDistanceAt(point[0], point[1], rings);
}

/**
 * signedDistance() of the point (px, py): the even-odd crossing and the nearest edge in one pass
 * over each ring, without making a point array per call (the label search makes about half a
 * million calls for 2 000 nested areas, and its time was mostly these; issue 35).
 */
function signedDistanceAt(
  px: number,
  py: number,
  rings: readonly (readonly Vec2[])[],
  boxes?: readonly Box[],
): number {
  let inside = false;
  let min = Infinity;
  for (let r = 0; r < rings.length; r++) {
    const ring = rings[r]!;
    const n = ring.length;
    if (!n) continue;
    const box = boxes?.[r];
    if (box) {
      // a ring whose box is farther than the nearest edge so far changes nothing: the point is
      // outside it (no crossing) and none of its edges is nearer (a hall with 2 000 rooms in it)
      const bx = Math.max(box.minX - px, 0, px - box.maxX);
      const by = Math.max(box.minY - py, 0, py - box.maxY);
      if (bx * bx + by * by >= min) continue;
    }
    let b = ring[n - 1]!;
    for (let i = 0; i < n; i++) {
      const a = ring[i]!;
      const ax = a[0];
      const ay = a[1];
      const bx = b[0];
      const by = b[1];
      if (ay > py !== by > py && px < ((bx - ax) * (py - ay)) / (by - ay) + ax) inside = !inside;
      // the squared distance to the segment a-b
      let x = ax;
      let y = ay;
      const dx = bx - ax;
      const dy = by - ay;
      if (dx !== 0 || dy !== 0) {
        const t = ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy);
        if (t > 1) {
          x = bx;
          y = by;
        } else if (t > 0) {
          x += dx * t;
          y += dy * t;
        }
      }
      const ex = px - x;
      const ey = py - y;
      const d = ex * ex + ey * ey;
      if (d < min) min = d;
      b = a;
    }
  }
  return (inside ? 1 : -1) * Math.sqrt(min);
}

/** A ring's bounding box (a loop, not Math.min(...xs): a ring of 200 000 points would overflow the stack). */
export function ringBox(ring: readonly Vec2[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of ring) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

interface Cell {
  x: number;
  y: number;
  half: number;
  d: number;
  max: number;
}

function cell(
  x: number,
  y: number,
  half: number,
  rings: readonly (readonly Vec2[])[],
  boxes?: readonly Box[],
): Cell {
  const d = signedDistanceAt(x, y, rings, boxes);
  return { x, y, half, d, max: d + half * Math.SQRT2 };
}

/** A max-heap of cells by their best possible distance. */
class CellHeap {
  #items: Cell[] = [];
  get size(): number {
    return this.#items.length;
  }
  push(item: Cell): void {
    const a = this.#items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent]!.max >= item.max) break;
      a[i] = a[parent]!;
      i = parent;
    }
    a[i] = item;
  }
  pop(): Cell | undefined {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        let mv = last.max;
        if (l < a.length && a[l]!.max > mv) {
          m = l;
          mv = a[l]!.max;
        }
        if (r < a.length && a[r]!.max > mv) m = r;
        if (m === i) break;
        a[i] = a[m]!;
        i = m;
      }
      a[i] = last;
    }
    return top;
  }
}

/**
 * The pole of inaccessibility of a polygon with holes, to within `precision` (same unit as the
 * coordinates). Falls back to the outline's centroid when the polygon is degenerate.
 * The search is bounded by `maxCells` so a pathological outline cannot stall the page.
 */
export function poleOfInaccessibility(
  rings: readonly (readonly Vec2[])[],
  precision = 1,
  maxCells = 4000,
): { point: Vec2; distance: number } {
  const outline = rings[0];
  if (!outline || outline.length < 3) return { point: outline?.[0] ?? [0, 0], distance: 0 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of outline) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const width = maxX - minX;
  const height = maxY - minY;
  // polylabel starts from square cells the size of the short side; a very long thin outline would
  // make millions of them, so the first grid is at most 64 cells along the long side.
  const size = Math.max(Math.min(width, height), Math.max(width, height) / 64);
  if (!(Math.min(width, height) > 0)) return { point: [(minX + maxX) / 2, (minY + maxY) / 2], distance: 0 };

  // with holes, each ring's box lets a distance test pass over the holes far from the point
  const boxes = rings.length > 1 ? rings.map(ringBox) : undefined;
  const queue = new CellHeap();
  const half = size / 2;
  for (let x = minX; x < maxX; x += size) {
    for (let y = minY; y < maxY; y += size) queue.push(cell(x + half, y + half, half, rings, boxes));
  }
  const c = centroid(outline);
  let best = cell(c[0], c[1], 0, rings, boxes);
  const boxCentre = cell(minX + width / 2, minY + height / 2, 0, rings, boxes);
  if (boxCentre.d > best.d) best = boxCentre;

  let processed = 0;
  while (queue.size && processed < maxCells) {
    const current = queue.pop()!;
    processed++;
    if (current.d > best.d) best = current;
    if (current.max - best.d <= precision) continue;
    const h = current.half / 2;
    queue.push(cell(current.x - h, current.y - h, h, rings, boxes));
    queue.push(cell(current.x + h, current.y - h, h, rings, boxes));
    queue.push(cell(current.x - h, current.y + h, h, rings, boxes));
    queue.push(cell(current.x + h, current.y + h, h, rings, boxes));
  }
  return { point: [best.x, best.y], distance: best.d };
}

/** Area centroid of a ring (vertex mean when the ring has no area). */
export function centroid(ring: readonly Vec2[]): Vec2 {
  let x = 0;
  let y = 0;
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!;
    const b = ring[i]!;
    const f = a[0] * b[1] - b[0] * a[1];
    x += (a[0] + b[0]) * f;
    y += (a[1] + b[1]) * f;
    twice += f;
  }
  if (Math.abs(twice) < 1e-9) {
    const n = ring.length || 1;
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [x / (3 * twice), y / (3 * twice)];
}
