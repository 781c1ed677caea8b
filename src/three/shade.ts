/**
 * Ambient occlusion baked into geometry when the scene is built (no per-frame pass): soft dark strips on
 * the floor along the foot of every wall, on the wall just above the floor and just under the ceiling,
 * and on the ceiling along the walls. Where two walls meet, their strips overlap and the corner comes out
 * darker, as a corner does. The strips are drawn with the `shade` material, which multiplies what is
 * already on screen by the vertex colour (1: unchanged).
 */
import { BufferGeometry, Float32BufferAttribute } from 'three';
import { srgbToLinear } from './colour.js';

/** How far the shade reaches out from a wall over the floor or ceiling, and up or down a wall (cm). */
export const FLOOR_REACH = 22;
export const WALL_REACH = 16;
/** The strongest darkening at the foot of a wall (multiplier, as the eye sees it). */
const FLOOR_DARK = 0.74;
const WALL_DARK = 0.8;
const CEILING_DARK = 0.86;
/** Height the floor strips float at (above every nested floor: areas nest 4 mm per level). */
export const SHADE_LIFT = 2;

/** Triangles with a grey multiplier per vertex. */
export class ShadeData {
  readonly positions: number[] = [];
  readonly colours: number[] = [];

  get empty(): boolean {
    return this.positions.length === 0;
  }

  /** One vertex; `multiplier` is what the eye sees (sRGB), stored linear (the output is encoded again). */
  vertex(x: number, y: number, z: number, multiplier: number): void {
    const v = srgbToLinear(Math.min(1, Math.max(0, multiplier)));
    this.positions.push(x, y, z);
    this.colours.push(v, v, v);
  }

  /** A quad a b c d (counter-clockwise seen from where it faces) with a multiplier per corner. */
  quad(points: readonly (readonly [number, number, number, number])[]): void {
    const [a, b, c, d] = points as [
      readonly [number, number, number, number],
      readonly [number, number, number, number],
      readonly [number, number, number, number],
      readonly [number, number, number, number],
    ];
    for (const p of [a, b, c, a, c, d]) this.vertex(p[0], p[1], p[2], p[3]);
  }

  toGeometry(): BufferGeometry {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(this.positions, 3));
    geometry.setAttribute('color', new Float32BufferAttribute(this.colours, 3));
    geometry.computeBoundingSphere();
    return geometry;
  }
}

/** Darkening at fraction t (0 at the wall, 1 at the reach) of a strip whose strongest is `dark`. */
function falloff(dark: number, t: number): number {
  return 1 - (1 - dark) * (1 - t) * (1 - t);
}

/** Rows of a strip: 0, a third, the reach (the quadratic falloff in two linear pieces). */
const ROWS = [0, 0.35, 1];
/** Faces shorter than this (cm) get no shade. */
const MIN_FACE = 35;

/**
 * Shade for one side face of a wall piece, from p to q (model space, cm) with outward normal n, standing
 * from z0 to z1. `floor`: the piece stands on the floor; `ceiling`: it reaches the ceiling at `height`.
 */
export function shadeWallSide(
  out: { room: ShadeData; ceiling: ShadeData },
  p: readonly [number, number],
  q: readonly [number, number],
  n: readonly [number, number],
  z0: number,
  z1: number,
  height: number,
  ceilingLift: number,
): void {
  const along = (t: number, reach: number, z: number, m: number, point: readonly [number, number]) =>
    [point[0] + n[0] * t * reach, point[1] + n[1] * t * reach, z, m] as const;
  // Short faces (a wall's end, the jambs of an opening) get none: their shade would fall in doorways or
  // inside the next wall, and every triangle costs under software WebGL.
  if (Math.hypot(q[0] - p[0], q[1] - p[1]) < MIN_FACE) return;
  const off = 0.3; // a hair off the wall face
  const face = (point: readonly [number, number], z: number, m: number) =>
    [point[0] + n[0] * off, point[1] + n[1] * off, z, m] as const;
  if (z0 <= 0) {
    for (let i = 0; i + 1 < ROWS.length; i++) {
      const [t0, t1] = [ROWS[i]!, ROWS[i + 1]!];
      const [m0, m1] = [falloff(FLOOR_DARK, t0), falloff(FLOOR_DARK, t1)];
      out.room.quad([
        along(t0, FLOOR_REACH, SHADE_LIFT, m0, p),
        along(t1, FLOOR_REACH, SHADE_LIFT, m1, p),
        along(t1, FLOOR_REACH, SHADE_LIFT, m1, q),
        along(t0, FLOOR_REACH, SHADE_LIFT, m0, q),
      ]);
    }
    // up the wall: one quad, darkest at the floor
    const top = Math.min(WALL_REACH, z1);
    const w1 = falloff(WALL_DARK, top / WALL_REACH);
    out.room.quad([face(p, 0, WALL_DARK), face(q, 0, WALL_DARK), face(q, top, w1), face(p, top, w1)]);
  }
  if (z1 >= height && height > 0) {
    const zc = height - ceilingLift - 0.2;
    for (let i = 0; i + 1 < ROWS.length; i++) {
      const [t0, t1] = [ROWS[i]!, ROWS[i + 1]!];
      const [m0, m1] = [falloff(CEILING_DARK, t0), falloff(CEILING_DARK, t1)];
      out.ceiling.quad([
        along(t0, FLOOR_REACH, zc, m0, q),
        along(t1, FLOOR_REACH, zc, m1, q),
        along(t1, FLOOR_REACH, zc, m1, p),
        along(t0, FLOOR_REACH, zc, m0, p),
      ]);
    }
    // down the wall from the ceiling: one quad
    const low = Math.max(zc - WALL_REACH, z0);
    const m1 = falloff(CEILING_DARK, (zc - low) / WALL_REACH);
    out.ceiling.quad([
      face(p, low, m1),
      face(q, low, m1),
      face(q, zc, CEILING_DARK),
      face(p, zc, CEILING_DARK),
    ]);
  }
}
