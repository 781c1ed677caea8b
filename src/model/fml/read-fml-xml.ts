/**
 * Legacy FML XML (API v1 `.xml`, `designs/<id>.xml`, `/projects/{id}.fml`): a `<project>` with
 * `<floors><floor>` holding `<designs><design>`, or a bare `<design>`. Measured in **metres**
 * (`<units>meters</units>`, walls 0.05–0.7 thick, floors 2.8 high), y down like the JSON.
 *
 * A design holds `<lines>` (walls: `default_wall`, `normal_wall`, `banister_wall`; drawn lines:
 * `solid_line`, `dashed_line`; dimension lines: `triangle_dimension`), `<objects>` (furniture,
 * doors and windows as free objects, `text` labels) and `<areas>` (`generated_area`,
 * `custom_area`). A line's `<points>` is "x1 y1 z1 x2 y2 z2[ cx cy cz], x1 y1 h1 x2 y2 h2": the
 * bottom edge with an optional curve control point, then the top edge (so each end's height). The
 * grammar in fml.rng allows 6 or 9 floats; the real files have 6, 12 and 15. An area's
 * `<points>` is its edges, comma separated, "x1 y1 z1 x2 y2 z2" each. docs/fml.md has the details.
 */
import type { Vec2 } from '../types.js';
import { areaM2, ccw, cleanRing, curveSegments, quadratic } from './fml-geometry.js';
import { FmlReader, LIMITS, colour, idOf, isObject, type Obj } from './fml-reader.js';
import { floats, get, groupsOf, members, text } from './fml-xml-nodes.js';
import { readDrawnLine, readWall } from './read-fml-xml-lines.js';
import { readAssets, readItem, readOpening, readText } from './read-fml-xml-objects.js';
import { DEFAULT_FLOOR_HEIGHT, drawingOf, newDesign, readDesigns, readSettings } from './read-fml-json.js';
import type { DesignReader } from './read-fml-json.js';
import type { FmlArea, FmlCamera, FmlDrawing, FmlFloor, FmlPlan } from './types.js';

export { parseFmlXml } from './fml-xml-nodes.js';

export function readFmlXml(doc: Obj, r: FmlReader): FmlPlan {
  const plan: FmlPlan = { format: 'fml-xml', floors: [], settings: {} };
  const project = get(doc, 'project');
  if (project !== undefined) {
    const id = idOf(text(get(project, 'id')));
    if (id) plan.id = id;
    const name = r.text(text(get(project, 'name')), 'project.name');
    if (name) plan.name = name;
    plan.settings = r.guard('project.settings', {}, () => {
      const json = text(get(project, 'settings'));
      if (!json || json.length > 100_000) return {};
      try {
        return readSettings(JSON.parse(json), r);
      } catch {
        r.problem('project.settings', 'is not JSON; ignored');
        return {};
      }
    });
    const thickness = r.length(text(get(project, 'wall-thickness')), 'project.wall-thickness', {
      required: false,
      positive: true,
    });
    if (thickness !== undefined) plan.settings.wallThickness ??= thickness;
    const floors = members(project, 'floors', 'floor');
    if (!floors.length) r.problem('project.floors', 'is missing or empty');
    r.capped(floors, LIMITS.floors, 'project.floors', 'floors').forEach((f, i) => {
      const where = `project.floors[${i}]`;
      const floor = r.guard(where, undefined, () => readFloor(f, i, where, r, plan));
      if (floor) plan.floors.push(floor);
    });
    return plan;
  }
  const floorRoot = get(doc, 'floor');
  if (Array.isArray(floorRoot)) {
    const floor = r.guard('floor', undefined, () => readFloor(floorRoot[0], 0, 'floor', r, plan));
    if (floor) plan.floors.push(floor);
    return plan;
  }
  const designRoot = get(doc, 'design');
  if (Array.isArray(designRoot)) {
    const d = designRoot[0];
    const design = r.guard('design', undefined, () =>
      readDesign(d, 0, 'design', r, DEFAULT_FLOOR_HEIGHT, plan.settings),
    );
    if (design) {
      const floor: FmlFloor = {
        name: design.name,
        level: 0,
        height: DEFAULT_FLOOR_HEIGHT,
        designs: [design],
        cameras: [],
      };
      plan.name ??= design.name;
      plan.floors.push(floor);
    }
    return plan;
  }
  r.problem('', 'has no <project>, <floor> or <design> root element; not FML');
  return plan;
}

function checkUnits(parent: unknown, where: string, r: FmlReader): void {
  const units = text(get(parent, 'units'))?.trim().toLowerCase();
  if (units && units !== 'meters' && units !== 'metres' && units !== 'm')
    r.problem(`${where}.units`, `is "${units.slice(0, 20)}", not meters; read as meters`);
}

function readFloor(f: unknown, i: number, where: string, r: FmlReader, plan: FmlPlan): FmlFloor | undefined {
  if (!r.expectObject(f, where, 'floor', 'an element with content')) return undefined;
  const level = r.number(text(get(f, 'level')), `${where}.level`, false);
  const height =
    r.length(text(get(f, 'height')), `${where}.height`, { required: false, positive: true }) ??
    plan.settings.wallHeight ??
    DEFAULT_FLOOR_HEIGHT;
  const floor: FmlFloor = {
    name: r.text(text(get(f, 'name')), `${where}.name`) ?? `Floor ${i + 1}`,
    level: level !== undefined && Number.isInteger(level) ? level : i,
    height,
    designs: [],
    cameras: readCameras(f, `${where}.cameras`, r),
  };
  const id = idOf(text(get(f, 'id')));
  if (id) floor.id = id;
  const drawing = r.guard(`${where}.drawing`, undefined, () =>
    readDrawing(get(f, 'drawing'), `${where}.drawing`, r),
  );
  if (drawing) floor.drawing = drawing;
  const designs = members(f, 'designs', 'design');
  readDesigns(designs, where, r, floor, plan.settings, readDesign);
  if (!floor.designs.length) r.problem(`${where}.designs`, 'holds no design');
  return floor;
}

function readDrawing(value: unknown, where: string, r: FmlReader): FmlDrawing | undefined {
  if (!isObject(value)) return undefined;
  const url = r.text(text(get(value, 'url')), `${where}.url`, 2_000);
  const position = floats(text(get(value, 'position')) ?? '');
  const size = floats(text(get(value, 'size')) ?? '');
  if (!url || !position || position.length < 2 || !size || size.length < 2) return undefined;
  const p = r.point(position[0], position[1], `${where}.position`);
  const width = r.length(size[0], `${where}.size`, { positive: true });
  const height = r.length(size[1], `${where}.size`, { positive: true });
  if (!p || width === undefined || height === undefined) return undefined;
  // "rx ry rz": the drawing turns in the plan about z
  const rotation = floats(text(get(value, 'rotation')) ?? '') ?? [];
  const [alpha, visible] = [text(get(value, 'alpha')), text(get(value, 'visible'))];
  return drawingOf(r, where, { url, position: p, width, height }, rotation[2] ?? 0, alpha, visible);
}

const readDesign: DesignReader = (d, j, where, r, floorHeight, settings) => {
  if (!r.expectObject(d, where, 'design', 'an element with content')) return undefined;
  checkUnits(d, where, r);
  const design = newDesign(r, where, j, text(get(d, 'name')), text(get(d, 'id')));
  const assets = readAssets(d);
  const thickness = settings.wallThickness ?? 20;

  const lines = members(d, 'lines', 'line');
  const wallRoom = r.quota(LIMITS.walls, `${where}.lines`, 'walls');
  const lineRoom = r.quota(LIMITS.lines + LIMITS.dimensions, `${where}.lines`, 'drawn and dimension lines');
  lines.forEach((l, k) => {
    const at = `${where}.lines[${k}]`;
    r.guard(at, undefined, () => {
      const type = text(get(l, 'type'))?.trim() ?? '';
      if (type.endsWith('_wall')) {
        if (!wallRoom()) return;
        const wall = readWall(l, at, `wall${k}`, type, r, floorHeight, thickness);
        if (wall) design.walls.push(wall);
        return;
      }
      if (!lineRoom()) return;
      readDrawnLine(l, at, type, r, design);
    });
  });

  const objects = members(d, 'objects', 'object');
  const itemRoom = r.quota(LIMITS.items, `${where}.objects`, 'items');
  const openingRoom = r.quota(LIMITS.openings, `${where}.objects`, 'doors and windows');
  const labelRoom = r.quota(LIMITS.labels, `${where}.objects`, 'texts');
  objects.forEach((o, k) => {
    const at = `${where}.objects[${k}]`;
    r.guard(at, undefined, () => {
      const type = text(get(o, 'type'))?.trim() ?? '';
      if (type === 'text') {
        if (!labelRoom()) return;
        readText(o, at, r, design);
        return;
      }
      if (type === 'door' || type === 'window' || type === 'opening') {
        if (!openingRoom()) return;
        readOpening(o, at, `opening${k}`, type, r, design);
        return;
      }
      if (type !== 'furniture') r.problem(`${at}.type`, `is "${type.slice(0, 20)}"; read as furniture`);
      if (!itemRoom()) return;
      const item = readItem(o, at, `item${k}`, r, assets);
      if (item) {
        design.items.push(item);
        if (item.stair) design.stairs.push(item);
      }
    });
  });
  for (const wall of design.walls) wall.openings.sort((p, q) => p.offset - q.offset);
  if (design.looseOpenings.length)
    r.problem(
      `${where}.objects`,
      `${design.looseOpenings.length} doors or windows lie on no wall; kept apart`,
    );

  // areas: `<areas><area>` with points, or (fml.rng) `<area>` holding `<line>` members
  const areas: unknown[] = [];
  for (const a of members(d, 'areas', 'area')) {
    const inner = get(a, 'line');
    if (Array.isArray(inner)) areas.push(...inner);
    else areas.push(a);
  }
  r.capped(areas, LIMITS.areas, `${where}.areas`, 'areas').forEach((a, k) => {
    const at = `${where}.areas[${k}]`;
    const area = r.guard(at, undefined, () => readArea(a, at, `area${k}`, r));
    if (area) design.areas.push(area);
  });
  design.cameras = readCameras(d, `${where}.cameras`, r);
  return design;
};

function readArea(a: unknown, where: string, id: string, r: FmlReader): FmlArea | undefined {
  const groups = groupsOf(text(get(a, 'points')));
  if (!groups) {
    r.problem(`${where}.points`, 'is missing or not numbers; area left out');
    return undefined;
  }
  const points: Vec2[] = [];
  for (const [i, g] of r.capped(groups, LIMITS.points, `${where}.points`, 'edges').entries()) {
    if (g.length < 3) {
      r.problem(`${where}.points`, `edge ${i} has ${g.length} numbers; left out`);
      continue;
    }
    const p = r.point(g[0], g[1], `${where}.points`);
    if (!p) continue;
    points.push(p);
    // an edge of nine numbers curves through a control point
    if (g.length >= 9) {
      const end = r.point(g[3], g[4], `${where}.points`);
      const c = r.point(g[6], g[7], `${where}.points`);
      if (end && c) {
        const n = curveSegments(p, c, end);
        for (let k = 1; k < n; k++) points.push(quadratic(p, c, end, k / n));
      }
    }
  }
  const ring = cleanRing(points);
  if (ring.length < 3) {
    r.problem(where, 'has fewer than 3 valid points; area left out');
    return undefined;
  }
  const polygon = ccw(ring);
  const m2 = areaM2(polygon);
  if (m2 < 1e-8) {
    r.problem(where, 'encloses no area; left out');
    return undefined;
  }
  const name = r.text(text(get(a, 'name')), `${where}.name`);
  const type = text(get(a, 'type'))?.trim();
  const area: FmlArea = {
    id,
    polygon,
    areaM2: m2,
    // the XML has no display flags: a named area shows its name and floor area
    showLabel: name !== undefined,
    showArea: name !== undefined,
    generated: type === 'generated_area',
  };
  if (name) area.name = name;
  const color = colour(text(get(a, 'color')));
  if (color) area.color = color;
  return area;
}

function readCameras(parent: unknown, where: string, r: FmlReader): FmlCamera[] {
  const out: FmlCamera[] = [];
  r.capped(members(parent, 'cameras', 'camera'), LIMITS.cameras, where, 'cameras').forEach((c, i) => {
    const at = `${where}[${i}]`;
    r.guard(at, undefined, () => {
      const p = floats(text(get(c, 'points')) ?? '');
      const d = floats(text(get(c, 'direction')) ?? '');
      const u = floats(text(get(c, 'u-vector')) ?? '') ?? [0, 0, 1];
      if (!p || p.length < 3 || !d || d.length < 3 || d.every((n) => n === 0)) {
        r.problem(at, 'has no valid position or direction; camera left out');
        return;
      }
      const xy = r.point(p[0], p[1], at);
      const z = r.length(p[2], `${at}.points`);
      const direction = r.direction(d[0], d[1], d[2], `${at}.direction`);
      const up = r.direction(u[0] ?? 0, u[1] ?? 0, u[2] ?? 1, `${at}.u-vector`);
      if (!xy || z === undefined || !direction || !up) return;
      const camera: FmlCamera = { position: [xy[0], xy[1], z], direction, up };
      const name = r.text(text(get(c, 'name')), `${at}.name`);
      if (name) camera.name = name;
      const type = r.text(text(get(c, 'type-name')), `${at}.type-name`, 40);
      if (type) camera.type = type;
      const fov = r.number(text(get(c, 'fov')), `${at}.fov`, false);
      if (fov !== undefined && fov > 0 && fov < 180) camera.fov = fov;
      out.push(camera);
    });
  });
  return out;
}
