/**
 * Tolerant reading of a room model (Document 3, "Model members"; reference: the real sample
 * room-6346838-the-lake.3dplanner.json). It keeps everything that is valid, repairs what can be
 * repaired (numbers sent as strings, a missing height), leaves out what cannot be drawn, and says
 * what it did in `problems`. It never throws: every section is read behind its own guard, and the
 * whole function behind one more, so a hostile object (getters that throw, proxies, cycles) still
 * gives a result.
 */
import type {
  ComponentKind,
  ModelArea,
  ModelComponent,
  ModelMaterial,
  ModelProblem,
  ModelWall,
  ReadModelResult,
  RoomModel,
  Vec2,
  Vec3,
} from './types.js';

/** The wall height used when the model gives none (the sample says 250). */
export const DEFAULT_WALL_HEIGHT = 250;
/** The wall thickness used when a wall gives none, centimetres. */
export const DEFAULT_WALL_THICKNESS = 10;
/** Past this many problems only a count is kept, so a huge broken model cannot flood memory. */
const MAX_PROBLEMS = 200;
/** Coordinates beyond ±10 km are taken as garbage (a plan is a building, not a map). */
const MAX_COORDINATE = 1e6;

type Obj = Record<string, unknown>;

class Reader {
  readonly problems: ModelProblem[] = [];
  #dropped = 0;

  problem(path: string, message: string, accepted = false): void {
    if (this.problems.length < MAX_PROBLEMS)
      this.problems.push(accepted ? { path, message, accepted } : { path, message });
    else this.#dropped++;
  }

  /** Notes a number that came as a string: it is used, and said, so a producer can be fixed. */
  #stringNumber(path: string, value: string, n: number): void {
    this.problem(path, `is a number sent as a string (${preview(value)}); read as ${n}`, true);
  }

  finish(): ModelProblem[] {
    if (this.#dropped) {
      this.problems.push({ path: '', message: `${this.#dropped} more problems were not listed` });
      this.#dropped = 0;
    }
    return this.problems;
  }

  /** Runs one section; an exception inside becomes a problem instead of escaping. */
  guard<T>(path: string, fallback: T, read: () => T): T {
    try {
      return read();
    } catch (error) {
      this.problem(path, `could not be read (${describeError(error)})`);
      return fallback;
    }
  }

  /**
   * A finite number; numeric strings ("99") are accepted as numbers and noted (`accepted: true`)
   * unless `stringOk` (the service documents the member as a string). undefined when not valid.
   */
  number(
    value: unknown,
    path: string,
    { required = true, quiet = false, stringOk = false } = {},
  ): number | undefined {
    if (value === undefined || value === null) {
      if (required && !quiet) this.problem(path, 'is missing');
      return undefined;
    }
    let n: number | undefined;
    if (typeof value === 'number') n = value;
    else if (typeof value === 'string' && value.trim() !== '') n = Number(value.trim());
    if (n === undefined || !Number.isFinite(n) || Math.abs(n) > MAX_COORDINATE) {
      if (!quiet) this.problem(path, `is not a finite number (${preview(value)})`);
      return undefined;
    }
    if (typeof value === 'string' && !stringOk && !quiet) this.#stringNumber(path, value, n);
    return n;
  }

  integer(
    value: unknown,
    path: string,
    options?: { required?: boolean; quiet?: boolean },
  ): number | undefined {
    const n = this.number(value, path, options);
    if (n === undefined) return undefined;
    if (!Number.isInteger(n)) {
      this.problem(path, `is not an integer (${preview(value)})`);
      return undefined;
    }
    return n;
  }

  vec(value: unknown, length: 2 | 3, path: string, required = true): number[] | undefined {
    if (!Array.isArray(value)) {
      if (value !== undefined || required)
        this.problem(path, value === undefined ? 'is missing' : 'is not an array');
      return undefined;
    }
    if (value.length < length) {
      this.problem(path, `needs ${length} numbers, has ${value.length}`);
      return undefined;
    }
    const out: number[] = [];
    for (let i = 0; i < length; i++) {
      const n = this.number(value[i], `${path}[${i}]`, { stringOk: true });
      if (n === undefined) return undefined;
      out.push(n);
    }
    // one note for the whole vector, not one per component
    if (value.slice(0, length).some((c) => typeof c === 'string')) {
      this.problem(path, `has numbers sent as strings; read as [${out.join(', ')}]`, true);
    }
    return out;
  }

  string(value: unknown, path: string, required = false): string | undefined {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (value === undefined || value === null) {
      if (required) this.problem(path, 'is missing');
      return undefined;
    }
    this.problem(path, `is not a string (${preview(value)})`);
    return undefined;
  }
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
}

function preview(value: unknown): string {
  try {
    if (typeof value === 'string')
      return JSON.stringify(value.length > 20 ? value.slice(0, 20) + '…' : value);
    if (Array.isArray(value)) return 'an array';
    if (value === null) return 'null';
    return typeof value === 'object' ? 'an object' : String(value);
  } catch {
    return typeof value;
  }
}

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ wall0: {...} }` or `[{...}]`: both become [key, value] pairs (arrays get `${prefix}${i}` keys). */
function entriesOf(value: unknown, prefix: string): [string, unknown][] {
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const named =
        isObject(item) && typeof item.name === 'string' && item.name ? item.name : `${prefix}${i}`;
      return [named, item];
    });
  }
  if (isObject(value)) return Object.keys(value).map((key) => [key, value[key]]);
  return [];
}

function emptyModel(): RoomModel {
  return {
    height: DEFAULT_WALL_HEIGHT,
    points: [],
    walls: [],
    areas: [],
    materials: Object.create(null) as Record<string, ModelMaterial>,
    components: [],
  };
}

/**
 * Reads a room model. `raw` is the model object (`{ plan, components, materials, ... }`), a whole
 * room as GET /rooms/:id returns it (`{ id, name, ..., model }`), or either as a JSON string.
 */
export function readModel(raw: unknown): ReadModelResult {
  const r = new Reader();
  try {
    const model = readModelInto(raw, r);
    const drawable = model.walls.length > 0 || model.areas.length > 0;
    return { model, problems: r.finish(), drawable };
  } catch (error) {
    r.problem('', `the model could not be read (${describeError(error)})`);
    return { model: emptyModel(), problems: r.finish(), drawable: false };
  }
}

function readModelInto(raw: unknown, r: Reader): RoomModel {
  let input = raw;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      r.problem('', 'is a string that is not JSON');
      return emptyModel();
    }
  }
  if (!isObject(input)) {
    r.problem(
      '',
      input === undefined || input === null ? 'no model' : `is not an object (${preview(input)})`,
    );
    return emptyModel();
  }
  // A whole room: the model is its `model` member (unless this object is itself the model).
  let prefix = '';
  if (!('plan' in input) && 'model' in input) {
    if (!isObject(input.model)) {
      r.problem(
        'model',
        input.model === undefined || input.model === null ? 'is missing' : 'is not an object',
      );
      return emptyModel();
    }
    input = input.model;
    prefix = 'model.';
  }
  const m = input as Obj;
  const model = emptyModel();
  const at = (path: string) => prefix + path;

  model.version = r.guard(at('version'), undefined, () =>
    r.integer(m.version, at('version'), { required: false }),
  );
  const roomId = r.guard(at('room_id'), undefined, () =>
    r.integer(m.room_id, at('room_id'), { required: false }),
  );
  if (roomId !== undefined) model.roomId = roomId;

  r.guard(at('plan'), undefined, () => readPlan(m.plan, at('plan'), r, model));
  model.materials = r.guard(at('materials'), model.materials, () =>
    readMaterials(m.materials, at('materials'), r),
  );
  model.components = r.guard(at('components'), [], () => readComponents(m.components, at('components'), r));
  r.guard(at('lights'), undefined, () => readSun(m.lights, at('lights'), r, model));
  r.guard(at('camera'), undefined, () => readCamera(m.camera, at('camera'), r, model));
  r.guard(at('environment'), undefined, () => {
    const env = m.environment;
    if (isObject(env)) {
      const image = r.string(env.image, at('environment.image'));
      model.environmentImage = image ?? null;
    }
  });
  return model;
}

function readPlan(plan: unknown, path: string, r: Reader, model: RoomModel): void {
  if (!isObject(plan)) {
    r.problem(path, plan === undefined || plan === null ? 'is missing' : 'is not an object');
    return;
  }
  const height = r.number(plan.height, `${path}.height`);
  if (height !== undefined && height > 0) model.height = height;
  else if (height !== undefined)
    r.problem(`${path}.height`, `must be positive (${height}); ${DEFAULT_WALL_HEIGHT} used`);

  // Points keep their index when valid; invalid ones are left out and every index is renumbered,
  // so `model.points` holds only real coordinates and walls / areas point into it.
  const remap = new Map<number, number>();
  const rawPoints = plan.points;
  if (!Array.isArray(rawPoints)) {
    r.problem(`${path}.points`, rawPoints === undefined ? 'is missing' : 'is not an array');
  } else {
    rawPoints.forEach((p, i) => {
      const xy = r.vec(p, 2, `${path}.points[${i}]`);
      if (xy) {
        remap.set(i, model.points.length);
        model.points.push([xy[0], xy[1]] as Vec2);
      }
    });
  }
  const pointCount = Array.isArray(rawPoints) ? rawPoints.length : 0;

  /** The new index of an input index, or undefined (with a problem) when it is not usable. */
  const pointIndex = (value: unknown, where: string): number | undefined => {
    const i = r.integer(value, where);
    if (i === undefined) return undefined;
    if (i < 0 || i >= pointCount) {
      r.problem(where, `index ${i} is out of range (0..${pointCount - 1})`);
      return undefined;
    }
    const mapped = remap.get(i);
    if (mapped === undefined) r.problem(where, `point ${i} is not valid`);
    return mapped;
  };

  if (plan.walls === undefined) r.problem(`${path}.walls`, 'is missing');
  else if (!isObject(plan.walls) && !Array.isArray(plan.walls))
    r.problem(`${path}.walls`, 'is not an object');
  for (const [name, w] of entriesOf(plan.walls, 'wall')) {
    const where = `${path}.walls.${name}`;
    r.guard(where, undefined, () => {
      const wall = readWall(name, w, where, r, pointIndex, model.points);
      if (wall) model.walls.push(wall);
    });
  }

  if (plan.areas !== undefined && !isObject(plan.areas) && !Array.isArray(plan.areas)) {
    r.problem(`${path}.areas`, 'is not an object');
  }
  for (const [name, a] of entriesOf(plan.areas, 'area')) {
    const where = `${path}.areas.${name}`;
    r.guard(where, undefined, () => {
      const area = readArea(name, a, where, r, pointIndex, model.points);
      if (area) model.areas.push(area);
    });
  }
}

function readWall(
  name: string,
  w: unknown,
  where: string,
  r: Reader,
  pointIndex: (value: unknown, where: string) => number | undefined,
  points: Vec2[],
): ModelWall | undefined {
  if (!isObject(w)) {
    r.problem(where, 'is not an object; wall left out');
    return undefined;
  }
  if (!Array.isArray(w.indices) || w.indices.length < 2) {
    r.problem(`${where}.indices`, 'needs two point indices; wall left out');
    return undefined;
  }
  const a = pointIndex(w.indices[0], `${where}.indices[0]`);
  const b = pointIndex(w.indices[1], `${where}.indices[1]`);
  if (a === undefined || b === undefined) {
    r.problem(where, 'wall left out');
    return undefined;
  }
  const [ax, ay] = points[a]!;
  const [bx, by] = points[b]!;
  if (Math.hypot(bx - ax, by - ay) < 1e-6) {
    r.problem(where, 'has no length; wall left out');
    return undefined;
  }
  let thickness = r.number(w.thickness, `${where}.thickness`);
  if (thickness !== undefined && thickness <= 0) {
    r.problem(`${where}.thickness`, `must be positive (${thickness})`);
    thickness = undefined;
  }
  const wall: ModelWall = { name, a, b, thickness: thickness ?? DEFAULT_WALL_THICKNESS };
  const material = r.string(w.material, `${where}.material`);
  if (material !== undefined) wall.material = material;
  return wall;
}

function readArea(
  name: string,
  a: unknown,
  where: string,
  r: Reader,
  pointIndex: (value: unknown, where: string) => number | undefined,
  points: Vec2[],
): ModelArea | undefined {
  if (!isObject(a)) {
    r.problem(where, 'is not an object; area left out');
    return undefined;
  }
  if (!Array.isArray(a.indices)) {
    r.problem(`${where}.indices`, 'is missing; area left out');
    return undefined;
  }
  // A bad vertex is left out and the rest of the outline kept: it usually still reads as the room.
  const indices: number[] = [];
  a.indices.forEach((value, i) => {
    const index = pointIndex(value, `${where}.indices[${i}]`);
    if (index !== undefined && indices[indices.length - 1] !== index) indices.push(index);
  });
  if (indices.length > 1 && indices[0] === indices[indices.length - 1]) indices.pop();
  if (indices.length < 3) {
    r.problem(where, 'has fewer than 3 valid points; area left out');
    return undefined;
  }
  let twice = 0;
  for (let i = 0; i < indices.length; i++) {
    const p = points[indices[i]!]!;
    const q = points[indices[(i + 1) % indices.length]!]!;
    twice += p[0] * q[1] - q[0] * p[1];
  }
  if (Math.abs(twice) < 1e-6) {
    r.problem(where, 'encloses no area; area left out');
    return undefined;
  }
  const area: ModelArea = { name, indices };
  for (const key of ['name', 'label', 'title']) {
    const value = a[key];
    if (typeof value === 'string' && value.trim()) {
      area.label = value.trim().slice(0, 200);
      break;
    }
  }
  const floor = r.string(a.floor_material ?? a.floorMaterial, `${where}.floor_material`);
  if (floor !== undefined) area.floorMaterial = floor;
  const ceiling = r.string(a.ceiling_material ?? a.ceilingMaterial, `${where}.ceiling_material`);
  if (ceiling !== undefined) area.ceilingMaterial = ceiling;
  return area;
}

function readMaterials(value: unknown, path: string, r: Reader): Record<string, ModelMaterial> {
  // A null-prototype record: an ID such as "__proto__" or "toString" is just a key.
  const out = Object.create(null) as Record<string, ModelMaterial>;
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value) && !isObject(value)) {
    r.problem(path, 'is not an array');
    return out;
  }
  for (const [key, item] of entriesOf(value, '')) {
    const where = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    r.guard(where, undefined, () => {
      if (!isObject(item)) {
        r.problem(where, 'is not an object; material left out');
        return;
      }
      const id =
        r.string(item.ID ?? item.id, `${where}.ID`, true) ?? (Array.isArray(value) ? undefined : key);
      if (id === undefined) return;
      const material: ModelMaterial = { id };
      const diffuse = readColour(item.diffuse, `${where}.diffuse`, r);
      if (diffuse) material.diffuse = diffuse;
      const ambient = readColour(item.ambient, `${where}.ambient`, r);
      if (ambient) material.ambient = ambient;
      const texture = r.string(item.diffuse_texture ?? item.diffuseTexture, `${where}.diffuse_texture`);
      if (texture) material.diffuseTexture = texture;
      // Document 3 gives texture_width as a string ("99"): expected, so not noted
      const width = r.number(item.texture_width ?? item.textureWidth, `${where}.texture_width`, {
        required: false,
        stringOk: true,
      });
      if (width !== undefined && width > 0) material.textureWidth = width;
      const shiny = r.number(item.shiny, `${where}.shiny`, { required: false });
      if (shiny !== undefined) material.shiny = shiny;
      out[id] = material;
    });
  }
  return out;
}

/** A colour as three 0..1 components; values out of range are clamped (and reported). */
function readColour(value: unknown, path: string, r: Reader): Vec3 | undefined {
  if (value === undefined || value === null) return undefined;
  const v = r.vec(value, 3, path);
  if (!v) return undefined;
  if (v.some((c) => c < 0 || c > 1)) r.problem(path, 'has components outside 0..1; clamped');
  return v.map((c) => Math.min(1, Math.max(0, c))) as Vec3;
}

const DEFAULT_BOX: [Vec3, Vec3] = [
  [-25, -25, 0],
  [25, 25, 50],
];

function readComponents(value: unknown, path: string, r: Reader): ModelComponent[] {
  const out: ModelComponent[] = [];
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value)) {
    r.problem(path, 'is not an array');
    return out;
  }
  value.forEach((item, i) => {
    const where = `${path}[${i}]`;
    r.guard(where, undefined, () => {
      const component = readComponent(item, i, where, r);
      if (component) out.push(component);
    });
  });
  return out;
}

function kindOf(type: unknown, category: string | null | undefined): ComponentKind {
  if (type !== 'ArchitecturalComponent') return 'furniture';
  const c = (category ?? '').toLowerCase();
  if (c.includes('door')) return 'door';
  if (c.includes('window')) return 'window';
  return 'opening';
}

function readComponent(item: unknown, i: number, where: string, r: Reader): ModelComponent | undefined {
  if (!isObject(item)) {
    r.problem(where, 'is not an object; component left out');
    return undefined;
  }
  const position = r.vec(item.position, 3, `${where}.position`);
  if (!position) {
    r.problem(where, 'has no valid position; component left out');
    return undefined;
  }
  const id = r.string(item.ID ?? item.id, `${where}.ID`) ?? `component${i}`;
  const category = item.category === null ? null : r.string(item.category, `${where}.category`);
  const type = item.type;
  if (type !== 'Component' && type !== 'ArchitecturalComponent') {
    r.problem(
      `${where}.type`,
      `is not Component or ArchitecturalComponent (${preview(type)}); taken as furniture`,
    );
  }
  const rotation = (r.vec(item.rotation, 3, `${where}.rotation`, false) ?? [0, 0, 0]) as Vec3;
  const component: ModelComponent = {
    id,
    kind: kindOf(type, category),
    position: position as Vec3,
    rotation,
    boundingBox: readBox(item.bounding_box ?? item.boundingBox, `${where}.bounding_box`, r),
  };
  const componentId = r.string(item.component_id ?? item.componentId, `${where}.component_id`);
  if (componentId) component.componentId = componentId;
  const modelPath = r.string(item.model, `${where}.model`);
  if (modelPath) component.modelPath = modelPath;
  if (item.parentID === null) component.parentId = null;
  else {
    const parent = r.string(item.parentID ?? item.parentId, `${where}.parentID`);
    if (parent !== undefined) component.parentId = parent;
  }
  const area = r.string(item.area, `${where}.area`);
  if (area) component.area = area;
  if (category !== undefined) component.category = category;
  const level = r.number(item.level, `${where}.level`, { required: false });
  if (level !== undefined) component.level = level;
  if (isObject(item.configuration)) component.configuration = copyPlain(item.configuration);
  if (component.kind !== 'furniture') {
    const aperture = readAperture(item, component, where, r);
    if (aperture) component.aperture = aperture;
  }
  return component;
}

function readBox(value: unknown, path: string, r: Reader): [Vec3, Vec3] {
  if (value === undefined || value === null) {
    r.problem(path, 'is missing; a 50 cm box used');
    return DEFAULT_BOX;
  }
  if (!Array.isArray(value) || value.length < 2) {
    r.problem(path, 'needs two corners; a 50 cm box used');
    return DEFAULT_BOX;
  }
  const a = r.vec(value[0], 3, `${path}[0]`);
  const b = r.vec(value[1], 3, `${path}[1]`);
  if (!a || !b) return DEFAULT_BOX;
  return [
    [Math.min(a[0]!, b[0]!), Math.min(a[1]!, b[1]!), Math.min(a[2]!, b[2]!)],
    [Math.max(a[0]!, b[0]!), Math.max(a[1]!, b[1]!), Math.max(a[2]!, b[2]!)],
  ];
}

/**
 * The hole a door or window needs: `aperture.bounds` [width, height] in the sample, else the
 * configuration's width / height, else the bounding box (x along the wall, y up before rotation).
 */
function readAperture(
  item: Obj,
  component: ModelComponent,
  where: string,
  r: Reader,
): { width: number; height: number } | undefined {
  const aperture = item.aperture;
  if (isObject(aperture) && Array.isArray(aperture.bounds)) {
    const w = r.number(aperture.bounds[0], `${where}.aperture.bounds[0]`);
    const h = r.number(aperture.bounds[1], `${where}.aperture.bounds[1]`);
    if (w !== undefined && h !== undefined && w > 0 && h > 0) return { width: w, height: h };
  }
  const config = component.configuration;
  if (config) {
    const w = r.number(config.width, `${where}.configuration.width`, { quiet: true });
    const h = r.number(config.height, `${where}.configuration.height`, { quiet: true });
    if (w !== undefined && h !== undefined && w > 0 && h > 0) return { width: w, height: h };
  }
  const [min, max] = component.boundingBox;
  const w = max[0] - min[0];
  const h = max[1] - min[1];
  if (w > 0 && h > 0) {
    r.problem(`${where}.aperture`, 'is missing; the bounding box was used');
    return { width: w, height: h };
  }
  r.problem(`${where}.aperture`, 'is missing and no size could be found');
  return undefined;
}

/** A shallow copy of JSON-like values only (no functions, no nested objects past one level of arrays). */
function copyPlain(value: Obj): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value).slice(0, 100)) {
    const v = value[key];
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}

function readSun(value: unknown, path: string, r: Reader, model: RoomModel): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    r.problem(path, 'is not an array');
    return;
  }
  const index = value.findIndex((l) => isObject(l) && l.type === 'sun');
  if (index < 0) return;
  const light = value[index] as Obj;
  const direction = r.vec(light.direction, 3, `${path}[${index}].direction`);
  const position = r.vec(light.position, 3, `${path}[${index}].position`);
  if (direction && position && direction.some((c) => c !== 0)) {
    model.sun = { direction: direction as Vec3, position: position as Vec3 };
  }
}

function readCamera(value: unknown, path: string, r: Reader, model: RoomModel): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    r.problem(path, 'is not an object');
    return;
  }
  const position = r.vec(value.position, 3, `${path}.position`);
  const focal = r.vec(value.focal_point ?? value.focalPoint, 3, `${path}.focal_point`);
  if (!position || !focal) return;
  if (Math.hypot(position[0]! - focal[0]!, position[1]! - focal[1]!, position[2]! - focal[2]!) < 1e-6) {
    r.problem(path, 'looks at its own position; left out');
    return;
  }
  model.camera = { position: position as Vec3, focalPoint: focal as Vec3 };
  const exposure = r.number(value.exposure, `${path}.exposure`, { required: false });
  if (exposure !== undefined) model.camera.exposure = exposure;
}
