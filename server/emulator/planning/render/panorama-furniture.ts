/**
 * The design's furniture in a `panorama` export (panorama-render.ts): each item a box, its footprint
 * (FML's `x`, `y` centre, `width` × `height` on the plan, turned `rotation` degrees as the kit's FML
 * reader turns it) from `z` up to `z + z_height`, in the item's own colour when the document gives one
 * (`color`, `#rrggbb`), else one neutral wood-grey. Its sides shaded by the light the walls have, its top
 * lighter. Plan symbols (no height) and a box the camera stands in are left out. FML frame, cm, y down.
 *
 * A ray meets a box by the slab test in the box's own frame. The side faces' rays share one horizontal
 * direction a column, so the plan part of the test is done once a column (boxSpans) and each pixel only
 * checks its height (hitSpan); the u and d faces test each box near enough per pixel (hitBox).
 */
import type { PlanItem } from '../domain/plan-geometry.ts';
import { hexToRgb, type Rgb, shade } from './raster.ts';

/** The furniture's colour where the document gives none: a warm grey, unlike walls, floors and ceiling. */
export const FURNITURE: Rgb = [150, 128, 108];
/** At most this many boxes a design (a real plan has tens): the render's time stays bounded. */
export const MAX_BOXES = 400;

export interface Box {
  cx: number;
  cy: number;
  cos: number;
  sin: number;
  /** half its width (along its own x) and depth (along its own y) */
  hw: number;
  hd: number;
  z0: number;
  z1: number;
  /** its two sides along each own axis, its top, its bottom */
  sides: { x: Rgb; y: Rgb; top: Rgb; bottom: Rgb };
  /** the sides' shades by which way they face (own -x, +x, -y, +y) */
  faces: [Rgb, Rgb, Rgb, Rgb];
  /** the eye in the box's own frame, and how far the box's nearest corner can be from it on the plan */
  ox: number;
  oy: number;
  far: number;
}

/** A light from the north-west, as the walls have it: a side facing (nx, ny) (unit) gets this share. */
const light = (nx: number, ny: number) => 0.86 + 0.14 * (-nx * 0.6 - ny * 0.8);

function colourOf(item: PlanItem): Rgb {
  const colour = item.color;
  return typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour) ? hexToRgb(colour) : FURNITURE;
}

/** The design's items as boxes seen from `eye` (at most MAX_BOXES), leaving out flat symbols and any the eye stands in. */
export function furnitureBoxes(
  items: readonly PlanItem[] | undefined,
  eye: { x: number; y: number; z: number },
): Box[] {
  const boxes: Box[] = [];
  for (const item of items ?? []) {
    if (boxes.length >= MAX_BOXES) break;
    const { x, y, width, height: depth, z_height: tall } = item;
    const z = Number.isFinite(item.z) ? item.z : 0;
    if (![x, y, width, depth, tall].every(Number.isFinite) || !(width > 0 && depth > 0 && tall > 0)) continue;
    const r = ((Number.isFinite(item.rotation) ? item.rotation : 0) * Math.PI) / 180;
    const cos = Math.cos(r);
    const sin = Math.sin(r);
    const hw = width / 2;
    const hd = depth / 2;
    // the eye in the box's frame: a camera standing in a piece sees past it
    const ox = (eye.x - x) * cos + (eye.y - y) * sin;
    const oy = -(eye.x - x) * sin + (eye.y - y) * cos;
    if (Math.abs(ox) <= hw && Math.abs(oy) <= hd && eye.z >= z && eye.z <= z + tall) continue;
    const base = colourOf(item);
    boxes.push({
      cx: x,
      cy: y,
      cos,
      sin,
      hw,
      hd,
      z0: z,
      z1: z + tall,
      sides: { x: base, y: base, top: shade(base, 1.08), bottom: shade(base, 0.7) },
      faces: [
        shade(base, light(-cos, -sin)),
        shade(base, light(cos, sin)),
        shade(base, light(sin, -cos)),
        shade(base, light(-sin, cos)),
      ],
      ox,
      oy,
      far: Math.hypot(x - eye.x, y - eye.y) - Math.hypot(hw, hd),
    });
  }
  return boxes;
}

/** Where a horizontal direction crosses a box's footprint: [t0, t1] along it and the side it enters by. */
export interface Span {
  box: Box;
  t0: number;
  t1: number;
  side: number;
}

/** A ray's nearest piece: how far along it (t) and the colour of the face it meets. Reused, never kept. */
export interface PieceHit {
  t: number;
  colour: Rgb;
}

/**
 * The slab test on the plan for the ray from the eye along (dx, dy) (unnormalised; t in its units), into
 * `out`: the range of t inside the footprint and which side (0..3: own -x, +x, -y, +y) it enters
 * through. False when the ray misses it.
 */
function planSlab(box: Box, dx: number, dy: number, out: Span): boolean {
  const { ox, oy } = box;
  const lx = dx * box.cos + dy * box.sin;
  const ly = -dx * box.sin + dy * box.cos;
  let t0 = -Infinity;
  let t1 = Infinity;
  let side = -1;
  if (Math.abs(lx) < 1e-12) {
    if (Math.abs(ox) > box.hw) return false;
  } else {
    const a = (-box.hw - ox) / lx;
    const b = (box.hw - ox) / lx;
    const near = a < b ? a : b;
    const far = a < b ? b : a;
    if (near > t0) [t0, side] = [near, lx > 0 ? 0 : 1];
    if (far < t1) t1 = far;
  }
  if (Math.abs(ly) < 1e-12) {
    if (Math.abs(oy) > box.hd) return false;
  } else {
    const a = (-box.hd - oy) / ly;
    const b = (box.hd - oy) / ly;
    const near = a < b ? a : b;
    const far = a < b ? b : a;
    if (near > t0) [t0, side] = [near, ly > 0 ? 2 : 3];
    if (far < t1) t1 = far;
  }
  if (t0 > t1 || t1 <= 0) return false;
  out.box = box;
  out.t0 = t0;
  out.t1 = t1;
  out.side = side;
  return true;
}

/** The footprints a side face's column crosses (its rays' shared horizontal direction), nearest first. */
export function boxSpans(boxes: readonly Box[], dx: number, dy: number, out: Span[]): Span[] {
  out.length = 0;
  for (const box of boxes) {
    const span: Span = { box, t0: 0, t1: 0, side: 0 };
    if (planSlab(box, dx, dy, span)) out.push(span);
  }
  return out.sort((a, b) => a.t0 - b.t0);
}

/** The height part of the slab test, given the plan part: where the ray enters the box, if before `out.t`. */
function heightSlab(span: Span, ez: number, dz: number, out: PieceHit): boolean {
  const { box } = span;
  let t0 = span.t0;
  let t1 = span.t1;
  let colour = box.faces[span.side] ?? box.sides.x;
  if (Math.abs(dz) < 1e-12) {
    if (ez < box.z0 || ez > box.z1) return false;
  } else {
    const a = (box.z0 - ez) / dz;
    const b = (box.z1 - ez) / dz;
    const near = a < b ? a : b;
    const far = a < b ? b : a;
    if (near > t0) {
      t0 = near;
      colour = dz < 0 ? box.sides.top : box.sides.bottom;
    }
    if (far < t1) t1 = far;
  }
  if (t0 > t1 || t0 <= 1e-6 || t0 >= out.t) return false;
  out.t = t0;
  out.colour = colour;
  return true;
}

/**
 * The nearest box a side face's ray meets before `limit`, given its column's spans: true with `out` set
 * to where and its colour.
 */
export function hitSpan(
  spans: readonly Span[],
  ez: number,
  dz: number,
  limit: number,
  out: PieceHit,
): boolean {
  out.t = limit;
  let hit = false;
  for (const span of spans) {
    if (span.t0 >= out.t) break;
    if (heightSlab(span, ez, dz, out)) hit = true;
  }
  return hit;
}

const scratch: Span = { box: undefined as unknown as Box, t0: 0, t1: 0, side: 0 };

/**
 * The nearest box a steep ray (u and d faces) meets before `limit`, skipping boxes further on the plan
 * than `reach` (where the ray meets the floor or the ceiling) and boxes wholly on the other side of the
 * eye's height: true with `out` set.
 */
export function hitBox(
  boxes: readonly Box[],
  ez: number,
  dx: number,
  dy: number,
  dz: number,
  limit: number,
  reach: number,
  out: PieceHit,
): boolean {
  out.t = limit;
  let hit = false;
  for (const box of boxes) {
    if ((dz > 0 && box.z1 <= ez) || (dz < 0 && box.z0 >= ez) || box.far > reach) continue;
    if (!planSlab(box, dx, dy, scratch) || scratch.t0 >= out.t) continue;
    if (heightSlab(scratch, ez, dz, out)) hit = true;
  }
  return hit;
}
