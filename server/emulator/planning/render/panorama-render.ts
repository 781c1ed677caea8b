/**
 * A `panorama` export view (Document 1, section 4.3; how the service returns one is "not shown"): six
 * cube faces seen from a camera standing in the design, as Document 3's panorama renders give them
 * (`r d l u b f`, docs/emulator-planning.md). A software ray caster, one ray per pixel, against the
 * floor (each room in its colour), the ceiling at the storey height, the walls as the thick boxes
 * they are, with their doors as holes to look through and their windows as glass, and the furniture as
 * boxes (panorama-furniture.ts). Flat colours, no
 * texture: real images of the plan from inside, not photoreal.
 *
 * Face convention (the one `<room-panorama>` and `<room-viewer>`'s toPanorama() share): seen from inside,
 * the side strip l, f, r, b from left to right, u above f, d below f; `f` looks up the plan (FML's -y)
 * and `r` along +x. For a pixel at s (left -1 .. right +1) and t (top -1 .. bottom +1) the direction,
 * x right, y up, z forward, is: f (s, -t, 1), r (1, -t, -s), b (-s, -t, -1), l (-1, -t, s), u (s, 1, t),
 * d (s, -1, -t).
 *
 * Cost: the side faces share one horizontal direction per column, so their wall hits are found once a
 * column; u and d test every wall side near enough per pixel. Six 512² faces of project 186997360's
 * ground floor (38 walls): 2.9 s on the 2-core machine at a load average of 24.
 */
import { CUBE_FACES, type CubeFace, faceDirection } from '../../shared/cube-faces.ts';
import type { PlanDesign, PlanItem, PlanWall, Point } from '../domain/plan-geometry.ts';
import { segmentQuad, wallPath } from '../domain/plan-geometry.ts';
import { hexToRgb, Raster, type Rgb, shade } from './raster.ts';
import {
  boxSpans,
  furnitureBoxes,
  hitBox,
  hitSpan,
  type Box,
  type PieceHit,
  type Span,
} from './panorama-furniture.ts';

/** The furniture a ray meets (panorama-furniture.ts), one record reused by every ray. */
const PIECE: PieceHit = { t: 0, colour: [0, 0, 0] };

export const PANORAMA_FACES = CUBE_FACES;
export type PanoramaFace = CubeFace;

/** Where the eye is, FML frame (cm, y down), z above the floor. */
export interface Eye {
  x: number;
  y: number;
  z: number;
}

const PASTELS = ['#f4e1c1', '#cfe3f0', '#d8ecd0', '#f0d5d5', '#e6dcf2', '#f2ecc8'];
const WALL: Rgb = [236, 231, 222];
const CEILING: Rgb = [247, 246, 243];
const GLASS: Rgb = [168, 200, 226];
const SKY: Rgb = [196, 222, 244];
const GROUND: Rgb = [150, 172, 128];

/** One side of a wall's box: a vertical face from a to b, with the wall's openings along it. */
interface Side {
  ax: number;
  ay: number;
  ex: number;
  ey: number;
  /** where a lies along the wall's centre line (cm from its start), and the side's length along it */
  along0: number;
  /** unit direction of the wall piece, to measure along it */
  ux: number;
  uy: number;
  pieceStart: Point;
  openings: { from: number; to: number; bottom: number; top: number; window: boolean }[];
  colour: Rgb;
}

interface Room {
  poly: Point[];
  colour: Rgb;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface PanoramaScene {
  sides: Side[];
  rooms: Room[];
  height: number;
  /** The design's furniture (boxes made for each eye: panorama-furniture.ts). */
  items: readonly PlanItem[];
}

const pathLength = (path: Point[]) =>
  path.reduce((sum, p, i) => (i ? sum + Math.hypot(p.x - path[i - 1]!.x, p.y - path[i - 1]!.y) : 0), 0);

function wallSides(wall: PlanWall, height: number): Side[] {
  const path = wallPath(wall);
  const length = pathLength(path);
  const openings = (wall.openings ?? []).map((o) => ({
    from: o.t * length - o.width / 2,
    to: o.t * length + o.width / 2,
    bottom: o.z,
    top: Math.min(height, o.z + o.z_height),
    window: o.type === 'window',
  }));
  const sides: Side[] = [];
  let along = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const p = path[i]!;
    const q = path[i + 1]!;
    const piece = Math.hypot(q.x - p.x, q.y - p.y);
    if (piece < 1e-6) continue;
    const quad = segmentQuad(p, q, wall.thickness);
    const ux = (q.x - p.x) / piece;
    const uy = (q.y - p.y) / piece;
    for (let k = 0; k < 4; k++) {
      const a = quad[k]!;
      const b = quad[(k + 1) % 4]!;
      // a light from the north-west: each side of the box its own shade, so corners read
      const nx = b.y - a.y;
      const ny = -(b.x - a.x);
      const n = Math.hypot(nx, ny) || 1;
      const light = 0.86 + 0.14 * ((-nx * 0.6 - ny * 0.8) / n);
      sides.push({
        ax: a.x,
        ay: a.y,
        ex: b.x - a.x,
        ey: b.y - a.y,
        along0: along,
        ux,
        uy,
        pieceStart: p,
        openings,
        colour: shade(WALL, light),
      });
    }
    along += piece;
  }
  return sides;
}

function roomColour(colour: string, index: number): Rgb {
  // the real documents mostly store white rooms: a pastel each, so rooms tell apart as in the 2D export
  return hexToRgb(colour.toLowerCase() === '#ffffff' ? PASTELS[index % PASTELS.length]! : colour);
}

/** The design as the ray caster reads it, walls `height` cm tall (the storey's). */
export function panoramaScene(design: PlanDesign, height: number): PanoramaScene {
  return {
    sides: design.walls.filter((w) => w.thickness > 0 && !w.divider).flatMap((w) => wallSides(w, height)),
    rooms: design.areas.map((area, i) => {
      const xs = area.poly.map((p) => p.x);
      const ys = area.poly.map((p) => p.y);
      return {
        poly: area.poly,
        colour: shade(roomColour(area.color, i), 0.93),
        minX: Math.min(...xs),
        minY: Math.min(...ys),
        maxX: Math.max(...xs),
        maxY: Math.max(...ys),
      };
    }),
    height,
    items: design.items ?? [],
  };
}

function inside(poly: Point[], x: number, y: number): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > y !== b.y > y && x < a.x + ((y - a.y) / (b.y - a.y)) * (b.x - a.x)) odd = !odd;
  }
  return odd;
}

function roomAt(scene: PanoramaScene, x: number, y: number): Room | undefined {
  for (const room of scene.rooms)
    if (x >= room.minX && x <= room.maxX && y >= room.minY && y <= room.maxY && inside(room.poly, x, y))
      return room;
  return undefined;
}

/** A wall side met along a horizontal direction: how far (per unit of that direction) and where along the wall. */
interface Hit {
  t: number;
  side: Side;
  along: number;
}

/** Every wall side the horizontal ray from the eye along (dx, dy) meets, nearest first. */
function hitsAlong(scene: PanoramaScene, eye: Eye, dx: number, dy: number, out: Hit[]): Hit[] {
  out.length = 0;
  for (const side of scene.sides) {
    const denom = dx * side.ey - dy * side.ex;
    if (Math.abs(denom) < 1e-12) continue;
    const wx = side.ax - eye.x;
    const wy = side.ay - eye.y;
    const t = (wx * side.ey - wy * side.ex) / denom;
    if (t <= 1e-6) continue;
    const u = (wx * dy - wy * dx) / denom;
    if (u < 0 || u > 1) continue;
    const hx = eye.x + dx * t - side.pieceStart.x;
    const hy = eye.y + dy * t - side.pieceStart.y;
    out.push({ t, side, along: side.along0 + hx * side.ux + hy * side.uy });
  }
  return out.sort((a, b) => a.t - b.t);
}

/**
 * The colour seen along (dx, dy, dz) (FML frame, z up), given the walls that direction meets.
 * The first wall side hit between the floor and the wall top stops the ray unless it is in a door.
 */
function shadeRay(
  scene: PanoramaScene,
  eye: Eye,
  dx: number,
  dy: number,
  dz: number,
  hits: Hit[],
  spans: Span[],
): Rgb {
  const tFloor = dz < 0 ? -eye.z / dz : Infinity;
  const tCeiling = dz > 0 ? (scene.height - eye.z) / dz : Infinity;
  const tPlane = Math.min(tFloor, tCeiling);
  // a piece of furniture nearer than the floor or the ceiling: walls nearer still hide it
  const piece = spans.length > 0 && hitSpan(spans, eye.z, dz, tPlane, PIECE);
  const limit = piece ? PIECE.t : tPlane;
  for (const hit of hits) {
    if (hit.t >= limit) break;
    const z = eye.z + dz * hit.t;
    if (z < 0 || z > scene.height) continue;
    const opening = hit.side.openings.find(
      (o) => hit.along >= o.from && hit.along <= o.to && z >= o.bottom && z <= o.top,
    );
    if (!opening) return hit.side.colour;
    if (opening.window) return GLASS;
  }
  if (piece) return PIECE.colour;
  if (!Number.isFinite(tPlane)) return SKY;
  const room = roomAt(scene, eye.x + dx * tPlane, eye.y + dy * tPlane);
  if (tFloor <= tCeiling) return room ? room.colour : GROUND;
  return room ? CEILING : SKY;
}

/** How far each wall side is from the eye on the plan (cm): a ray that reaches the floor sooner skips it. */
function sideDistances(scene: PanoramaScene, eye: Eye): Float64Array {
  return Float64Array.from(scene.sides, (side) => {
    const length2 = side.ex * side.ex + side.ey * side.ey || 1;
    const u = Math.max(0, Math.min(1, ((eye.x - side.ax) * side.ex + (eye.y - side.ay) * side.ey) / length2));
    return Math.hypot(side.ax + side.ex * u - eye.x, side.ay + side.ey * u - eye.y);
  });
}

/**
 * shadeRay for a ray whose horizontal part changes every pixel (u and d): the nearest wall side that
 * stops it, found without listing and sorting (a door lets the ray on whatever is behind it), and
 * skipping the sides further away on the plan than where it meets the floor or the ceiling.
 */
function shadeSteepRay(
  scene: PanoramaScene,
  eye: Eye,
  near: Float64Array,
  boxes: readonly Box[],
  dx: number,
  dy: number,
  dz: number,
): Rgb {
  const tFloor = dz < 0 ? -eye.z / dz : Infinity;
  const tCeiling = dz > 0 ? (scene.height - eye.z) / dz : Infinity;
  const tPlane = Math.min(tFloor, tCeiling);
  const reach = tPlane * Math.hypot(dx, dy);
  // the nearest piece of furniture first: a wall side nearer still hides it
  const piece = boxes.length > 0 && hitBox(boxes, eye.z, dx, dy, dz, tPlane, reach, PIECE);
  let best = piece ? PIECE.t : tPlane;
  let colour: Rgb | undefined = piece ? PIECE.colour : undefined;
  const { sides } = scene;
  for (let i = 0; i < sides.length; i++) {
    if (near[i]! > reach) continue;
    const side = sides[i]!;
    const denom = dx * side.ey - dy * side.ex;
    if (Math.abs(denom) < 1e-12) continue;
    const wx = side.ax - eye.x;
    const wy = side.ay - eye.y;
    const t = (wx * side.ey - wy * side.ex) / denom;
    if (t <= 1e-6 || t >= best) continue;
    const u = (wx * dy - wy * dx) / denom;
    if (u < 0 || u > 1) continue;
    const z = eye.z + dz * t;
    if (z < 0 || z > scene.height) continue;
    const along =
      side.along0 +
      (eye.x + dx * t - side.pieceStart.x) * side.ux +
      (eye.y + dy * t - side.pieceStart.y) * side.uy;
    const opening = side.openings.find(
      (o) => along >= o.from && along <= o.to && z >= o.bottom && z <= o.top,
    );
    if (opening && !opening.window) continue;
    best = t;
    colour = opening ? GLASS : side.colour;
  }
  if (colour) return colour;
  if (!Number.isFinite(tPlane)) return SKY;
  const room = roomAt(scene, eye.x + dx * tPlane, eye.y + dy * tPlane);
  if (tFloor <= tCeiling) return room ? room.colour : GROUND;
  return room ? CEILING : SKY;
}

/** One face, `size` pixels square. */
export function renderPanoramaFace(scene: PanoramaScene, eye: Eye, face: PanoramaFace, size: number): Raster {
  const raster = new Raster(size, size);
  const data = raster.data;
  const hits: Hit[] = [];
  const spans: Span[] = [];
  const boxes = furnitureBoxes(scene.items, eye);
  const side = face !== 'u' && face !== 'd';
  const near = side ? undefined : sideDistances(scene, eye);
  const put = (px: number, py: number, [r, g, b]: Rgb) => {
    const i = (py * size + px) * 4;
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
    data[i + 3] = 255;
  };
  for (let px = 0; px < size; px++) {
    const s = ((px + 0.5) / size) * 2 - 1;
    if (side) {
      // the horizontal part is the same down the whole column: the walls it meets are found once
      const [x, , z] = faceDirection(face, s, 0);
      hitsAlong(scene, eye, x, -z, hits);
      boxSpans(boxes, x, -z, spans);
    }
    for (let py = 0; py < size; py++) {
      const t = ((py + 0.5) / size) * 2 - 1;
      const [x, y, z] = faceDirection(face, s, t);
      // panorama frame (x right, y up, z forward = up the plan) to FML's (x right, y down the plan, z up)
      put(
        px,
        py,
        near ? shadeSteepRay(scene, eye, near, boxes, x, -z, y) : shadeRay(scene, eye, x, -z, y, hits, spans),
      );
    }
  }
  return raster;
}
