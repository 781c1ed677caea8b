/**
 * FML JSON v3 design members other than walls: areas and surfaces, items, labels, dimension lines
 * and drawn lines. Each is checked and converted to our frame; a bad one is a problem.
 */
import type { Vec2, Vec3 } from '../types.js';
import { areaM2, ccw, cleanRing, footprint } from './fml-geometry.js';
import { FmlReader, LIMITS, bool, colour, idOf } from './fml-reader.js';
import { list, mirroredOf, xy } from './read-fml-json-walls.js';
import type { FmlArea, FmlDimension, FmlItem, FmlLabel, FmlLine } from './types.js';

function readPolygon(value: unknown, where: string, r: FmlReader): Vec2[] | undefined {
  const raw = list(value, where, r, true);
  const points: Vec2[] = [];
  r.capped(raw, LIMITS.points, where, 'points').forEach((p, i) => {
    const point = xy(p, `${where}[${i}]`, r);
    if (point) points.push(point);
  });
  const ring = cleanRing(points);
  if (ring.length < 3) {
    r.problem(where, 'has fewer than 3 valid points; left out');
    return undefined;
  }
  const ordered = ccw(ring);
  if (areaM2(ordered) < 1e-8) {
    r.problem(where, 'encloses no area; left out');
    return undefined;
  }
  return ordered;
}

export function readArea(a: unknown, where: string, fallbackId: string, r: FmlReader): FmlArea | undefined {
  if (!r.expectObject(a, where)) return undefined;
  const polygon = readPolygon(a.poly, `${where}.poly`, r);
  if (!polygon) return undefined;
  const typeName = r.text(a.name, `${where}.name`);
  const custom = r.text(a.customName, `${where}.customName`);
  const name = custom ?? typeName;
  const area: FmlArea = {
    id: idOf(a.guid) ?? fallbackId,
    polygon,
    areaM2: areaM2(polygon),
    showLabel: bool(a.showAreaLabel) !== false && name !== undefined,
    showArea: bool(a.showSurfaceArea) === true,
  };
  if (name !== undefined) area.name = name;
  if (custom !== undefined && typeName !== undefined && custom !== typeName) area.typeName = typeName;
  const color = colour(a.color);
  if (color) area.color = color;
  const role = r.number(a.role, `${where}.role`, false);
  if (role !== undefined && Number.isInteger(role)) area.role = role;
  if (a.name_x !== undefined || a.name_y !== undefined) {
    const offset = r.point(a.name_x ?? 0, a.name_y ?? 0, `${where}.name`);
    if (offset && (offset[0] || offset[1])) area.labelOffset = offset;
  }
  const thickness = r.length(a.thickness, `${where}.thickness`, { required: false, positive: true });
  if (thickness !== undefined) area.thickness = thickness;
  if (bool(a.isCutout) === true) area.cutout = true;
  return area;
}

/** A stair by its name, in the languages the service's catalogues speak (XML assets and JSON items alike). */
export const STAIR_NAME = /stair|treppe|trap\b|escal/i;

export function readItem(v: unknown, where: string, k: number, r: FmlReader): FmlItem | undefined {
  if (!r.expectObject(v, where, 'item')) return undefined;
  const centre = r.point(v.x, v.y, where);
  const z = r.length(v.z, `${where}.z`, { required: false }) ?? 0;
  const width = r.length(v.width, `${where}.width`, { positive: true });
  const depth = r.length(v.height, `${where}.height`, { positive: true });
  // plan symbols have z_height 0: flat, but still a footprint
  const height = r.length(v.z_height, `${where}.z_height`, { required: false }) ?? 0;
  if (!centre || width === undefined || depth === undefined) {
    r.problem(where, 'has no valid position or size; item left out');
    return undefined;
  }
  const rotation = r.angle(v.rotation, `${where}.rotation`);
  const item: FmlItem = {
    id: idOf(v.guid) ?? `item${k}`,
    position: [centre[0], centre[1], z] as Vec3,
    width,
    depth,
    height: Math.max(0, height),
    rotation,
    mirrored: mirroredOf(v.mirrored),
    footprint: footprint(centre, width, depth, rotation),
  };
  const refid = idOf(v.refid);
  if (refid) {
    item.refid = refid;
    if (refid.startsWith('sym-')) item.symbol = true;
  }
  // walk mode: a staircase the document names as one (its `name`, else a readable `refid`), as the XML reader does
  const name = r.text(v.name, `${where}.name`, 200);
  if (name) item.name = name;
  if (STAIR_NAME.test(name ?? '') || STAIR_NAME.test(refid ?? '')) item.stair = true;
  return item;
}

export function readLabel(v: unknown, where: string, r: FmlReader): FmlLabel | undefined {
  if (!r.expectObject(v, where, 'label')) return undefined;
  const position = r.point(v.x, v.y, where);
  const text = r.text(v.text, `${where}.text`, LIMITS.text);
  if (!position || !text) {
    if (position) r.problem(`${where}.text`, 'is empty; label left out');
    return undefined;
  }
  const label: FmlLabel = {
    position,
    text,
    align: v.align === 'left' || v.align === 'right' ? v.align : 'center',
    rotation: r.angle(v.rotation, `${where}.rotation`),
    bold: bool(v.bold) === true,
  };
  const size = r.number(v.fontSize, `${where}.fontSize`, false);
  if (size !== undefined && size > 0) label.fontSize = Math.min(size, 500);
  const family = r.text(v.fontFamily, `${where}.fontFamily`, 100);
  if (family) label.fontFamily = family;
  const color = colour(v.fontColor);
  if (color) label.color = color;
  const background = colour(v.backgroundColor);
  if (background) label.background = background;
  return label;
}

export function readDimension(v: unknown, where: string, r: FmlReader): FmlDimension | undefined {
  if (!r.expectObject(v, where, 'dimension')) return undefined;
  const a = xy(v.a, `${where}.a`, r);
  const b = xy(v.b, `${where}.b`, r);
  if (!a || !b) return undefined;
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (length < 0.01) {
    r.problem(where, 'has no length; left out');
    return undefined;
  }
  return { a, b, length };
}

export function readLine(v: unknown, where: string, r: FmlReader): FmlLine | undefined {
  if (!r.expectObject(v, where, 'line')) return undefined;
  const a = xy(v.a, `${where}.a`, r);
  const b = xy(v.b, `${where}.b`, r);
  if (!a || !b) return undefined;
  const line: FmlLine = { a, b, style: v.type === 'dashed_line' ? 'dashed' : 'solid' };
  const color = colour(v.color);
  if (color) line.color = color;
  const thickness = r.number(v.thickness, `${where}.thickness`, false);
  if (thickness !== undefined && thickness > 0) line.thickness = Math.min(thickness, 100);
  return line;
}
