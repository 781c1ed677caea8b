/**
 * The little of a floor plan the emulator needs to draw exports: walls, room polygons and cameras,
 * in centimetres with y pointing down (as FML stores them). Read from a real FML v3 JSON document
 * when the real samples are present, generated from the seed otherwise.
 */
import { createRandom } from '../../shared/random.ts';
import { homeFloor } from './demo-home.ts';

export interface Point {
  x: number;
  y: number;
}

export interface PlanWall {
  a: Point;
  b: Point;
  /** Control point of a curved wall (quadratic), as FML's `c`. */
  c?: Point | null;
  thickness: number;
  /** Doors and windows in the wall, as FML JSON writes them (the generated home's, and a real file's). */
  openings?: PlanOpening[];
  /** Thickness 0 in the document: a room divider (drawn 1 cm thick on the plan, no wall in a panorama). */
  divider?: boolean;
}

/** A door or window in FML JSON's own shape: `t` its centre along the wall (0..1), `z` its sill, cm. */
export interface PlanOpening {
  refid: string;
  t: number;
  type: 'door' | 'window';
  width: number;
  z_height: number;
  z: number;
  mirrored: [number, number];
  guid: string;
}

/** A furniture item in FML JSON's own shape (`height` is its depth on the plan, `z_height` its height). */
export interface PlanItem {
  refid: string;
  name?: string;
  x: number;
  y: number;
  z: number;
  width: number;
  height: number;
  z_height: number;
  rotation: number;
  guid: string;
  /** `#rrggbb` when the document gives the item a colour (the panorama export draws its box so). */
  color?: string;
}

export interface PlanArea {
  poly: Point[];
  /** CSS hex colour, e.g. #ffffff. */
  color: string;
  name?: string;
}

export interface PlanCamera {
  id: number;
  name: string;
  type: string;
  /** Where it stands and looks (FML frame, cm) and its field of view, when known. */
  pose?: { x: number; y: number; z: number; dx: number; dy: number; dz: number; fov: number };
}

export interface PlanDesign {
  id: number;
  name: string;
  /** When it was saved (the floor's times when unknown). */
  createdAt?: string;
  updatedAt?: string;
  walls: PlanWall[];
  areas: PlanArea[];
  cameras: PlanCamera[];
  /** Furniture and the staircase (the generated home's). */
  items?: PlanItem[];
}

export interface PlanFloor {
  id: number;
  name: string;
  level: number;
  /** Storey height in centimetres. */
  height: number;
  createdAt: string;
  updatedAt: string;
  designs: PlanDesign[];
  cameras: PlanCamera[];
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

const point = (v: unknown): Point | null => {
  if (!v || typeof v !== 'object') return null;
  const p = v as Record<string, unknown>;
  const x = num(p.x, NaN);
  const y = num(p.y, NaN);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null;
};

const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((e): e is Record<string, unknown> => !!e && typeof e === 'object') : [];

/**
 * A camera's pose as FML JSON writes it (x, y, z, dx, dy, dz, fov), when every member is a number: the
 * panorama export renders from there.
 */
function poseOf(c: Record<string, unknown>): PlanCamera['pose'] {
  const [x, y, z, dx, dy, dz] = ['x', 'y', 'z', 'dx', 'dy', 'dz'].map((k) => num(c[k], NaN));
  if (![x, y, z, dx, dy, dz].every(Number.isFinite)) return undefined;
  return { x: x!, y: y!, z: z!, dx: dx!, dy: dy!, dz: dz!, fov: num(c.fov, 60) };
}

/**
 * The cameras of a floor or a design. The real documents give the floor's cameras an id but not the
 * design's: those get `idBase + 1`, `idBase + 2`, … in their order (idBase: the design's id × 100), so
 * an export can name them as `camera_id` (docs/emulator-planning.md).
 */
function camerasOf(v: unknown, idBase: number): PlanCamera[] {
  return list(v).map((c, i) => {
    const pose = poseOf(c);
    return {
      id: Number.isSafeInteger(c.id) && (c.id as number) > 0 ? (c.id as number) : idBase + i + 1,
      name: String(c.name ?? ''),
      type: String(c.type_name ?? 'orbital'),
      ...(pose ? { pose } : {}),
    };
  });
}

/** A wall's doors and windows as FML JSON writes them (`t` along the wall, `z` sill, `z_height`), checked. */
function openingsOf(v: unknown): PlanOpening[] {
  return list(v).flatMap((o, i) => {
    const t = num(o.t, NaN);
    const width = num(o.width, NaN);
    if (!(t >= 0 && t <= 1 && width > 0)) return [];
    const type = o.type === 'window' ? 'window' : 'door';
    return [
      {
        refid: String(o.refid ?? ''),
        t,
        type,
        width,
        z_height: Math.max(0, num(o.z_height, type === 'door' ? 210 : 130)),
        z: Math.max(0, num(o.z, type === 'door' ? 0 : 90)),
        mirrored: [0, 0] as [number, number],
        guid: String(o.guid ?? `opening${i}`),
      },
    ];
  });
}

/**
 * A design's furniture items as FML JSON writes them (the panorama export draws them as boxes): those
 * with a place and a size; a `color` (`#rrggbb`) kept when the document gives one.
 */
function itemsOf(v: unknown): PlanItem[] {
  return list(v).flatMap((o, i) => {
    const [x, y, width, height] = [num(o.x, NaN), num(o.y, NaN), num(o.width, NaN), num(o.height, NaN)];
    if (![x, y].every(Number.isFinite) || !(width > 0 && height > 0)) return [];
    const color = typeof o.color === 'string' && /^#[0-9a-f]{6}$/i.test(o.color) ? o.color : undefined;
    return [
      {
        refid: String(o.refid ?? ''),
        ...(typeof o.name === 'string' ? { name: o.name } : {}),
        x,
        y,
        z: num(o.z, 0),
        width,
        height,
        z_height: Math.max(0, num(o.z_height, 0)),
        rotation: num(o.rotation, 0),
        guid: String(o.guid ?? `item${i}`),
        ...(color ? { color } : {}),
      },
    ];
  });
}

/** Floors of an FML v3 JSON project document (lenient: what is malformed is skipped). */
export function floorsFromFml(fml: unknown): PlanFloor[] {
  const doc = (fml && typeof fml === 'object' ? fml : {}) as Record<string, unknown>;
  return list(doc.floors).map((floor, index) => ({
    id: num(floor.id, index + 1),
    name: String(floor.name ?? `Floor ${index}`),
    level: num(floor.level, index),
    height: num(floor.height, 280),
    createdAt: String(floor.created_at ?? '2026-01-01T00:00:00.000Z'),
    updatedAt: String(floor.updated_at ?? '2026-01-01T00:00:00.000Z'),
    cameras: camerasOf(floor.cameras, num(floor.id, index + 1) * 100),
    designs: list(floor.designs).map((design, d) => {
      const id = num(design.id, (index + 1) * 100 + d);
      return {
        id,
        name: String(design.name ?? 'Design'),
        cameras: camerasOf(design.cameras, id * 100),
        walls: list(design.walls).flatMap((wall) => {
          const a = point(wall.a);
          const b = point(wall.b);
          if (!a || !b) return [];
          const openings = openingsOf(wall.openings);
          return [
            {
              a,
              b,
              c: point(wall.c),
              thickness: Math.max(1, num(wall.thickness, 20)),
              // thickness 0: a room divider, drawn on the plan, no wall to stand in a panorama
              ...(num(wall.thickness, 20) <= 0 ? { divider: true } : {}),
              ...(openings.length ? { openings } : {}),
            },
          ];
        }),
        areas: list(design.areas).flatMap((area) => {
          const poly = Array.isArray(area.poly) ? area.poly.map(point).filter((p): p is Point => !!p) : [];
          if (poly.length < 3) return [];
          const color =
            typeof area.color === 'string' && /^#[0-9a-f]{6}$/i.test(area.color) ? area.color : '#ffffff';
          return [{ poly, color, name: typeof area.name === 'string' ? area.name : undefined }];
        }),
        items: itemsOf(design.items),
      };
    }),
  }));
}

/** mulberry32: small, fast, deterministic (the emulators share one generator). */
export const rng = createRandom;

/**
 * The made-up home (demo-home.ts): one storey of a two-storey house with named rooms, doors and
 * windows, furniture, the staircase when there is a floor above or below (`storeys` > 1) and
 * walkthrough cameras. Deterministic for a seed.
 */
export function generatedDesign(
  id: number,
  name: string,
  seed: number,
  cameraId: number,
  level = 0,
  storeys = 1,
): PlanDesign {
  const home = homeFloor(level, storeys > 1, cameraId, rng(seed));
  return { id, name, ...home };
}

/** The points a wall passes through (a curved wall as 8 straight pieces). */
export function wallPath(wall: PlanWall): Point[] {
  if (!wall.c) return [wall.a, wall.b];
  const out: Point[] = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    const u = 1 - t;
    out.push({
      x: u * u * wall.a.x + 2 * u * t * wall.c.x + t * t * wall.b.x,
      y: u * u * wall.a.y + 2 * u * t * wall.c.y + t * t * wall.b.y,
    });
  }
  return out;
}

export function boundsOf(design: PlanDesign): Bounds {
  const b: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (p: Point, pad = 0) => {
    b.minX = Math.min(b.minX, p.x - pad);
    b.minY = Math.min(b.minY, p.y - pad);
    b.maxX = Math.max(b.maxX, p.x + pad);
    b.maxY = Math.max(b.maxY, p.y + pad);
  };
  for (const wall of design.walls) for (const p of wallPath(wall)) add(p, wall.thickness / 2);
  for (const area of design.areas) for (const p of area.poly) add(p);
  if (!Number.isFinite(b.minX)) return { minX: 0, minY: 0, maxX: 100, maxY: 100 };
  return b;
}

/** The four corners of a straight wall piece of the given thickness (a thick line as a polygon). */
export function segmentQuad(a: Point, b: Point, thickness: number): Point[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const nx = (-dy / len) * (thickness / 2);
  const ny = (dx / len) * (thickness / 2);
  // extend the ends by half the thickness so corners meet without notches
  const ex = (dx / len) * (thickness / 2);
  const ey = (dy / len) * (thickness / 2);
  return [
    { x: a.x - ex + nx, y: a.y - ey + ny },
    { x: b.x + ex + nx, y: b.y + ey + ny },
    { x: b.x + ex - nx, y: b.y + ey - ny },
    { x: a.x - ex - nx, y: a.y - ey - ny },
  ];
}
