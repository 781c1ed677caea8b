/**
 * Whether a piece of furniture fits where it stands: the rule `replaceComponent()` refuses a swap by
 * (docs/configure-room.md, "Swap a piece"). Pure: plan geometry and footprints in, a verdict out.
 *
 * Everything is seen from above, in the model's frame (centimetres):
 * - a **wall** is its centre line thickened by half its thickness on each side (a rectangle);
 * - a **door's swing** is a quarter-disc: centred on the hinge jamb where it meets the wall face on the
 *   side the leaf opens to, as wide as the opening, from the closed leaf (along the wall, towards the
 *   other jamb) to the leaf opened square to the wall;
 * - a **neighbour** is another piece's bounding box turned by its rotation about the vertical (an
 *   oriented rectangle), counted only when its height range and the piece's overlap by more than
 *   TOLERANCE (a rug under a sofa does not count) and it does not stand on the piece (`parentId`).
 *
 * The piece's footprint crosses one of them when the two convex outlines overlap by more than TOLERANCE
 * (the penetration depth by the separating-axis test: how far one must move to clear the other). What
 * the piece standing there now already overlaps is not held against its replacement unless the
 * replacement goes deeper (a model drawn with a sofa 3 cm into its wall can still swap that sofa).
 * The first conflict found is the reason: walls (`collision`), then doors (`door`), then
 * neighbours (`overlap`).
 */
import type { ModelComponent, PlanGeometry, Vec2 } from '../../model/types.js';

/** How far (cm) a piece may reach into a wall, a door's swing or a neighbour: drawing slack, not a clash. */
export const TOLERANCE = 1;

/** Points of a door swing's arc (the quarter-disc is the hinge and these). */
const ARC_STEPS = 12;

export type FitReason = 'collision' | 'door' | 'overlap';

/** A piece's outline from above and its height range (cm, model frame). */
export interface Footprint {
  /** Convex, in order (either winding). */
  corners: Vec2[];
  bottom: number;
  top: number;
}

export type FitVerdict =
  | { fits: true }
  | {
      fits: false;
      reason: FitReason;
      /** The wall's name, the door's or the neighbour's component id. */
      against: string;
      /** How far (cm) the footprint reaches into it. */
      depth: number;
    };

/** An obstacle of the room, from above. */
interface Obstacle {
  reason: FitReason;
  id: string;
  outline: Vec2[];
  /** Neighbours only: their height range. */
  bottom?: number;
  top?: number;
  /** Neighbours only: the piece they stand on. */
  parentId?: string | null;
}

const finite = (n: number | undefined, fallback = 0) => (Number.isFinite(n) ? n! : fallback);

/** The corners of `component`'s bounding box from above, turned by its rotation about z and placed (model frame). */
export function footprintOf(
  component: Pick<ModelComponent, 'position' | 'rotation' | 'boundingBox'>,
): Footprint {
  const [min, max] = component.boundingBox;
  const [x0, x1] = [finite(min[0]), finite(max[0])].sort((a, b) => a - b) as [number, number];
  const [y0, y1] = [finite(min[1]), finite(max[1])].sort((a, b) => a - b) as [number, number];
  const [z0, z1] = [finite(min[2]), finite(max[2])].sort((a, b) => a - b) as [number, number];
  const angle = (finite(component.rotation[2]) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const [px, py, pz] = component.position.map((v) => finite(v)) as [number, number, number];
  const place = ([x, y]: Vec2): Vec2 => [px + x * cos - y * sin, py + x * sin + y * cos];
  return {
    corners: [place([x0, y0]), place([x1, y0]), place([x1, y1]), place([x0, y1])],
    bottom: pz + z0,
    top: pz + z1,
  };
}

/**
 * How deep two convex outlines overlap (cm): the least distance one must move to clear the other
 * (separating-axis test over both outlines' edge normals); 0 when they do not overlap.
 */
export function overlapDepth(a: readonly Vec2[], b: readonly Vec2[]): number {
  let least = Infinity;
  for (const outline of [a, b]) {
    for (let i = 0; i < outline.length; i++) {
      const p = outline[i]!;
      const q = outline[(i + 1) % outline.length]!;
      const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (!(length > 1e-9)) continue;
      const axis: Vec2 = [-(q[1] - p[1]) / length, (q[0] - p[0]) / length];
      const [aMin, aMax] = project(a, axis);
      const [bMin, bMax] = project(b, axis);
      const overlap = Math.min(aMax, bMax) - Math.max(aMin, bMin);
      if (overlap <= 0) return 0;
      least = Math.min(least, overlap);
    }
  }
  return Number.isFinite(least) ? least : 0;
}

function project(outline: readonly Vec2[], axis: Vec2): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const [x, y] of outline) {
    const d = x * axis[0] + y * axis[1];
    if (d < min) min = d;
    if (d > max) max = d;
  }
  return [min, max];
}

/** A wall from above: its centre line widened by half its thickness each side. */
export function wallOutline(start: Vec2, end: Vec2, thickness: number): Vec2[] {
  const length = Math.hypot(end[0] - start[0], end[1] - start[1]);
  if (!(length > 1e-9)) return [];
  const half = Math.max(0, finite(thickness)) / 2;
  const nx = (-(end[1] - start[1]) / length) * half;
  const ny = ((end[0] - start[0]) / length) * half;
  return [
    [start[0] + nx, start[1] + ny],
    [start[0] - nx, start[1] - ny],
    [end[0] - nx, end[1] - ny],
    [end[0] + nx, end[1] + ny],
  ];
}

/**
 * A door's swing from above (a quarter-disc as a convex polygon): the hinge on the wall face of the
 * side the leaf opens to, the leaf as long as the opening is wide, from closed (along the wall towards
 * the other jamb) to open square to the wall. Empty for a door that does not say which way it opens.
 */
export function doorSwing(
  start: Vec2,
  end: Vec2,
  thickness: number,
  door: { offset: number; width: number; swingSide?: 1 | -1; hinge?: 'start' | 'end' },
): Vec2[] {
  const length = Math.hypot(end[0] - start[0], end[1] - start[1]);
  if (!(length > 1e-9) || !door.swingSide || !(door.width > 0)) return [];
  const along: Vec2 = [(end[0] - start[0]) / length, (end[1] - start[1]) / length];
  // the wall's left side (counter-clockwise normal) is swingSide 1
  const into: Vec2 = [-along[1] * door.swingSide, along[0] * door.swingSide];
  const hingeAt = door.hinge === 'end' ? door.offset + door.width / 2 : door.offset - door.width / 2;
  const face = Math.max(0, finite(thickness)) / 2;
  const hinge: Vec2 = [
    start[0] + along[0] * hingeAt + into[0] * face,
    start[1] + along[1] * hingeAt + into[1] * face,
  ];
  // closed: towards the other jamb
  const closed: Vec2 = door.hinge === 'end' ? [-along[0], -along[1]] : along;
  const outline: Vec2[] = [hinge];
  for (let i = 0; i <= ARC_STEPS; i++) {
    const t = ((i / ARC_STEPS) * Math.PI) / 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    outline.push([
      hinge[0] + door.width * (closed[0] * c + into[0] * s),
      hinge[1] + door.width * (closed[1] * c + into[1] * s),
    ]);
  }
  return outline;
}

/** The room's walls, door swings and furniture as obstacles, in the order they are checked. */
function obstaclesOf(plan: PlanGeometry, components: readonly ModelComponent[]): Obstacle[] {
  const obstacles: Obstacle[] = [];
  for (const wall of plan.walls) {
    const outline = wallOutline(wall.start, wall.end, wall.thickness);
    if (outline.length) obstacles.push({ reason: 'collision', id: wall.name, outline });
  }
  for (const wall of plan.walls)
    for (const opening of wall.openings) {
      if (opening.kind !== 'door') continue;
      const outline = doorSwing(wall.start, wall.end, wall.thickness, opening);
      if (outline.length) obstacles.push({ reason: 'door', id: opening.componentId, outline });
    }
  for (const component of components) {
    if (component.kind !== 'furniture') continue;
    const { corners, bottom, top } = footprintOf(component);
    obstacles.push({
      reason: 'overlap',
      id: component.id,
      outline: corners,
      bottom,
      top,
      parentId: component.parentId,
    });
  }
  return obstacles;
}

/**
 * Whether `candidate` may stand where the piece `pieceId` stands now (`current`, its footprint, or
 * undefined for a new piece): the first wall, door swing or neighbour it reaches into by more than
 * TOLERANCE, and by more than `current` already does.
 */
export function checkFit(
  plan: PlanGeometry,
  components: readonly ModelComponent[],
  pieceId: string,
  candidate: Footprint,
  current?: Footprint,
): FitVerdict {
  for (const obstacle of obstaclesOf(plan, components)) {
    if (obstacle.reason === 'overlap') {
      if (obstacle.id === pieceId || obstacle.parentId === pieceId) continue;
      const shared = Math.min(candidate.top, obstacle.top!) - Math.max(candidate.bottom, obstacle.bottom!);
      if (!(shared > TOLERANCE)) continue;
    }
    const depth = overlapDepth(candidate.corners, obstacle.outline);
    if (!(depth > TOLERANCE)) continue;
    // what the piece standing there already reaches into may stay as deep
    const already = current ? overlapDepth(current.corners, obstacle.outline) : 0;
    if (depth <= already + TOLERANCE) continue;
    return { fits: false, reason: obstacle.reason, against: obstacle.id, depth };
  }
  return { fits: true };
}
