/**
 * Component shapes, built in the component's own frame (centimetres, z up) into one BufferGeometry with
 * groups, so each group of identical components stays ONE InstancedMesh whatever its parts:
 * - furniture: a box with softened edges (a chamfer whose normals blend the two faces, so the edge shades
 *   like a rounded one; 30 triangles without the bottom, which stands on the floor) and, for pieces
 *   standing on the floor, a contact shadow around its foot (drawn with the `shade` material);
 * - doors: a leaf inside a frame (jambs and head), plain boxes;
 * - windows: a frame (with a mullion when wide) around a glass pane, plain boxes.
 * Triangles are few on purpose: under software WebGL each one costs (44-triangle frames on the real
 * sample's 21 doors and windows made orbiting visibly slower). The geometry is indexed (shared vertices
 * are shaded once).
 */
import { BufferGeometry, Float32BufferAttribute, Vector3 } from 'three';
import { mergeVertices } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { srgbToLinear } from './colour.js';

type V3 = [number, number, number];

export class ShapeBuilder {
  readonly positions: number[] = [];
  readonly normals: number[] = [];
  readonly uvs: number[] = [];
  readonly colours: number[] = [];
  readonly #groups: { start: number; count: number; material: number }[] = [];
  #groupStart = 0;

  get vertexCount(): number {
    return this.positions.length / 3;
  }

  /** Ends the current group: what was added since the last call is drawn with material `index`. */
  endGroup(material: number): void {
    const count = this.vertexCount - this.#groupStart;
    if (count > 0) this.#groups.push({ start: this.#groupStart, count, material });
    this.#groupStart = this.vertexCount;
  }

  /** A triangle with a normal (and multiplier) per vertex, wound to face the way its normals do. */
  triangle(
    points: [V3, V3, V3],
    normals: [V3, V3, V3],
    multipliers: [number, number, number] = [1, 1, 1],
  ): void {
    const [a, b, c] = points;
    const e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const cross = [
      e1[1]! * e2[2]! - e1[2]! * e2[1]!,
      e1[2]! * e2[0]! - e1[0]! * e2[2]!,
      e1[0]! * e2[1]! - e1[1]! * e2[0]!,
    ];
    if (Math.hypot(cross[0]!, cross[1]!, cross[2]!) < 1e-9) return;
    const n = normals[0].map((v, i) => v + normals[1][i]! + normals[2][i]!);
    const order = cross[0]! * n[0]! + cross[1]! * n[1]! + cross[2]! * n[2]! >= 0 ? [0, 1, 2] : [0, 2, 1];
    for (const i of order) {
      const p = points[i]!;
      const nn = normals[i]!;
      this.positions.push(p[0], p[1], p[2]);
      this.normals.push(nn[0], nn[1], nn[2]);
      // uvs in centimetres across the face the normal points out of (textures repeat per cm)
      const ax =
        Math.abs(nn[0]) >= Math.abs(nn[1]) && Math.abs(nn[0]) >= Math.abs(nn[2])
          ? 0
          : Math.abs(nn[1]) >= Math.abs(nn[2])
            ? 1
            : 2;
      this.uvs.push(p[ax === 0 ? 1 : 0], p[ax === 2 ? 1 : 2]);
      const m = srgbToLinear(Math.min(1, Math.max(0, multipliers[i]!)));
      this.colours.push(m, m, m);
    }
  }

  toGeometry(): BufferGeometry {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(this.positions, 3));
    geometry.setAttribute('normal', new Float32BufferAttribute(this.normals, 3));
    geometry.setAttribute('uv', new Float32BufferAttribute(this.uvs, 2));
    geometry.setAttribute('color', new Float32BufferAttribute(this.colours, 3));
    for (const g of this.#groups) geometry.addGroup(g.start, g.count, g.material);
    // identical vertices (corners shared by faces of one normal) shaded once; groups keep their ranges
    const indexed = mergeVertices(geometry);
    geometry.dispose();
    indexed.computeBoundingSphere();
    return indexed;
  }
}

const axisVector = (axis: number, sign: number): V3 => {
  const v: V3 = [0, 0, 0];
  v[axis] = sign;
  return v;
};

/**
 * A box from min to max with its edges chamfered by `radius`; the chamfer's vertices carry the normals
 * of the faces they join, so light turns smoothly round the edge.
 */
export function softBox(out: ShapeBuilder, min: V3, max: V3, radius: number, open = false): void {
  const c: V3 = [0, 1, 2].map((i) => (min[i]! + max[i]!) / 2) as V3;
  const h: V3 = [0, 1, 2].map((i) => Math.abs(max[i]! - min[i]!) / 2) as V3;
  const r = Math.max(0, Math.min(radius, 0.45 * Math.min(h[0], h[1], h[2])));
  const at = (p: V3): V3 => [c[0] + p[0], c[1] + p[1], c[2] + p[2]];
  /** The corner of face (axis a, sign s) towards signs `corner` on the other two axes. */
  const faceCorner = (a: number, s: number, corner: V3): V3 => {
    const p: V3 = [0, 0, 0];
    for (let i = 0; i < 3; i++) p[i] = i === a ? s * h[i]! : corner[i]! * (h[i]! - r);
    return at(p);
  };
  for (let a = 0; a < 3; a++)
    for (const s of [-1, 1]) {
      const [u, v] = [(a + 1) % 3, (a + 2) % 3];
      const corners: V3[] = [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ].map(([su, sv]) => {
        const k: V3 = [0, 0, 0];
        k[u] = su!;
        k[v] = sv!;
        return faceCorner(a, s, k);
      });
      // an open box has no bottom: it stands on the floor, nothing sees it
      if (open && a === 2 && s < 0) continue;
      const n = axisVector(a, s);
      out.triangle([corners[0]!, corners[1]!, corners[2]!], [n, n, n]);
      out.triangle([corners[0]!, corners[2]!, corners[3]!], [n, n, n]);
    }
  if (r <= 0) return;
  // edges: between face (a, sa) and face (b, sb), running along the third axis
  for (let a = 0; a < 3; a++)
    for (let b = a + 1; b < 3; b++) {
      const e = 3 - a - b;
      for (const sa of [-1, 1])
        for (const sb of [-1, 1]) {
          if (open && ((a === 2 && sa < 0) || (b === 2 && sb < 0))) continue;
          const na = axisVector(a, sa);
          const nb = axisVector(b, sb);
          const k = (se: number): V3 => {
            const v: V3 = [0, 0, 0];
            v[a] = sa;
            v[b] = sb;
            v[e] = se;
            return v;
          };
          const a0 = faceCorner(a, sa, k(-1));
          const a1 = faceCorner(a, sa, k(1));
          const b0 = faceCorner(b, sb, k(-1));
          const b1 = faceCorner(b, sb, k(1));
          out.triangle([a0, a1, b1], [na, na, nb]);
          out.triangle([a0, b1, b0], [na, nb, nb]);
        }
    }
  // corners: one triangle joining the three faces
  for (const sx of [-1, 1])
    for (const sy of [-1, 1])
      for (const sz of [-1, 1]) {
        if (open && sz < 0) continue;
        const k: V3 = [sx, sy, sz];
        out.triangle(
          [faceCorner(0, sx, k), faceCorner(1, sy, k), faceCorner(2, sz, k)],
          [axisVector(0, sx), axisVector(1, sy), axisVector(2, sz)],
        );
      }
}

/** Multiplier under a piece of furniture (mostly hidden by it) and how far the shadow spreads (cm). */
const CONTACT_DARK = 0.55;

/** A soft shadow on the floor around the rectangle [x0, x1] × [y0, y1] at height z, facing up. */
export function contactShadow(
  out: ShapeBuilder,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z: number,
): void {
  const spread = Math.max(4, Math.min(14, 0.25 * Math.min(x1 - x0, y1 - y0)));
  const xs = [x0 - spread, x0, x1, x1 + spread];
  const ys = [y0 - spread, y0, y1, y1 + spread];
  const up: V3 = [0, 0, 1];
  const m = (i: number, j: number) => (i >= 1 && i <= 2 && j >= 1 && j <= 2 ? CONTACT_DARK : 1);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      // the middle is under the piece itself
      if (i === 1 && j === 1) continue;
      const p = (ii: number, jj: number): V3 => [xs[ii]!, ys[jj]!, z];
      out.triangle(
        [p(i, j), p(i + 1, j), p(i + 1, j + 1)],
        [up, up, up],
        [m(i, j), m(i + 1, j), m(i + 1, j + 1)],
      );
      out.triangle(
        [p(i, j), p(i + 1, j + 1), p(i, j + 1)],
        [up, up, up],
        [m(i, j), m(i + 1, j + 1), m(i, j + 1)],
      );
    }
}

export interface OpeningFrame {
  min: V3;
  max: V3;
  /** The local axis through the wall (the box's thinnest side). */
  through: number;
  /** The local axis that stands up in the room, and which way is up along it. */
  up: number;
  upSign: number;
}

/** Door: jambs and head in `frame` (group 1), the leaf (group 0) inside them. */
export function doorShape(out: ShapeBuilder, o: OpeningFrame): void {
  const { min, max, through: t, up, upSign } = o;
  const side = 3 - t - up;
  const width = max[side]! - min[side]!;
  const f = Math.max(3, Math.min(8, 0.08 * width));
  const leaf = (p: V3, q: V3) => softBox(out, p, q, 0);
  const depth = Math.min(4, max[t]! - min[t]!);
  const mid = (min[t]! + max[t]!) / 2;
  const lmin = [...min] as V3;
  const lmax = [...max] as V3;
  lmin[t] = mid - depth / 2;
  lmax[t] = mid + depth / 2;
  lmin[side] += f;
  lmax[side] -= f;
  if (upSign > 0) lmax[up] -= f;
  else lmin[up] += f;
  leaf(lmin, lmax);
  out.endGroup(0);
  openingFrame(out, o, f, false);
  out.endGroup(1);
}

/** Window: frame (group 0) with a mullion when wide, glass (group 1) in the middle of its depth. */
export function windowShape(out: ShapeBuilder, o: OpeningFrame): void {
  const { min, max, through: t, up } = o;
  const side = 3 - t - up;
  const width = max[side]! - min[side]!;
  const height = max[up]! - min[up]!;
  const f = Math.max(3, Math.min(7, 0.08 * Math.min(width, height)));
  openingFrame(out, o, f, true);
  if (width > 120) {
    const bmin = [...min] as V3;
    const bmax = [...max] as V3;
    const centre = (min[side]! + max[side]!) / 2;
    bmin[side] = centre - f / 2;
    bmax[side] = centre + f / 2;
    bmin[up] += f;
    bmax[up] -= f;
    softBox(out, bmin, bmax, 0);
  }
  out.endGroup(0);
  const gmin = [...min] as V3;
  const gmax = [...max] as V3;
  const mid = (min[t]! + max[t]!) / 2;
  gmin[t] = mid - 0.5;
  gmax[t] = mid + 0.5;
  for (const axis of [side, up]) {
    gmin[axis] += f;
    gmax[axis] -= f;
  }
  softBox(out, gmin, gmax, 0);
  out.endGroup(1);
}

/** The bars round an opening (frame width f); doors have no bar at the bottom. */
function openingFrame(out: ShapeBuilder, o: OpeningFrame, f: number, bottom: boolean): void {
  const { min, max, through: t, up, upSign } = o;
  const side = 3 - t - up;
  const bar = (axis: number, from: number, to: number, across: number, lo: number, hi: number) => {
    const bmin = [...min] as V3;
    const bmax = [...max] as V3;
    bmin[axis] = from;
    bmax[axis] = to;
    bmin[across] = lo;
    bmax[across] = hi;
    // the frame stands a little proud of the leaf or glass on both sides
    bmin[t] = Math.min(min[t]!, (min[t]! + max[t]!) / 2 - 4);
    bmax[t] = Math.max(max[t]!, (min[t]! + max[t]!) / 2 + 4);
    softBox(out, bmin, bmax, 0);
  };
  // jambs, full height
  bar(side, min[side]!, min[side]! + f, up, min[up]!, max[up]!);
  bar(side, max[side]! - f, max[side]!, up, min[up]!, max[up]!);
  // head (and sill)
  const top = upSign > 0 ? max[up]! : min[up]!;
  const bottomEnd = upSign > 0 ? min[up]! : max[up]!;
  bar(
    up,
    Math.min(top, top - upSign * f),
    Math.max(top, top - upSign * f),
    side,
    min[side]! + f,
    max[side]! - f,
  );
  if (bottom)
    bar(
      up,
      Math.min(bottomEnd, bottomEnd + upSign * f),
      Math.max(bottomEnd, bottomEnd + upSign * f),
      side,
      min[side]! + f,
      max[side]! - f,
    );
}

/** Which local axis of a rotation stands up in the model (z), and which way. */
export function upAxis(rotate: (v: Vector3) => Vector3): { up: number; upSign: number } {
  let best = 2;
  let bestZ = 0;
  for (let i = 0; i < 3; i++) {
    const z = rotate(new Vector3(...axisVector(i, 1))).z;
    if (Math.abs(z) > Math.abs(bestZ)) {
      best = i;
      bestZ = z;
    }
  }
  return { up: best, upSign: bestZ >= 0 ? 1 : -1 };
}
