/**
 * The generated panoramas: ONE procedural function of the 3D viewing direction (a furnished box room
 * seen from inside: planked floor, walls with skirting and corner shading, a window, a door, a picture,
 * a bookcase, a ceiling lamp), sampled through each cube face. Because every face samples the same
 * function, adjacent faces join without seams by construction.
 *
 * Face convention (it matches the real faces of panorama-18755-cube, see the edge-continuity test):
 * the horizontal cross seen from inside, side strip l, f, r, b from left to right, u above f, d below f.
 * Directions: x right, y up, z forward (the centre of f). For a pixel at s (left -1 .. right +1) and
 * t (top -1 .. bottom +1) of a face:
 *   f (s, -t, 1)   r (1, -t, -s)   b (-s, -t, -1)   l (-1, -t, s)   u (s, 1, t)   d (s, -1, -t)
 */
import { CUBE_FACES, type CubeFace, faceDirection } from '../shared/cube-faces.ts';
import { hashInts } from '../shared/random.ts';
import { mix, Raster, type Rgb, shade } from './raster.ts';

export const FACES = CUBE_FACES;
export type Face = CubeFace;

export interface SceneSpec {
  /** Room size in centimetres (x across, z forward) and wall height. */
  width: number;
  depth: number;
  height: number;
  /** Camera offset from the room centre (x, z) and eye height. */
  cameraX: number;
  cameraZ: number;
  eye: number;
  wall: Rgb;
  floor: Rgb;
  frame: Rgb;
  accent: Rgb;
  seed: number;
}

const SKY_TOP: Rgb = [120, 170, 230];
const SKY_LOW: Rgb = [205, 226, 245];
const GREEN: Rgb = [96, 140, 80];

// Soft darkening towards the room's edges (where two surfaces meet), and a thin line on the edge itself.
// Module-level functions: closures inside the per-pixel function cost a lot once bundled with keepNames.
function edge(d: number): number {
  return 1 - 0.22 * Math.exp(-Math.max(0, d) / 25);
}
function edgeLine(d: number): number {
  return d < 1.2 ? 0.55 : 1;
}

/** The colour seen in direction (x, y, z). */
export function sceneColour(spec: SceneSpec, x: number, y: number, z: number): Rgb {
  const hx0 = -spec.width / 2 - spec.cameraX;
  const hx1 = spec.width / 2 - spec.cameraX;
  const hz0 = -spec.depth / 2 - spec.cameraZ;
  const hz1 = spec.depth / 2 - spec.cameraZ;
  const floorY = -spec.eye;
  const ceilY = spec.height - spec.eye;
  const tx = x > 0 ? hx1 / x : x < 0 ? hx0 / x : Infinity;
  const ty = y > 0 ? ceilY / y : y < 0 ? floorY / y : Infinity;
  const tz = z > 0 ? hz1 / z : z < 0 ? hz0 / z : Infinity;
  const t = Math.min(tx, ty, tz);
  const px = x * t;
  const py = y * t;
  const pz = z * t;

  if (t === ty && y < 0) {
    // Floor: planks 18 cm wide along x, staggered joints, per-plank tone; a rug in the middle.
    const rugW = spec.width * 0.45;
    const rugD = spec.depth * 0.35;
    const rx = px + spec.cameraX;
    const rz = pz + spec.cameraZ;
    const ao = edge(Math.min(px - hx0, hx1 - px, pz - hz0, hz1 - pz));
    if (Math.abs(rx) < rugW / 2 && Math.abs(rz) < rugD / 2) {
      const border = Math.min(rugW / 2 - Math.abs(rx), rugD / 2 - Math.abs(rz)) < 12;
      return shade(border ? shade(spec.accent, 0.6) : spec.accent, ao);
    }
    const row = Math.floor(rz / 18);
    const along = rx + (hashInts(row) % 120);
    const joint = Math.abs(((along % 120) + 120) % 120) < 1.5 || ((rz % 18) + 18) % 18 < 0.9;
    const tone = 0.9 + (hashInts(spec.seed, row, Math.floor(along / 120)) % 20) / 100;
    return shade(spec.floor, (joint ? 0.72 : tone) * ao);
  }
  if (t === ty && y > 0) {
    // Ceiling with a round lamp above the room centre.
    const lx = px + spec.cameraX;
    const lz = pz + spec.cameraZ;
    const r = Math.hypot(lx, lz);
    if (r < 22) return r < 18 ? [255, 250, 232] : [200, 200, 200];
    const ao = edge(Math.min(px - hx0, hx1 - px, pz - hz0, hz1 - pz));
    return shade([246, 246, 244], ao * edgeLine(Math.min(px - hx0, hx1 - px, pz - hz0, hz1 - pz)));
  }

  // Walls. u runs along the wall (centred on the room), v is the height above the floor.
  const v = py - floorY;
  let u: number;
  let light: number;
  let wallName: 'front' | 'back' | 'left' | 'right';
  if (t === tz) {
    wallName = z > 0 ? 'front' : 'back';
    u = px + spec.cameraX;
    light = z > 0 ? 0.9 : 1;
  } else {
    wallName = x > 0 ? 'right' : 'left';
    u = pz + spec.cameraZ;
    light = 0.95;
  }
  const cornerDistance =
    wallName === 'front' || wallName === 'back' ? Math.min(px - hx0, hx1 - px) : Math.min(pz - hz0, hz1 - pz);
  const ao = edge(Math.min(cornerDistance, v, spec.height - v)) * edgeLine(cornerDistance);
  const frameWidth = 6;

  if (wallName === 'front') {
    // A window: sky over a green horizon, a frame and a cross of mullions.
    const w = Math.min(160, spec.width * 0.45);
    const bottom = 85;
    const top = Math.min(spec.height - 25, 225);
    if (Math.abs(u) < w / 2 + frameWidth && v > bottom - frameWidth && v < top + frameWidth) {
      const inside = Math.abs(u) < w / 2 && v > bottom && v < top;
      const mullion = Math.abs(u) < 2.5 || Math.abs(v - (bottom + (top - bottom) * 0.62)) < 2.5;
      if (!inside || mullion) return shade(spec.frame, light);
      const h = (v - bottom) / (top - bottom);
      return h < 0.25 ? mix(GREEN, SKY_LOW, h / 0.25) : mix(SKY_LOW, SKY_TOP, (h - 0.25) / 0.75);
    }
  } else if (wallName === 'left') {
    // A door.
    const centre = spec.depth * 0.2;
    if (Math.abs(u - centre) < 41 + frameWidth && v < 208 + frameWidth) {
      const inside = Math.abs(u - centre) < 41 && v < 208;
      if (!inside) return shade(spec.frame, light * 0.8);
      const handle = Math.hypot(u - (centre - 32), v - 105) < 3.5;
      if (handle) return [60, 60, 60];
      const panel = Math.abs(u - centre) < 32 && ((v > 20 && v < 95) || (v > 115 && v < 190));
      return shade(spec.frame, light * (panel ? 0.92 : 1.02));
    }
  } else if (wallName === 'right') {
    // A framed picture of three colour blocks.
    if (Math.abs(u) < 55 && v > 120 && v < 190) {
      if (Math.abs(u) > 51 || v < 124 || v > 186) return [40, 40, 40];
      return u < -17 ? [220, 120, 60] : u < 17 ? [240, 210, 90] : [70, 110, 170];
    }
  } else if (Math.abs(u) < Math.min(110, spec.width * 0.35) && v < 200) {
    // A bookcase on the back wall: shelves of coloured spines.
    const shelf = Math.floor(v / 40);
    const inShelf = v % 40;
    if (inShelf < 3 || v > 197) return shade([120, 84, 52], light * ao);
    const book = Math.floor((u + 200) / 4.5);
    const bookHeight = 26 + (hashInts(spec.seed, shelf, book) % 10);
    if (inShelf > bookHeight) return shade([90, 62, 40], light);
    const h = hashInts(book, shelf, 7);
    return shade([80 + (h % 150), 60 + ((h >> 8) % 140), 60 + ((h >> 16) % 140)], light);
  }
  if (v < 10) return shade([238, 236, 230], light * ao);
  if (v < 11) return shade([190, 190, 186], light);
  return shade(spec.wall, light * ao);
}

/** One cube face: one sample at each pixel centre (fast enough to make on request). */
export function renderFace(spec: SceneSpec, face: Face, size: number): Raster {
  const raster = new Raster(size, size);
  // direction = origin + s * across + t * down, the same mapping as faceDirection().
  const origin = faceDirection(face, 0, 0);
  const across = faceDirection(face, 1, 0).map((c, k) => c - origin[k]!);
  const down = faceDirection(face, 0, 1).map((c, k) => c - origin[k]!);
  const data = raster.data;
  for (let j = 0; j < size; j++) {
    const t = (2 * (j + 0.5)) / size - 1;
    for (let i = 0; i < size; i++) {
      const s = (2 * (i + 0.5)) / size - 1;
      const colour = sceneColour(
        spec,
        origin[0] + s * across[0]! + t * down[0]!,
        origin[1] + s * across[1]! + t * down[1]!,
        origin[2] + s * across[2]! + t * down[2]!,
      );
      const k = (j * size + i) * 4;
      data[k] = colour[0];
      data[k + 1] = colour[1];
      data[k + 2] = colour[2];
    }
  }
  return raster;
}

/** A perspective view of the same scene (the room's "photorealistic render"), 16:9. */
export function renderView(
  spec: SceneSpec,
  width: number,
  height: number,
  yawDegrees = 25,
  fovDegrees = 80,
): Raster {
  const raster = new Raster(width, height);
  const yaw = (yawDegrees * Math.PI) / 180;
  const f = Math.tan((fovDegrees * Math.PI) / 360);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const sx = ((2 * (i + 0.5)) / width - 1) * f;
      const sy = -((2 * (j + 0.5)) / height - 1) * f * (height / width) - 0.12;
      const x = sx * Math.cos(yaw) + Math.sin(yaw);
      const z = -sx * Math.sin(yaw) + Math.cos(yaw);
      raster.set(i, j, sceneColour(spec, x, sy, z));
    }
  }
  return raster;
}
