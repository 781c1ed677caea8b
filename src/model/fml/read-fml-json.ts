/**
 * FML JSON v3 (the planning API's `GET /projects/{id}/fml`): a project with `floors[]`, each with
 * `designs[]` holding `walls` (with their `openings`), `areas`, `surfaces`, `items`, `labels`,
 * `dimensions`, `lines` and `cameras`. Centimetres, y down. Every member is read behind its own
 * guard: a bad one is a problem and is left out, the rest is kept.
 */
import { FmlReader, LIMITS, bool, idOf, isObject, type Obj } from './fml-reader.js';
import { readArea, readDimension, readItem, readLabel, readLine } from './read-fml-json-members.js';
import { list, readWall } from './read-fml-json-walls.js';
import type { FmlCamera, FmlDesign, FmlDrawing, FmlFloor, FmlPlan, FmlSettings } from './types.js';

/** Storey height when a floor gives none, cm (2.8 m, the height most real floors give). */
export const DEFAULT_FLOOR_HEIGHT = 280;

/** A project (`{ floors }`), one floor (`{ designs }`) or one design (`{ walls }`) as a plan. */
export function readFmlJson(input: Obj, r: FmlReader): FmlPlan {
  const plan: FmlPlan = { format: 'fml-json-v3', floors: [], settings: {} };
  let project = input;
  if (isObject(input.project) && !('floors' in input)) project = input.project;
  const id = idOf(project.id);
  if (id) plan.id = id;
  const name = r.text(project.name, 'name');
  if (name) plan.name = name;
  plan.settings = r.guard('settings', {}, () => readSettings(project.settings, r));

  let floors: unknown[];
  let prefix = 'floors';
  if ('floors' in project) floors = list(project.floors, 'floors', r, true);
  else if ('designs' in project) {
    floors = [project];
    prefix = 'floor';
  } else if ('walls' in project || 'areas' in project) {
    floors = [{ name: plan.name ?? '', level: 0, designs: [project] }];
    prefix = 'design';
  } else {
    r.problem('floors', 'is missing (no floors, designs or walls in the document)');
    floors = [];
  }
  if (!floors.length && 'floors' in project) r.problem('floors', 'is empty: the document holds no floor');
  r.capped(floors, LIMITS.floors, prefix, 'floors').forEach((f, i) => {
    const where = prefix === 'floors' ? `floors[${i}]` : prefix;
    const floor = r.guard(where, undefined, () => readFloor(f, i, where, r, plan.settings));
    if (floor) plan.floors.push(floor);
  });
  return plan;
}

export function readSettings(value: unknown, r: FmlReader): FmlSettings {
  const s: FmlSettings = {};
  if (!isObject(value)) return s;
  const height = r.length(value.wallHeight, 'settings.wallHeight', { required: false, positive: true });
  if (height !== undefined) s.wallHeight = height;
  const thickness = r.length(value.wallThickness, 'settings.wallThickness', {
    required: false,
    positive: true,
  });
  if (thickness !== undefined) s.wallThickness = thickness;
  const section = r.length(value.wallSectionHeight, 'settings.wallSectionHeight', {
    required: false,
    positive: true,
  });
  if (section !== undefined) s.wallSectionHeight = section;
  const metric = bool(value.useMetric);
  if (metric !== undefined) s.useMetric = metric;
  const north = bool(value.showNorthArrow);
  if (north !== undefined) s.showNorthArrow = north;
  if (value.northArrowRotation !== undefined)
    s.northArrowRotation = r.angle(value.northArrowRotation, 'settings.northArrowRotation');
  return s;
}

function readFloor(
  f: unknown,
  i: number,
  where: string,
  r: FmlReader,
  settings: FmlSettings,
): FmlFloor | undefined {
  if (!r.expectObject(f, where, 'floor')) return undefined;
  const level = r.number(f.level, `${where}.level`, false);
  let height = r.length(f.height, `${where}.height`, { required: false, positive: true });
  height ??= settings.wallHeight ?? DEFAULT_FLOOR_HEIGHT;
  const floor: FmlFloor = {
    name: r.text(f.name, `${where}.name`) ?? `Floor ${i + 1}`,
    level: level !== undefined && Number.isInteger(level) ? level : i,
    height,
    designs: [],
    cameras: readCameras(f.cameras, `${where}.cameras`, r),
  };
  const id = idOf(f.id);
  if (id) floor.id = id;
  const drawing = r.guard(`${where}.drawing`, undefined, () => readDrawing(f.drawing, `${where}.drawing`, r));
  if (drawing) floor.drawing = drawing;
  const designs = r.guard(`${where}.designs`, [] as unknown[], () => {
    const value = f.designs;
    if (Array.isArray(value) && !value.length)
      r.problem(`${where}.designs`, 'is empty: the floor holds no design');
    return list(value, `${where}.designs`, r, true);
  });
  readDesigns(designs, where, r, floor, settings, readDesign);
  return floor;
}

/** How a reader reads one design of a floor, given the floor's height and the document's settings. */
export type DesignReader = (
  d: unknown,
  j: number,
  where: string,
  r: FmlReader,
  floorHeight: number,
  settings: FmlSettings,
) => FmlDesign | undefined;

/** A floor's designs (at most LIMITS.designsPerFloor), each read behind its own guard. */
export function readDesigns(
  designs: readonly unknown[],
  where: string,
  r: FmlReader,
  floor: FmlFloor,
  settings: FmlSettings,
  readDesign: DesignReader,
): void {
  r.capped(designs, LIMITS.designsPerFloor, `${where}.designs`, 'designs').forEach((d, j) => {
    const at = `${where}.designs[${j}]`;
    const design = r.guard(at, undefined, () => readDesign(d, j, at, r, floor.height, settings));
    if (design) floor.designs.push(design);
  });
}

function readDrawing(value: unknown, where: string, r: FmlReader): FmlDrawing | undefined {
  if (!isObject(value)) return undefined;
  const url = r.text(value.url, `${where}.url`, 2_000);
  if (!url) return undefined;
  const position = r.point(value.x ?? 0, value.y ?? 0, where);
  const width = r.length(value.width, `${where}.width`, { positive: true });
  const height = r.length(value.height, `${where}.height`, { positive: true });
  if (!position || width === undefined || height === undefined) return undefined;
  return drawingOf(r, where, { url, position, width, height }, value.rotation, value.alpha, value.visible);
}

/**
 * A floor's background drawing from its checked place and size, and the document's rotation (degrees),
 * alpha (kept within 0..100) and visibility as both readers find them.
 */
export function drawingOf(
  r: FmlReader,
  where: string,
  placed: Pick<FmlDrawing, 'url' | 'position' | 'width' | 'height'>,
  rotation: unknown,
  alpha: unknown,
  visible: unknown,
): FmlDrawing {
  const drawing: FmlDrawing = { ...placed, rotation: r.angle(rotation, `${where}.rotation`) };
  const opacity = r.number(alpha, `${where}.alpha`, false);
  if (opacity !== undefined) drawing.alpha = Math.min(100, Math.max(0, opacity));
  const shown = bool(visible);
  if (shown !== undefined) drawing.visible = shown;
  return drawing;
}

/** A design with the document's name (or "Design n", counted from 1) and id, for both readers. */
export function newDesign(r: FmlReader, where: string, j: number, name: unknown, id: unknown): FmlDesign {
  const design = emptyDesign(r.text(name, `${where}.name`) ?? `Design ${j + 1}`);
  const checked = idOf(id);
  if (checked) design.id = checked;
  return design;
}

export function emptyDesign(name: string): FmlDesign {
  return {
    name,
    walls: [],
    areas: [],
    surfaces: [],
    items: [],
    labels: [],
    dimensions: [],
    lines: [],
    stairs: [],
    cameras: [],
    looseOpenings: [],
  };
}

const readDesign: DesignReader = (d, j, where, r, floorHeight, settings) => {
  if (!r.expectObject(d, where, 'design')) return undefined;
  const design = newDesign(r, where, j, d.name, d.id);

  /** Reads each member of `d[key]` with `read`, up to `limit`, keeping what comes back. */
  const each = <T>(
    key: string,
    limit: number,
    what: string,
    read: (v: unknown, at: string, k: number) => T | undefined,
  ) => {
    const out: T[] = [];
    r.guard(`${where}.${key}`, undefined, () => {
      const members = list(d[key], `${where}.${key}`, r);
      r.capped(members, limit, `${where}.${key}`, what).forEach((v, k) => {
        const at = `${where}.${key}[${k}]`;
        const value = r.guard(at, undefined, () => read(v, at, k));
        if (value !== undefined) out.push(value);
      });
    });
    return out;
  };

  const openingBudget = { left: LIMITS.openings as number, reported: false };
  design.walls = each('walls', LIMITS.walls, 'walls', (v, at, k) =>
    readWall(v, at, k, r, floorHeight, settings, openingBudget),
  );
  design.areas = each('areas', LIMITS.areas, 'areas', (v, at, k) => readArea(v, at, `area${k}`, r));
  design.surfaces = each('surfaces', LIMITS.areas, 'surfaces', (v, at, k) =>
    readArea(v, at, `surface${k}`, r),
  );
  design.items = each('items', LIMITS.items, 'items', (v, at, k) => readItem(v, at, k, r));
  // walk mode: the stairs among them, as the XML reader keeps them
  design.stairs = design.items.filter((item) => item.stair);
  design.labels = each('labels', LIMITS.labels, 'labels', (v, at) => readLabel(v, at, r));
  design.dimensions = each('dimensions', LIMITS.dimensions, 'dimensions', (v, at) => readDimension(v, at, r));
  design.lines = each('lines', LIMITS.lines, 'lines', (v, at) => readLine(v, at, r));
  design.cameras = r.guard(`${where}.cameras`, [], () => readCameras(d.cameras, `${where}.cameras`, r));
  return design;
};

function readCameras(value: unknown, where: string, r: FmlReader): FmlCamera[] {
  const out: FmlCamera[] = [];
  r.capped(list(value, where, r), LIMITS.cameras, where, 'cameras').forEach((c, i) => {
    const at = `${where}[${i}]`;
    const camera = r.guard(at, undefined, () => readCamera(c, at, r));
    if (camera) out.push(camera);
  });
  return out;
}

function readCamera(c: unknown, where: string, r: FmlReader): FmlCamera | undefined {
  if (!r.expectObject(c, where, 'camera')) return undefined;
  const xy0 = r.point(c.x, c.y, where);
  const z = r.length(c.z, `${where}.z`);
  const direction = r.direction(c.dx, c.dy, c.dz, `${where}.d`);
  const up = r.direction(c.ux ?? 0, c.uy ?? 0, c.uz ?? 1, `${where}.u`);
  if (!xy0 || z === undefined || !direction || !up || direction.every((n) => n === 0)) {
    r.problem(where, 'has no valid position or direction; camera left out');
    return undefined;
  }
  const camera: FmlCamera = { position: [xy0[0], xy0[1], z], direction, up };
  const name = r.text(c.name, `${where}.name`);
  if (name) camera.name = name;
  const type = r.text(c.type_name, `${where}.type_name`, 40);
  if (type) camera.type = type;
  const fov = r.number(c.fov, `${where}.fov`, false);
  if (fov !== undefined && fov > 0 && fov < 180) camera.fov = fov;
  const ortho = bool(c.ortho);
  if (ortho !== undefined) camera.ortho = ortho;
  return camera;
}
