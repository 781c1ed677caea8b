/**
 * Plan geometry from a read model: wall footprints with clean joins, doors and windows placed in
 * their walls, area outlines with their floor area, a label point and their nesting depth, and the
 * bounds of it all. Pure: no DOM, no three.js. Coordinates stay in the model's frame (centimetres,
 * x right, y up seen from above); a renderer that draws with y down (SVG) flips y itself.
 */
import {
  pointInRing,
  poleOfInaccessibility,
  ringBox,
  signedArea,
  signedDistance,
  counterClockwise,
} from './polygon.js';
import type {
  AreaGeometry,
  ModelComponent,
  PlanGeometry,
  RoomModel,
  Vec2,
  WallGeometry,
  WallOpening,
} from './types.js';
import { nearBoxes, type Box, type BoxSearch } from './near.js';
import { wallFootprints } from './wall-joins.js';

/** How far (cm) an opening's position may lie beyond a wall's faces and still belong to it. */
const OPENING_TOLERANCE = 10;

export function planGeometry(model: RoomModel): PlanGeometry {
  const points = model.points;
  const walls: WallGeometry[] = [];
  const lines = model.walls
    .filter((w) => points[w.a] && points[w.b])
    .map((w) => ({ wall: w, start: points[w.a]!, end: points[w.b]!, thickness: w.thickness }));
  const footprints = wallFootprints(lines);
  lines.forEach((line, i) => {
    const geometry: WallGeometry = {
      name: line.wall.name,
      start: line.start,
      end: line.end,
      thickness: line.thickness,
      polygon: footprints[i]!,
      openings: [],
    };
    if (line.wall.material !== undefined) geometry.material = line.wall.material;
    walls.push(geometry);
  });

  const areas = areaGeometry(model);
  const unplacedOpenings: string[] = [];
  const lookup = wallLookup(walls, areas);
  for (const component of model.components) {
    if (component.kind === 'furniture') continue;
    const placed = placeOpening(component, lookup, model.height);
    if (!placed) unplacedOpenings.push(component.id);
  }
  for (const wall of walls) wall.openings.sort((a, b) => a.offset - b.offset);

  const result: PlanGeometry = { walls, areas, bounds: boundsOf(walls, areas), height: model.height };
  if (unplacedOpenings.length) result.unplacedOpenings = unplacedOpenings;
  return result;
}

function boundsOf(walls: WallGeometry[], areas: AreaGeometry[]): PlanGeometry['bounds'] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (ring: readonly Vec2[]) => {
    for (const [x, y] of ring) {
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  };
  walls.forEach((w) => add(w.polygon));
  areas.forEach((a) => add(a.polygon));
  if (minX > maxX) return { min: [0, 0], max: [0, 0] };
  return { min: [minX, minY], max: [maxX, maxY] };
}

// ---- areas -----------------------------------------------------------------------------------

function areaGeometry(model: RoomModel): AreaGeometry[] {
  const rings = model.areas.map((a) =>
    counterClockwise(a.indices.map((i) => model.points[i]!).filter(Boolean)),
  );
  const sizes = rings.map((ring) => Math.abs(signedArea(ring)));
  // An interior point per area (no holes yet) to test containment with.
  const boxes = rings.map(ringBox);
  // Labels need centimetres, not millimetres: the search stops at 1/40 of the area's short side.
  const precision = boxes.map((b) => Math.max(2, Math.min(b.maxX - b.minX, b.maxY - b.minY) / 40));
  // the label search runs on outlines of at most POLE_VERTICES vertices: each of its few thousand
  // distance tests costs a pass over every edge, and a label needs centimetres, not every vertex
  const coarse = rings.map((ring) => spread(ring, POLE_VERTICES));
  const inner = rings.map((_, i) => poleOfInaccessibility([coarse[i]!], precision[i]).point);

  // B lies in A when A is larger, B's interior point is inside A, and no vertex of B is more than
  // 1 cm outside A (nested areas in the sample share whole stretches of outline with their parent).
  // The vertices checked are at most CONTAINMENT_SAMPLES of B's, evenly spread: every vertex against
  // every edge made nested many-vertex areas quadratic (8 rings of 2 000 vertices: 10 s in a tab).
  const samples = rings.map((ring) => spread(ring, CONTAINMENT_SAMPLES));
  const contains = (a: number, b: number) =>
    pointInRing(inner[b]!, rings[a]!) && samples[b]!.every((p) => signedDistance(p, [rings[a]!]) >= -1);
  const { parents, depths } = nesting(sizes, boxes, contains);

  const children = new Map<number, number[]>();
  parents.forEach((parent, j) => {
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), j]);
  });
  return model.areas.map((area, i) => {
    const ring = rings[i]!;
    // The label goes where the area is not covered by the areas inside it, so an outer area's label
    // does not land on an inner one's; when the children leave no room, the plain pole is used.
    const holes = (children.get(i) ?? []).map((j) => coarse[j]!);
    let label = inner[i]!;
    if (holes.length) {
      const pole = poleOfInaccessibility([coarse[i]!, ...holes], precision[i]);
      if (pole.distance >= 25) label = pole.point;
    }
    const geometry: AreaGeometry = {
      name: area.name,
      polygon: ring,
      area: sizes[i]!,
      labelPoint: label,
      depth: depths[i]!,
    };
    if (area.label !== undefined) geometry.label = area.label;
    if (area.floorMaterial !== undefined) geometry.floorMaterial = area.floorMaterial;
    if (area.ceilingMaterial !== undefined) geometry.ceilingMaterial = area.ceilingMaterial;
    return geometry;
  });
}

/**
 * Each area's parent (the smallest area that contains it) and depth (how many areas contain it).
 * `contains(a, b)` is the outline test; it is asked only for an `a` larger than `b` whose box holds
 * b's box. The areas are visited from the largest down, and for each the larger ones from the
 * smallest up: the first that contains it is its parent, and the parent's own ancestors contain it
 * too (containment is transitive), so they are counted without another outline test. Testing every
 * larger area's outline made 2 000 nested squares take 3 s (issue 35); now the outline tests are
 * about one per area, plus one per container that is not an ancestor (areas that overlap without
 * nesting), and the rest is a scan of boxes in typed arrays (2 000 areas: 2 M box tests, a few ms;
 * the read caps areas at MODEL_LIMITS.areas).
 */
function nesting(
  sizes: readonly number[],
  boxes: readonly Box[],
  contains: (a: number, b: number) => boolean,
): { parents: (number | undefined)[]; depths: number[] } {
  const count = sizes.length;
  // by size, the largest first; among equal sizes (neither contains the other) the lower index first
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  // the boxes in that order, grown by the 1 cm the outline test allows
  const minX = Float64Array.from(order, (i) => boxes[i]!.minX - 1);
  const minY = Float64Array.from(order, (i) => boxes[i]!.minY - 1);
  const maxX = Float64Array.from(order, (i) => boxes[i]!.maxX + 1);
  const maxY = Float64Array.from(order, (i) => boxes[i]!.maxY + 1);
  const parent = new Int32Array(count).fill(-1);
  const depths: number[] = new Array<number>(count).fill(0);
  // ancestor[a] === b: a is an ancestor of b's parent (set once b's parent is known)
  const ancestor = new Int32Array(count).fill(-1);
  for (let rb = 0; rb < count; rb++) {
    const b = order[rb]!;
    const box = boxes[b]!;
    let depth = 0;
    for (let ra = rb - 1; ra >= 0; ra--) {
      if (box.minX < minX[ra]! || box.minY < minY[ra]! || box.maxX > maxX[ra]! || box.maxY > maxY[ra]!)
        continue;
      const a = order[ra]!;
      if (ancestor[a] === b) {
        depth++;
        continue;
      }
      if (!(sizes[a]! > sizes[b]!) || !contains(a, b)) continue;
      depth++;
      if (parent[b] === -1) {
        parent[b] = a;
        for (let up = parent[a]!; up !== -1; up = parent[up]!) ancestor[up] = b;
      }
    }
    depths[b] = depth;
  }
  return { parents: Array.from(parent, (p) => (p === -1 ? undefined : p)), depths };
}

/** How many of an area's vertices the containment test checks against a larger area's outline. */
const CONTAINMENT_SAMPLES = 24;
/** The most vertices of an outline the label search works with. */
const POLE_VERTICES = 128;

/** At most `count` of the ring's vertices, evenly spread along it (all of a smaller ring). */
function spread(ring: readonly Vec2[], count: number): readonly Vec2[] {
  if (ring.length <= count) return ring;
  const step = ring.length / count;
  return Array.from({ length: count }, (_, i) => ring[Math.floor(i * step)]!);
}

/** Walls by name and by place, and areas by name: each opening looks up a few, not all of them. */
interface WallLookup {
  byName: Map<string, WallGeometry>;
  near: BoxSearch<WallGeometry>;
  areas: Map<string, AreaGeometry>;
}

function wallLookup(walls: WallGeometry[], areas: AreaGeometry[]): WallLookup {
  const byName = new Map<string, WallGeometry>();
  for (const wall of walls) if (!byName.has(wall.name)) byName.set(wall.name, wall);
  const areaByName = new Map<string, AreaGeometry>();
  for (const area of areas) if (!areaByName.has(area.name)) areaByName.set(area.name, area);
  const near = nearBoxes(walls, (w) => {
    const slack = w.thickness / 2 + OPENING_TOLERANCE;
    return {
      minX: Math.min(w.start[0], w.end[0]) - slack,
      minY: Math.min(w.start[1], w.end[1]) - slack,
      maxX: Math.max(w.start[0], w.end[0]) + slack,
      maxY: Math.max(w.start[1], w.end[1]) + slack,
    };
  });
  return { byName, near, areas: areaByName };
}

// ---- openings --------------------------------------------------------------------------------

/** Where along `wall` the point falls (t in cm from start) and how far from the centre line. */
function project(wall: WallGeometry, p: Vec2): { t: number; distance: number; length: number } {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy);
  const t = ((p[0] - wall.start[0]) * dx + (p[1] - wall.start[1]) * dy) / length;
  const distance = Math.abs((p[0] - wall.start[0]) * dy - (p[1] - wall.start[1]) * dx) / length;
  return { t, distance, length };
}

function fits(wall: WallGeometry, p: Vec2): { t: number; distance: number; length: number } | undefined {
  const hit = project(wall, p);
  const slack = wall.thickness / 2 + OPENING_TOLERANCE;
  if (hit.distance > slack || hit.t < -slack || hit.t > hit.length + slack) return undefined;
  return hit;
}

/**
 * Puts a door / window into its wall. In the sample `parentID` is the wall's number: "8" is the
 * wall keyed `wall8`, and every opening's position lies on that wall's centre line. That is used
 * first (also a parentID that is the wall's whole key), checked against the position; otherwise
 * the position is projected onto the nearest wall whose footprint it lies in.
 */
function placeOpening(component: ModelComponent, lookup: WallLookup, wallHeight: number): boolean {
  const p: Vec2 = [component.position[0], component.position[1]];
  let wall: WallGeometry | undefined;
  let hit: ReturnType<typeof fits>;
  let assignedBy: WallOpening['assignedBy'] = 'parent';
  const parent = component.parentId;
  if (parent) {
    wall = lookup.byName.get(`wall${parent}`) ?? lookup.byName.get(parent);
    hit = wall && fits(wall, p);
    if (!hit) wall = undefined;
  }
  if (!wall) {
    assignedBy = 'nearest';
    const [x, y] = p;
    // walls are indexed by their box grown by the slack fits() allows, so a point query finds them all
    for (const candidate of lookup.near.search({ minX: x, minY: y, maxX: x, maxY: y })) {
      const h = fits(candidate, p);
      if (h && (!hit || h.distance < hit.distance)) {
        wall = candidate;
        hit = h;
      }
    }
  }
  if (!wall || !hit) return false;

  const [min, max] = component.boundingBox;
  let width = component.aperture?.width ?? max[0] - min[0];
  const height = component.aperture?.height ?? max[1] - min[1];
  if (!(width > 0)) width = Math.min(80, hit.length);
  // The sample places an opening's origin at its centre: doors 208 high sit at z 104.
  const z = component.position[2];
  const bottom = Math.max(0, z - height / 2);
  const top = Math.min(Math.max(z + height / 2, bottom), Math.max(wallHeight, bottom));
  width = Math.min(width, hit.length);
  const offset = Math.min(Math.max(hit.t, width / 2), hit.length - width / 2);

  const opening: WallOpening = {
    componentId: component.id,
    kind: component.kind === 'furniture' ? 'opening' : component.kind,
    offset,
    width,
    bottom,
    top,
    assignedBy,
  };
  if (component.configuration) opening.configuration = component.configuration;
  if (component.area) opening.area = component.area;
  if (component.kind === 'door') Object.assign(opening, doorSwing(component, wall, offset, lookup.areas));
  wall.openings.push(opening);
  return true;
}

/**
 * Which side a door opens to and where its hinges are. `configuration.open_direction` is "i"
 * (into the component's `area`) or "o" (away from it); the side of the wall that lies in that area
 * is found by testing a point just off each face. `open_side` "l"/"r": the hinges are on the left /
 * right of someone standing on the swing side facing the wall (a convention: the sample cannot tell).
 */
function doorSwing(
  component: ModelComponent,
  wall: WallGeometry,
  offset: number,
  areas: Map<string, AreaGeometry>,
): Pick<WallOpening, 'swingSide' | 'hinge'> {
  const config = component.configuration ?? {};
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy);
  const d: Vec2 = [dx / length, dy / length];
  const left: Vec2 = [-d[1], d[0]];
  const centre: Vec2 = [wall.start[0] + d[0] * offset, wall.start[1] + d[1] * offset];
  const reach = wall.thickness / 2 + 10;
  const area = component.area === undefined ? undefined : areas.get(component.area);
  let areaSide: 1 | -1 = 1;
  if (area) {
    const leftIn = pointInRing([centre[0] + left[0] * reach, centre[1] + left[1] * reach], area.polygon);
    const rightIn = pointInRing([centre[0] - left[0] * reach, centre[1] - left[1] * reach], area.polygon);
    if (rightIn && !leftIn) areaSide = -1;
  }
  const outward = String(config.open_direction ?? 'i')
    .toLowerCase()
    .startsWith('o');
  const swingSide: 1 | -1 = outward ? (-areaSide as 1 | -1) : areaSide;
  const onLeft = !String(config.open_side ?? 'l')
    .toLowerCase()
    .startsWith('r');
  // Facing the wall from the left side (+normal) you look along -normal; your left hand points to
  // the wall's end. From the right side it points to the start.
  const hinge: 'start' | 'end' = (swingSide === 1) === onLeft ? 'end' : 'start';
  return { swingSide, hinge };
}
