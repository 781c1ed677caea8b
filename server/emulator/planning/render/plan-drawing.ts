/**
 * A design turned into coloured polygons, once, so the PNG / JPEG rasteriser and the PDF writer draw
 * the same picture: the 2D plan (rooms, then walls), or a simple axonometric 3D view (floors, then
 * extruded walls far to near). Coordinates are in drawing units (centimetres for 2D), y down.
 */
import type { ExportView } from '../domain/export-rules.ts';
import { type Bounds, type PlanDesign, type Point, segmentQuad, wallPath } from '../domain/plan-geometry.ts';
import { hexToRgb, type Rgb, shade } from './raster.ts';

export interface Shape {
  points: Point[];
  color: Rgb;
}

export interface Drawing {
  shapes: Shape[];
  bounds: Bounds;
}

export interface Cell {
  x: number;
  y: number;
  w: number;
  h: number;
}

const PASTELS = ['#f4e1c1', '#cfe3f0', '#d8ecd0', '#f0d5d5', '#e6dcf2', '#f2ecc8'];
const WHITE: Rgb = [255, 255, 255];

function roomColour(colour: string, index: number, visuals: string): Rgb {
  if (visuals === 'BW') return WHITE;
  // the real documents mostly store white rooms; colour them so ALL / BWC look different from BW
  const c = colour.toLowerCase() === '#ffffff' ? PASTELS[index % PASTELS.length]! : colour;
  return hexToRgb(c);
}

function boundsOfShapes(shapes: Shape[]): Bounds {
  const b: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const s of shapes)
    for (const p of s.points) {
      b.minX = Math.min(b.minX, p.x);
      b.minY = Math.min(b.minY, p.y);
      b.maxX = Math.max(b.maxX, p.x);
      b.maxY = Math.max(b.maxY, p.y);
    }
  return Number.isFinite(b.minX) ? b : { minX: 0, minY: 0, maxX: 100, maxY: 100 };
}

function wallQuads(design: PlanDesign): Point[][] {
  const quads: Point[][] = [];
  for (const wall of design.walls) {
    const path = wallPath(wall);
    for (let i = 0; i + 1 < path.length; i++) quads.push(segmentQuad(path[i]!, path[i + 1]!, wall.thickness));
  }
  return quads;
}

/** The 2D plan: rooms in their colours (white for BW), walls on top. */
export function planDrawing2d(design: PlanDesign, visuals: 'ALL' | 'BW' | 'BWC' | null): Drawing {
  const mode = visuals ?? 'ALL';
  const wallColour: Rgb = mode === 'ALL' ? [64, 64, 64] : [0, 0, 0];
  const shapes: Shape[] = design.areas.map((area, i) => ({
    points: area.poly,
    color: roomColour(area.color, i, mode),
  }));
  for (const quad of wallQuads(design)) shapes.push({ points: quad, color: wallColour });
  return { shapes, bounds: boundsOfShapes(shapes) };
}

interface Camera3d {
  /** rotation of the plan (radians) so the viewer looks from screen-bottom */
  turn: number;
  /** elevation above the horizon (radians); 90° is straight down */
  elevation: number;
}

const deg = (d: number) => (d * Math.PI) / 180;

function cameraFor(view: ExportView, variant: 'left' | 'right' | undefined): Camera3d {
  // Plan y points south: a viewer in the south-east sits at +x,+y; turning by 45° puts them below.
  const corner: Record<string, number> = { se: 45, ne: 135, nw: 225, sw: -45 };
  switch (view.type) {
    case 'top':
      return { turn: 0, elevation: deg(90) };
    case 'tilted':
      return { turn: 0, elevation: deg(55) };
    case 'photo':
    case 'panorama':
    case 'stereo': {
      const base = view.camera_id ? view.camera_id % 360 : 30;
      const eye = variant === 'left' ? -4 : variant === 'right' ? 4 : 0;
      return { turn: deg(base + eye), elevation: deg(view.type === 'photo' ? 25 : 18) };
    }
    default:
      return { turn: deg(corner[view.type] ?? 45), elevation: deg(35) };
  }
}

/**
 * An axonometric view: floors at z = 0, walls raised to the storey height (cut at `section` when
 * given), wall tops in `wall_top_color`, painted far to near.
 */
export function planDrawing3d(
  design: PlanDesign,
  view: ExportView,
  storeyHeight: number,
  variant?: 'left' | 'right',
): Drawing {
  const { turn, elevation } = cameraFor(view, variant);
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const sinE = Math.sin(elevation);
  const cosE = Math.cos(elevation);
  const height = Math.max(1, Math.min(storeyHeight, view.section ?? Infinity));
  const rotate = (p: Point) => ({ x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos });
  const project = (p: Point, z: number): Point => {
    const r = rotate(p);
    return { x: r.x, y: r.y * sinE - z * cosE };
  };
  const top = hexToRgb(view.wall_top_color ?? '333333');
  const side: Rgb = [205, 200, 190];
  const shapes: Shape[] = design.areas.map((area, i) => ({
    points: area.poly.map((p) => project(p, 0)),
    color: roomColour(area.color, i, 'ALL'),
  }));
  const walls = wallQuads(design)
    .map((quad) => ({ quad, depth: quad.reduce((sum, p) => sum + rotate(p).y, 0) / quad.length }))
    .sort((a, b) => a.depth - b.depth);
  for (const { quad } of walls) {
    if (elevation < deg(89)) {
      const faces = quad.map((p, i) => {
        const q = quad[(i + 1) % quad.length]!;
        const depth = (rotate(p).y + rotate(q).y) / 2;
        const normal = rotate({ x: q.y - p.y, y: p.x - q.x });
        return {
          p,
          q,
          depth,
          light:
            0.75 +
            0.25 *
              Math.sign(normal.x || 1) *
              Math.min(1, Math.abs(normal.x) / (Math.hypot(normal.x, normal.y) || 1)),
        };
      });
      faces.sort((a, b) => a.depth - b.depth);
      for (const f of faces)
        shapes.push({
          points: [project(f.p, 0), project(f.q, 0), project(f.q, height), project(f.p, height)],
          color: shade(side, f.light),
        });
    }
    shapes.push({ points: quad.map((p) => project(p, height)), color: top });
  }
  return { shapes, bounds: boundsOfShapes(shapes) };
}

/**
 * Maps drawing units into a cell, centred. `unitsToCell` fixes the scale (a 1:N PDF); otherwise the
 * drawing is fitted with a small border.
 */
export function fitTransform(bounds: Bounds, cell: Cell, unitsToCell?: number): (p: Point) => Point {
  const bw = Math.max(1e-6, bounds.maxX - bounds.minX);
  const bh = Math.max(1e-6, bounds.maxY - bounds.minY);
  const scale = unitsToCell ?? Math.min((cell.w * 0.94) / bw, (cell.h * 0.94) / bh);
  const ox = cell.x + (cell.w - bw * scale) / 2 - bounds.minX * scale;
  const oy = cell.y + (cell.h - bh * scale) / 2 - bounds.minY * scale;
  return (p) => ({ x: ox + p.x * scale, y: oy + p.y * scale });
}

/** n cells in a near-square grid inside the content box. */
export function gridCells(n: number, box: Cell): Cell[] {
  const cols = Math.max(1, Math.ceil(Math.sqrt(n)));
  const rows = Math.max(1, Math.ceil(n / cols));
  const w = box.w / cols;
  const h = box.h / rows;
  return Array.from({ length: n }, (_, i) => ({
    x: box.x + (i % cols) * w,
    y: box.y + Math.floor(i / cols) * h,
    w,
    h,
  }));
}
