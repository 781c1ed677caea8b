/**
 * The bridge from one FML design to the RoomModel that planGeometry(), <room-plan> and
 * <room-viewer> already draw: walls (a curved wall as straight pieces), doors and windows as
 * architectural components on their wall (so planGeometry places them, with the swing the FML
 * says), areas and surfaces with their names and colours (a material per colour, so the 3D floor
 * takes it), items as furniture boxes, and the plan's labels, dimension lines, drawn lines and
 * stairs in the RoomModel's FML-only members. Same frame and units on both sides (cm, y up).
 */
import type {
  ModelArea,
  ModelComponent,
  ModelMaterial,
  ModelProblem,
  ModelWall,
  RoomModel,
  Vec2,
  Vec3,
} from '../types.js';
import { alongPolyline, polylineLength, wallPolyline } from './fml-geometry.js';
import type { FmlArea, FmlDesign, FmlFloor, FmlOpening, FmlPlan, FmlWall } from './types.js';
import { DEFAULT_FLOOR_HEIGHT } from './read-fml-json.js';
import { MODEL_LIMITS } from '../read/reader.js';

/** A floor or design: its id, or its 0-based index in the document's order. */
export type FmlSelector = number | string;

export interface FmlSelection {
  floor?: FmlSelector;
  design?: FmlSelector;
}

export interface FmlRoomModelResult {
  model: RoomModel;
  problems: ModelProblem[];
  /** False when the design has no wall and no area. */
  drawable: boolean;
  /** What was picked (the first floor / design when the selection names none that exists). */
  floorIndex: number;
  designIndex: number;
  floor?: FmlFloor;
  design?: FmlDesign;
}

function pick<T extends { id?: string; name: string }>(
  list: readonly T[],
  selector: FmlSelector | undefined,
  what: string,
  problems: ModelProblem[],
): number {
  if (!list.length) return -1;
  if (selector === undefined || selector === null || selector === '') return 0;
  if (typeof selector === 'number') {
    if (Number.isInteger(selector) && selector >= 0 && selector < list.length) return selector;
    // a number that is no index may still be an id (288407800)
    const byId = list.findIndex((x) => x.id !== undefined && x.id === String(selector));
    if (byId >= 0) return byId;
  } else {
    const s = String(selector).trim();
    const byId = list.findIndex((x) => x.id !== undefined && x.id === s);
    if (byId >= 0) return byId;
    if (/^\d{1,4}$/.test(s) && Number(s) < list.length) return Number(s);
    const byName = list.findIndex((x) => x.name === s);
    if (byName >= 0) return byName;
  }
  problems.push({
    path: what,
    message: `no ${what} ${String(selector).slice(0, 40)}; the first one is shown`,
  });
  return 0;
}

/** The floor and design a selection names (id or index), falling back to the first. */
export function selectFmlDesign(
  plan: FmlPlan,
  selection: FmlSelection = {},
  problems: ModelProblem[] = [],
): { floorIndex: number; designIndex: number; floor?: FmlFloor; design?: FmlDesign } {
  const floorIndex = pick(plan.floors, selection.floor, 'floor', problems);
  const floor = plan.floors[floorIndex];
  const designIndex = floor ? pick(floor.designs, selection.design, 'design', problems) : -1;
  const design = floor?.designs[designIndex];
  return { floorIndex, designIndex, ...(floor ? { floor } : {}), ...(design ? { design } : {}) };
}

/** The `#rrggbb` colour as a material the 3D floor can use (diffuse 0..1). */
function colourMaterial(colour: string, materials: Record<string, ModelMaterial>): string {
  const id = `fml-colour-${colour.slice(1)}`;
  if (!materials[id]) {
    const n = parseInt(colour.slice(1), 16);
    materials[id] = { id, diffuse: [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255] };
  }
  return id;
}

export function fmlDesignToRoomModel(plan: FmlPlan, selection: FmlSelection = {}): FmlRoomModelResult {
  const problems: ModelProblem[] = [];
  const picked = selectFmlDesign(plan, selection, problems);
  const height = picked.floor?.height ?? plan.settings.wallHeight ?? DEFAULT_FLOOR_HEIGHT;
  const model: RoomModel = {
    height,
    points: [],
    walls: [],
    areas: [],
    materials: Object.create(null) as Record<string, ModelMaterial>,
    components: [],
  };
  const result: FmlRoomModelResult = { model, problems, drawable: false, ...picked };
  const design = picked.design;
  if (!design) {
    problems.push({ path: 'floors', message: 'the document holds no design' });
    return result;
  }

  // Shared points: walls that meet share an index, as in the room model sample.
  const index = new Map<string, number>();
  const pointIndex = (p: Vec2): number => {
    const key = `${Math.round(p[0] * 100)}:${Math.round(p[1] * 100)}`;
    let i = index.get(key);
    if (i === undefined) {
      i = model.points.length;
      model.points.push([p[0], p[1]]);
      index.set(key, i);
    }
    return i;
  };

  design.walls.forEach((wall, w) => {
    // a divider of thickness 0 only splits areas: nothing to draw or to cut an opening into
    if (wall.thickness > 0) addWall(wall, `wall${w}`, model, pointIndex);
    else if (wall.openings.length)
      problems.push({ path: `walls[${w}]`, message: 'has openings but no thickness; not drawn' });
  });
  // all outlines together within the room model's vertex budget (each one is within LIMITS.points)
  let vertexBudget: number = MODEL_LIMITS.areaVertexTotal;
  const withinBudget = (area: FmlArea, path: string) => {
    if (vertexBudget < 0) return false;
    vertexBudget -= area.polygon.length;
    if (vertexBudget >= 0) return true;
    problems.push({
      path,
      message: `the areas have more than ${MODEL_LIMITS.areaVertexTotal} vertices together; this one and the rest left out`,
    });
    return false;
  };
  design.areas.forEach((area, k) => {
    if (withinBudget(area, `areas[${k}]`)) addArea(area, `area${k}`, 'area', model, pointIndex);
  });
  design.surfaces.forEach((area, k) => {
    // a cut-out is a hole (a stairwell): nothing to floor
    if (!area.cutout && withinBudget(area, `surfaces[${k}]`))
      addArea(area, `surface${k}`, 'surface', model, pointIndex);
  });
  for (const item of design.items) {
    const component: ModelComponent = {
      id: `item-${item.id}`,
      kind: 'furniture',
      position: item.position,
      rotation: [0, 0, item.rotation],
      boundingBox: [
        [-item.width / 2, -item.depth / 2, 0],
        [item.width / 2, item.depth / 2, item.height],
      ],
      category: item.stair ? 'stair' : item.symbol ? 'symbol' : null,
    };
    if (item.refid) component.componentId = item.refid;
    if (item.mirrored[0] || item.mirrored[1]) component.mirrored = item.mirrored;
    model.components.push(component);
  }
  if (design.labels.length)
    model.labels = design.labels.map((l) => ({
      position: l.position,
      text: l.text,
      align: l.align,
      rotation: l.rotation,
      ...(l.fontSize !== undefined ? { fontSize: l.fontSize } : {}),
      ...(l.bold ? { bold: true } : {}),
      ...(l.color ? { color: l.color } : {}),
    }));
  if (design.dimensions.length) model.dimensions = design.dimensions.map((d) => ({ ...d }));
  if (design.lines.length)
    model.lines = design.lines.map((l) => ({
      a: l.a,
      b: l.b,
      style: l.style,
      ...(l.color ? { color: l.color } : {}),
    }));
  if (design.stairs.length)
    model.stairs = design.stairs.map((s) => ({
      id: s.id,
      polygon: s.footprint,
      ...(s.name ? { name: s.name } : {}),
    }));
  if (design.looseOpenings.length)
    problems.push({
      path: 'openings',
      message: `${design.looseOpenings.length} doors or windows lie on no wall and are not drawn`,
    });
  result.drawable = model.walls.length > 0 || model.areas.length > 0;
  return result;
}

function addWall(wall: FmlWall, name: string, model: RoomModel, pointIndex: (p: Vec2) => number): void {
  const line = wallPolyline(wall);
  const pieces: ModelWall[] = [];
  for (let k = 1; k < line.length; k++) {
    const a = pointIndex(line[k - 1]!);
    const b = pointIndex(line[k]!);
    if (a === b) continue;
    const piece: ModelWall = {
      name: line.length > 2 ? `${name}.${k - 1}` : name,
      a,
      b,
      thickness: wall.thickness,
      height: Math.max(wall.height, wall.heightEnd),
    };
    if (wall.control) piece.curve = { wall: wall.id, control: wall.control };
    pieces.push(piece);
  }
  model.walls.push(...pieces);
  if (!pieces.length) return;
  const length = polylineLength(line);
  wall.openings.forEach((opening, j) => {
    model.components.push(openingComponent(opening, `${name}-opening${j}`, line, length, pieces, wall));
  });
}

function openingComponent(
  opening: FmlOpening,
  id: string,
  line: Vec2[],
  length: number,
  pieces: ModelWall[],
  wall: FmlWall,
): ModelComponent {
  const { point, dir } = alongPolyline(line, opening.offset);
  // the piece of a curved wall the centre falls on, so planGeometry puts it there
  let parent = pieces[0]!.name;
  if (pieces.length > 1) {
    let run = 0;
    for (let k = 1; k < line.length; k++) {
      run += Math.hypot(line[k]![0] - line[k - 1]![0], line[k]![1] - line[k - 1]![1]);
      if (opening.offset <= run || k === line.length - 1) {
        parent = pieces[Math.min(k - 1, pieces.length - 1)]!.name;
        break;
      }
    }
  }
  const angle = (Math.atan2(dir[1], dir[0]) * 180) / Math.PI;
  const half = wall.thickness / 2;
  const component: ModelComponent = {
    id,
    kind: opening.kind,
    category: opening.kind === 'door' ? 'Door' : opening.kind === 'window' ? 'Window' : 'Opening',
    parentId: parent,
    // the room model places an opening by its centre: doors 220 high stand at z 110
    position: [point[0], point[1], opening.sill + opening.height / 2] as Vec3,
    rotation: [270, 0, angle < 0 ? angle + 360 : angle],
    boundingBox: [
      [-opening.width / 2, -opening.height / 2, -half],
      [opening.width / 2, opening.height / 2, half],
    ],
    aperture: { width: Math.min(opening.width, length), height: opening.height },
  };
  if (opening.refid) component.componentId = opening.refid;
  if (opening.mirrored[0] || opening.mirrored[1]) component.mirrored = opening.mirrored;
  if (opening.kind === 'door') {
    // planGeometry reads a door's swing from open_direction / open_side (docs/room-model.md): with
    // no `area` named, "i" swings to the wall's left and "o" to its right, and open_side picks
    // the hinge end given that side.
    const onLeft = (opening.hinge === 'end') === (opening.swingSide === 1);
    component.configuration = {
      open_direction: opening.swingSide === 1 ? 'i' : 'o',
      open_side: onLeft ? 'l' : 'r',
    };
  }
  return component;
}

function addArea(
  area: FmlArea,
  name: string,
  kind: 'area' | 'surface',
  model: RoomModel,
  pointIndex: (p: Vec2) => number,
): void {
  const indices: number[] = [];
  for (const p of area.polygon) {
    const i = pointIndex(p);
    if (indices[indices.length - 1] !== i) indices.push(i);
  }
  if (indices.length > 1 && indices[0] === indices[indices.length - 1]) indices.pop();
  if (indices.length < 3) return;
  const out: ModelArea = { name, indices, kind, showLabel: area.showLabel, showArea: area.showArea };
  if (area.name !== undefined && area.showLabel) out.label = area.name;
  if (area.color) {
    out.color = area.color;
    out.floorMaterial = colourMaterial(area.color, model.materials);
  }
  model.areas.push(out);
}
