/**
 * Floor plans for generated rooms, in the real sample's terms: `points` are wall centre-line corners
 * in centimetres, each wall joins two point indices, each area is a closed list of point indices.
 * Every plan is closed and counter-clockwise (interior to the left of each exterior wall a -> b).
 * Shapes vary so viewers meet more than rectangles: rectangle, L, cut corner (a diagonal wall),
 * a rectangle split in two areas by an interior wall, and an L split in two areas.
 */
import { between, intBetween, pick, type Random, round2 } from '../shared/random.ts';

export type Vec2 = [number, number];

/** Axis-aligned rectangle on wall centre lines: where furniture of an area may go (after insets). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface DraftWall {
  a: number;
  b: number;
  thickness: number;
  exterior: boolean;
  /** The area on the wall's left (inside) side. */
  area: string;
}

export interface DraftArea {
  name: string;
  indices: number[];
  /** The largest rectangle inside the area, used to place furniture and the camera. */
  rect: Rect;
}

export interface PlanDraft {
  kind: PlanKind;
  points: Vec2[];
  walls: DraftWall[];
  areas: DraftArea[];
}

export const PLAN_KINDS = ['rectangle', 'l-shape', 'cut-corner', 'split', 'l-split'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

const snap = (n: number) => Math.round(n / 5) * 5;

export function makePlan(random: Random, kind: PlanKind = pick(random, PLAN_KINDS)): PlanDraft {
  const ext = pick(random, [20, 24, 30]);
  const inner = 10;
  const W = snap(between(random, 380, 760));
  const D = snap(between(random, 300, 600));
  // The sample's coordinates sit anywhere on the drawing, not at the origin.
  const ox = round2(between(random, -400, 300));
  const oy = round2(between(random, -400, 300));
  const outer = (area: string) => ({ thickness: ext, exterior: true, area });
  let points: Vec2[];
  let walls: DraftWall[];
  let areas: DraftArea[];

  switch (kind) {
    case 'rectangle':
      points = [
        [0, 0],
        [W, 0],
        [W, D],
        [0, D],
      ];
      walls = ring(4).map(([a, b]) => ({ a, b, ...outer('area0') }));
      areas = [{ name: 'area0', indices: [0, 1, 2, 3], rect: { x0: 0, y0: 0, x1: W, y1: D } }];
      break;
    case 'l-shape': {
      const cw = snap(W * between(random, 0.3, 0.5));
      const cd = snap(D * between(random, 0.3, 0.5));
      points = [
        [0, 0],
        [W, 0],
        [W, D - cd],
        [W - cw, D - cd],
        [W - cw, D],
        [0, D],
      ];
      walls = ring(6).map(([a, b]) => ({ a, b, ...outer('area0') }));
      areas = [{ name: 'area0', indices: [0, 1, 2, 3, 4, 5], rect: { x0: 0, y0: 0, x1: W - cw, y1: D } }];
      break;
    }
    case 'cut-corner': {
      const c = snap(Math.min(W, D) * between(random, 0.25, 0.4));
      points = [
        [0, 0],
        [W, 0],
        [W, D - c],
        [W - c, D],
        [0, D],
      ];
      walls = ring(5).map(([a, b]) => ({ a, b, ...outer('area0') }));
      areas = [{ name: 'area0', indices: [0, 1, 2, 3, 4], rect: { x0: 0, y0: 0, x1: W - c, y1: D } }];
      break;
    }
    case 'split': {
      const w = snap(W * 1.3);
      const sx = snap(w * between(random, 0.45, 0.62));
      points = [
        [0, 0],
        [sx, 0],
        [w, 0],
        [w, D],
        [sx, D],
        [0, D],
      ];
      walls = [
        { a: 0, b: 1, ...outer('area0') },
        { a: 1, b: 2, ...outer('area1') },
        { a: 2, b: 3, ...outer('area1') },
        { a: 3, b: 4, ...outer('area1') },
        { a: 4, b: 5, ...outer('area0') },
        { a: 5, b: 0, ...outer('area0') },
        { a: 1, b: 4, thickness: inner, exterior: false, area: 'area0' },
      ];
      areas = [
        { name: 'area0', indices: [0, 1, 4, 5], rect: { x0: 0, y0: 0, x1: sx, y1: D } },
        { name: 'area1', indices: [1, 2, 3, 4], rect: { x0: sx, y0: 0, x1: w, y1: D } },
      ];
      break;
    }
    case 'l-split': {
      const w = snap(W * 1.3);
      const sx = snap(w * between(random, 0.5, 0.62));
      const d1 = snap(D * between(random, 0.55, 0.75));
      points = [
        [0, 0],
        [sx, 0],
        [w, 0],
        [w, d1],
        [sx, d1],
        [sx, D],
        [0, D],
      ];
      walls = [
        { a: 0, b: 1, ...outer('area0') },
        { a: 1, b: 2, ...outer('area1') },
        { a: 2, b: 3, ...outer('area1') },
        { a: 3, b: 4, ...outer('area1') },
        { a: 4, b: 5, ...outer('area0') },
        { a: 5, b: 6, ...outer('area0') },
        { a: 6, b: 0, ...outer('area0') },
        { a: 1, b: 4, thickness: inner, exterior: false, area: 'area0' },
      ];
      areas = [
        { name: 'area0', indices: [0, 1, 4, 5, 6], rect: { x0: 0, y0: 0, x1: sx, y1: D } },
        { name: 'area1', indices: [1, 2, 3, 4], rect: { x0: sx, y0: 0, x1: w, y1: d1 } },
      ];
      break;
    }
  }
  const shift = ([x, y]: Vec2): Vec2 => [round2(x + ox), round2(y + oy)];
  points = points.map(shift);
  for (const area of areas) {
    const [x0, y0] = shift([area.rect.x0, area.rect.y0]);
    const [x1, y1] = shift([area.rect.x1, area.rect.y1]);
    area.rect = { x0, y0, x1, y1 };
  }
  // A few rooms have slightly thinner walls between rooms than others (as in the sample: 10 / 17 / 30).
  if (intBetween(random, 0, 3) === 0) for (const wall of walls) if (wall.exterior) wall.thickness = 17;
  return { kind, points, walls, areas };
}

/** Pairs (0,1), (1,2) ... (n-1,0). */
function ring(n: number): [number, number][] {
  return Array.from({ length: n }, (_, i) => [i, (i + 1) % n] as [number, number]);
}
