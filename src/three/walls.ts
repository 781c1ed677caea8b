/**
 * Walls: each wall's footprint (with the clean joins planGeometry computed) raised to the plan height,
 * cut into prisms around its openings: full-height pieces between openings, and under / over each
 * opening the parts below its bottom and above its top. The jambs of a door are the side faces of the
 * neighbouring pieces, so the hole is closed on every side without any CSG.
 *
 * The tops of pieces that reach the wall height go to a separate mesh: where the ceiling is hidden they
 * are the cut through the wall, drawn dark as plans draw walls. Ambient occlusion strips (shade.ts) are
 * made here too, from the same faces.
 */
import type { PlanGeometry, Vec2, WallGeometry } from '../model/types.js';
import { MeshData } from './mesh-data.js';
import { clipBetween, counterClockwise, triangulate } from './polygon.js';
import { ShadeData, shadeWallSide } from './shade.js';

/** Where a wall's extras go: its cut top, and its shade over the room and under the ceiling. */
export interface WallExtras {
  tops: MeshData;
  shade: ShadeData;
  ceilingShade: ShadeData;
  /** How far ceilings sit below the wall height (cm). */
  ceilingLift: number;
}

/** Appends a vertical prism of `polygon` from z0 to z1 (uvs in centimetres). */
export function addPrism(
  data: MeshData,
  polygon: readonly Vec2[],
  z0: number,
  z1: number,
  extras?: WallExtras,
  height = Infinity,
  sideOf?: (nx: number, ny: number) => string | undefined,
): void {
  const ring = counterClockwise(polygon);
  if (ring.length < 3 || !(z1 > z0)) return;
  const triangles = triangulate(ring);
  const top = extras && z1 >= height ? extras.tops : data;
  // the caps are no surface one can paint (the surfaces' tags, issue 37)
  data.mark(undefined);
  for (const [a, b, c] of triangles) {
    for (const i of [a!, b!, c!]) top.vertex(ring[i]![0], ring[i]![1], z1, 0, 0, 1, ring[i]![0], ring[i]![1]);
    for (const i of [a!, c!, b!])
      data.vertex(ring[i]![0], ring[i]![1], z0, 0, 0, -1, ring[i]![0], ring[i]![1]);
  }
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    const dx = q[0] - p[0];
    const dy = q[1] - p[1];
    const length = Math.hypot(dx, dy);
    if (length < 1e-6) continue;
    // outward normal of a counter-clockwise ring is the edge turned clockwise
    const nx = dy / length;
    const ny = -dx / length;
    data.mark(sideOf?.(nx, ny));
    const u0 = p[0] * (dx / length) + p[1] * (dy / length);
    const u1 = u0 + length;
    data.vertex(p[0], p[1], z0, nx, ny, 0, u0, z0);
    data.vertex(q[0], q[1], z0, nx, ny, 0, u1, z0);
    data.vertex(q[0], q[1], z1, nx, ny, 0, u1, z1);
    data.vertex(p[0], p[1], z0, nx, ny, 0, u0, z0);
    data.vertex(q[0], q[1], z1, nx, ny, 0, u1, z1);
    data.vertex(p[0], p[1], z1, nx, ny, 0, u0, z1);
    if (extras && (z0 <= 0 || z1 >= height))
      shadeWallSide(
        { room: extras.shade, ceiling: extras.ceilingShade },
        p,
        q,
        [nx, ny],
        z0,
        z1,
        height,
        extras.ceilingLift,
      );
  }
  data.mark(undefined);
}

/**
 * A wall's two long faces as surfaces: `wall:<id>:left` and `wall:<id>:right`, on your left and right
 * walking along the wall from its start to its end in the model (z up; left is the normal (−dy, dx)).
 * Ends and jambs (normals along the wall) belong to neither.
 */
export function wallSides(wall: WallGeometry, dir: Vec2): (nx: number, ny: number) => string | undefined {
  return (nx, ny) => {
    const across = -dir[1] * nx + dir[0] * ny;
    return across > 0.7 ? `wall:${wall.name}:left` : across < -0.7 ? `wall:${wall.name}:right` : undefined;
  };
}

/** Appends one wall with its openings cut out. */
export function addWall(data: MeshData, wall: WallGeometry, height: number, extras?: WallExtras): void {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy);
  if (!(length > 1e-6) || wall.polygon.length < 3 || !(height > 0)) return;
  const dir: Vec2 = [dx / length, dy / length];
  const sides = wallSides(wall, dir);
  // openings along the wall, clamped to it, sorted, overlapping ones dropped (cannot both be cut)
  const holes = wall.openings
    .map((o) => ({
      from: Math.max(0, o.offset - o.width / 2),
      to: Math.min(length, o.offset + o.width / 2),
      bottom: Math.max(0, Math.min(height, o.bottom)),
      top: Math.max(0, Math.min(height, o.top)),
    }))
    .filter(
      (h) => Number.isFinite(h.from + h.to + h.bottom + h.top) && h.to - h.from > 0.5 && h.top > h.bottom,
    )
    .sort((a, b) => a.from - b.from);
  let cursor = -Infinity;
  for (const hole of holes) {
    if (hole.from < cursor) continue;
    addPrism(
      data,
      clipBetween(wall.polygon, wall.start, dir, cursor, hole.from),
      0,
      height,
      extras,
      height,
      sides,
    );
    const span = clipBetween(wall.polygon, wall.start, dir, hole.from, hole.to);
    if (hole.bottom > 0) addPrism(data, span, 0, hole.bottom, extras, height, sides);
    if (hole.top < height) addPrism(data, span, hole.top, height, extras, height, sides);
    cursor = hole.to;
  }
  addPrism(
    data,
    clipBetween(wall.polygon, wall.start, dir, cursor, Infinity),
    0,
    height,
    extras,
    height,
    sides,
  );
}

export interface Walls extends WallExtras {
  /** Wall triangles grouped by material id ('' for walls without one). */
  byMaterial: Map<string, MeshData>;
}

export function buildWalls(plan: PlanGeometry, ceilingLift = 0): Walls {
  const walls: Walls = {
    byMaterial: new Map(),
    tops: new MeshData(),
    shade: new ShadeData(),
    ceilingShade: new ShadeData(),
    ceilingLift,
  };
  for (const wall of plan.walls) {
    const key = wall.material ?? '';
    let data = walls.byMaterial.get(key);
    if (!data) walls.byMaterial.set(key, (data = new MeshData()));
    addWall(data, wall, plan.height, walls);
  }
  return walls;
}
