/**
 * Quantities to quote a renovation from a plan: per area its floor area, the net area of the walls
 * around it (their length along the area times their height, minus the doors and windows in them),
 * its perimeter and its skirting length (the walled perimeter minus the door openings that reach the
 * floor), and the totals. What `<room-plan>` gives as `quantities`, for room models and FML designs
 * alike. Pure: no DOM. Metres and square metres, as the contract says (a page multiplies them by a price
 * per m² or per metre); the model itself, and formatArea() / formatLength(), work in cm and cm², so
 * `formatArea(q.floorArea * 10_000)` prints one.
 */
import { planGeometry } from './plan-geometry.js';
import { nearBoxes, type BoxSearch } from './near.js';
import type { AreaGeometry, PlanGeometry, RoomModel, Vec2, WallGeometry } from './types.js';

export interface AreaQuantities {
  /** The area's name in the model, and its own label when the model gives one (untrusted text). */
  name: string;
  label?: string;
  /** FML: `surface` for a raised floor piece (a balcony, a cupboard's top), else `area`. */
  kind: 'area' | 'surface';
  /** True for an area inside another: listed, but not added to the totals. */
  nested: boolean;
  /** Floor area, m² (the polygon's, as the plan labels it). */
  floorArea: number;
  /** The length of the outline, m. */
  perimeter: number;
  /** The part of the perimeter that runs along a wall, m. */
  wallLength: number;
  /** Wall area facing the area: wall length × each wall's height, minus doors and windows, m². */
  wallArea: number;
  /** What the doors and windows in those walls take off the wall area, m². */
  openingArea: number;
  /** Skirting: the walled perimeter minus the width of every opening that reaches the floor, m. */
  skirting: number;
  doors: number;
  windows: number;
}

export interface RoomQuantities {
  areas: AreaQuantities[];
  /** The sums over the areas that are not inside another (so nothing is counted twice). */
  totals: Pick<AreaQuantities, 'floorArea' | 'perimeter' | 'wallLength' | 'wallArea' | 'skirting'>;
}

/** How far (cm) an area's edge may lie from a wall's face and still run along it. */
const FACE_TOLERANCE = 3;
/** Largest angle between an edge and a wall that still counts as parallel (sine). */
const PARALLEL = Math.sin((2 * Math.PI) / 180);
/** How far (cm) from an edge a wall's centre line may run (half the thickest wall, and the tolerance). */
const NEAR = 100;
/** An opening whose bottom is below this (cm) reaches the floor (a door, a French window). */
const FLOOR_LEVEL = 5;
const CM_PER_M = 100;
const CM2_PER_M2 = 10_000;

interface Along {
  /** The edge's start and end projected onto the wall's line, cm from the wall's start. */
  from: number;
  to: number;
}

/** Where an area's edge runs along a wall (its projection onto the wall), or undefined. */
function alongWall(a: Vec2, b: Vec2, wall: WallGeometry): Along | undefined {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy);
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const edge = Math.hypot(ex, ey);
  if (length < 1e-6 || edge < 1e-6) return undefined;
  const ux = dx / length;
  const uy = dy / length;
  if (Math.abs(ux * ey - uy * ex) / edge > PARALLEL) return undefined;
  const reach = wall.thickness / 2 + FACE_TOLERANCE;
  // both ends within half the wall's thickness (and a little) of its centre line
  const across = (p: Vec2) => Math.abs(-uy * (p[0] - wall.start[0]) + ux * (p[1] - wall.start[1]));
  if (across(a) > reach || across(b) > reach) return undefined;
  const at = (p: Vec2) => ux * (p[0] - wall.start[0]) + uy * (p[1] - wall.start[1]);
  const from = Math.max(Math.min(at(a), at(b)), -reach);
  const to = Math.min(Math.max(at(a), at(b)), length + reach);
  return to - from > 1e-6 ? { from, to } : undefined;
}

function areaQuantities(
  area: AreaGeometry,
  walls: BoxSearch<WallGeometry>,
  heightOf: (wall: WallGeometry) => number,
  kind: AreaQuantities['kind'],
): AreaQuantities {
  const ring = area.polygon;
  let perimeter = 0;
  let wallLength = 0;
  let grossWall = 0;
  let openingArea = 0;
  let onFloor = 0;
  let doors = 0;
  let windows = 0;
  const counted = new Set<string>();
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const edge = Math.hypot(b[0] - a[0], b[1] - a[1]);
    perimeter += edge;
    // the parts of the edge that run along walls (collinear walls each take their part, no more than the edge)
    let walled = 0;
    // the walls near the edge only (a hostile plan of 30 000 walls must not be edges × walls)
    const near = walls.search({
      minX: Math.min(a[0], b[0]) - NEAR,
      minY: Math.min(a[1], b[1]) - NEAR,
      maxX: Math.max(a[0], b[0]) + NEAR,
      maxY: Math.max(a[1], b[1]) + NEAR,
    });
    for (const wall of near) {
      const along = alongWall(a, b, wall);
      if (!along) continue;
      const part = Math.min(along.to - along.from, edge - walled);
      if (part <= 0) break;
      walled += part;
      const height = heightOf(wall);
      grossWall += part * height;
      for (const opening of wall.openings) {
        const key = `${wall.name}|${opening.componentId}`;
        if (counted.has(key) || opening.offset < along.from || opening.offset > along.to) continue;
        counted.add(key);
        const bottom = Math.max(0, opening.bottom);
        const top = Math.min(height, opening.top);
        openingArea += Math.max(0, top - bottom) * opening.width;
        if (bottom < FLOOR_LEVEL) onFloor += opening.width;
        if (opening.kind === 'door') doors++;
        else if (opening.kind === 'window') windows++;
      }
    }
    wallLength += walled;
  }
  return {
    name: area.name,
    ...(area.label !== undefined ? { label: area.label } : {}),
    kind,
    nested: area.depth > 0,
    // measured in the model's cm, given in the contract's m and m²
    floorArea: area.area / CM2_PER_M2,
    perimeter: perimeter / CM_PER_M,
    wallLength: wallLength / CM_PER_M,
    wallArea: Math.max(0, grossWall - openingArea) / CM2_PER_M2,
    openingArea: openingArea / CM2_PER_M2,
    skirting: Math.max(0, wallLength - onFloor) / CM_PER_M,
    doors,
    windows,
  };
}

/**
 * The quantities of a room model (a room's, or an FML design's through fmlDesignToRoomModel()).
 * `plan` is the model's planGeometry() when the caller has it already.
 */
export function roomQuantities(model: RoomModel, plan: PlanGeometry = planGeometry(model)): RoomQuantities {
  const ownHeight = new Map(model.walls.map((w) => [w.name, w.height]));
  const heightOf = (wall: WallGeometry) => {
    const own = ownHeight.get(wall.name);
    return own !== undefined && Number.isFinite(own) && own > 0 ? own : model.height;
  };
  const kinds = new Map(model.areas.map((a) => [a.name, a.kind ?? 'area']));
  const index = nearBoxes(plan.walls, (w) => ({
    minX: Math.min(w.start[0], w.end[0]),
    minY: Math.min(w.start[1], w.end[1]),
    maxX: Math.max(w.start[0], w.end[0]),
    maxY: Math.max(w.start[1], w.end[1]),
  }));
  const areas = plan.areas.map((area) =>
    areaQuantities(area, index, heightOf, kinds.get(area.name) ?? 'area'),
  );
  const totals = { floorArea: 0, perimeter: 0, wallLength: 0, wallArea: 0, skirting: 0 };
  for (const area of areas) {
    if (area.nested) continue;
    totals.floorArea += area.floorArea;
    totals.perimeter += area.perimeter;
    totals.wallLength += area.wallLength;
    totals.wallArea += area.wallArea;
    totals.skirting += area.skirting;
  }
  return { areas, totals };
}
