/** The furniture: components with their kind, bounding box and transform, read leniently. */
import type { ComponentKind, ModelComponent, Vec3 } from '../types.js';
import { Reader, copyPlain, isObject, preview, type Obj } from './reader.js';
import { MODEL_LIMITS, capped } from './reader.js';

const DEFAULT_BOX: [Vec3, Vec3] = [
  [-25, -25, 0],
  [25, 25, 50],
];

export function readComponents(value: unknown, path: string, r: Reader): ModelComponent[] {
  const out: ModelComponent[] = [];
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value)) {
    r.problem(path, 'is not an array');
    return out;
  }
  let openings = 0;
  let openingsLeft = 0;
  capped(value, MODEL_LIMITS.components, path, r).forEach((item, i) => {
    const where = `${path}[${i}]`;
    r.guard(where, undefined, () => {
      const component = readComponent(item, i, where, r);
      if (!component) return;
      // doors and windows each cut a wall and draw a symbol: their own, smaller cap
      if (component.kind !== 'furniture' && ++openings > MODEL_LIMITS.openings) openingsLeft++;
      else out.push(component);
    });
  });
  if (openingsLeft)
    r.limit(
      path,
      `has ${openings} doors, windows and openings; only the first ${MODEL_LIMITS.openings} are read`,
    );
  return out;
}

function kindOf(type: unknown, category: string | null | undefined): ComponentKind {
  if (type !== 'ArchitecturalComponent') return 'furniture';
  const c = (category ?? '').toLowerCase();
  if (c.includes('door')) return 'door';
  if (c.includes('window')) return 'window';
  return 'opening';
}

export function readComponent(
  item: unknown,
  i: number,
  where: string,
  r: Reader,
): ModelComponent | undefined {
  if (!r.expectObject(item, where, 'component')) return undefined;
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

export function readBox(value: unknown, path: string, r: Reader): [Vec3, Vec3] {
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
