/**
 * Legacy FML XML `<object>` members: furniture (stairs named by their asset), `text` labels, and
 * doors and windows, which the XML keeps as free objects and the reader puts into their wall.
 */
import type { Vec2, Vec3 } from '../types.js';
import { footprint, polylineLength, projectOnPolyline, wallPolyline } from './fml-geometry.js';
import { FmlReader, LIMITS, bool, colour, idOf } from './fml-reader.js';
import { first, floats, get, members, text } from './fml-xml-nodes.js';
import type { FmlDesign, FmlItem, FmlOpening, FmlWall } from './types.js';

/** How far (cm) a door or window may lie off a wall's centre line, past half its thickness, and still be in it. */
const OPENING_TOLERANCE = 10;

export interface Asset {
  name?: string;
}

export function readAssets(d: unknown): Map<string, Asset> {
  const out = new Map<string, Asset>();
  for (const a of members(d, 'assets', 'asset').slice(0, 10_000)) {
    const id = idOf(get(a, '@_id'));
    if (!id) continue;
    const name = text(get(a, 'name'))?.trim().slice(0, LIMITS.name);
    out.set(id, name ? { name } : {});
  }
  return out;
}

/** The object's position, size (w, d, h in cm), rotation (ours) and mirror flags. */
function placement(o: unknown, where: string, r: FmlReader) {
  const p = floats(text(get(o, 'points')) ?? '');
  const s = floats(text(get(o, 'size')) ?? '');
  if (!p || p.length < 2) {
    r.problem(`${where}.points`, 'is missing or not numbers; left out');
    return undefined;
  }
  const position = r.point(p[0], p[1], `${where}.points`);
  const z = r.length(p[2] ?? 0, `${where}.points`) ?? 0;
  if (!position) return undefined;
  const size = s && s.length >= 3 ? s.map((n) => n * r.scale) : undefined;
  const rotation = floats(text(get(o, 'rotation')) ?? '') ?? [];
  const mirror = (text(get(o, 'mirrored')) ?? '').trim().split(/\s+/);
  return {
    position,
    z,
    size,
    rotation: r.angle(rotation[2] ?? 0, `${where}.rotation`),
    mirrored: [bool(mirror[0]) === true, bool(mirror[1]) === true] as [boolean, boolean],
  };
}

export function readText(o: unknown, where: string, r: FmlReader, design: FmlDesign): void {
  const at = placement(o, where, r);
  const raw = text(get(o, 'text'));
  if (!at || raw === undefined) return;
  // the Flash editor stored texts URL-encoded ("h%3D2%2E40m", "%0D" for a new line)
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    r.problem(`${where}.text`, 'is not valid URL encoding; shown as sent');
  }
  const value = r.text(decoded, `${where}.text`, LIMITS.text);
  if (!value) return;
  const align = text(get(o, 'align'))?.trim();
  const label: FmlDesign['labels'][number] = {
    position: at.position,
    text: value,
    align: align === 'left' || align === 'right' ? align : 'center',
    rotation: at.rotation,
    bold: bool(text(get(o, 'font-bold'))) === true,
  };
  const size = r.number(text(get(o, 'font-size')), `${where}.font-size`, false);
  if (size !== undefined && size > 0) label.fontSize = Math.min(size, 500);
  const family = r.text(text(get(o, 'font-family')), `${where}.font-family`, 100);
  if (family) label.fontFamily = family;
  const color = colour(text(get(o, 'font-color')));
  if (color) label.color = color;
  const alpha = r.number(text(get(o, 'background-alpha')), `${where}.background-alpha`, false);
  const background = colour(text(get(o, 'background-color')));
  if (background && alpha !== 0) label.background = background;
  design.labels.push(label);
}

export function readItem(
  o: unknown,
  where: string,
  id: string,
  r: FmlReader,
  assets: Map<string, Asset>,
): FmlItem | undefined {
  const at = placement(o, where, r);
  if (!at) return undefined;
  if (!at.size || !(at.size[0]! > 0) || !(at.size[1]! > 0)) {
    r.problem(`${where}.size`, 'is missing or not positive; item left out');
    return undefined;
  }
  const [width, depth, height] = at.size as [number, number, number];
  const item: FmlItem = {
    id,
    position: [at.position[0], at.position[1], at.z] as Vec3,
    width,
    depth,
    height: Math.max(0, height),
    rotation: at.rotation,
    mirrored: at.mirrored,
    footprint: footprint(at.position, width, depth, at.rotation),
  };
  const refid = idOf(get(first(get(o, 'asset')), '@_refid'));
  if (refid) {
    item.refid = refid;
    const name = assets.get(refid)?.name;
    if (name) {
      item.name = name;
      if (/stair|treppe|trap\b|escal/i.test(name)) item.stair = true;
    }
  }
  return item;
}

/**
 * A door or window is a free object in the XML: it is put into the wall whose centre line it lies
 * on (within half the wall's thickness + 10 cm). Its frame decides the swing: the leaf opens to
 * the object's own left (our frame) unless mirrored in y, hinges at its own start unless mirrored
 * in x (the JSON's rule, read-fml-json.ts), turned into the wall's terms.
 */
export function readOpening(
  o: unknown,
  where: string,
  id: string,
  type: string,
  r: FmlReader,
  design: FmlDesign,
): void {
  const at = placement(o, where, r);
  if (!at) return;
  if (!at.size || !(at.size[0]! > 0) || !(at.size[2]! > 0)) {
    r.problem(`${where}.size`, 'is missing or not positive; opening left out');
    return;
  }
  const kind = type as FmlOpening['kind'];
  const width = at.size[0]!;
  const height = at.size[2]!;
  const r0 = (at.rotation * Math.PI) / 180;
  const ownX: Vec2 = [Math.cos(r0), Math.sin(r0)];
  const ownLeft: Vec2 = [-ownX[1], ownX[0]];
  const opening: FmlOpening = {
    id,
    kind,
    offset: 0,
    width,
    height,
    sill: Math.max(0, at.z),
    mirrored: at.mirrored,
    swingSide: 1,
    hinge: 'start',
    position: at.position,
  };
  const refid = idOf(get(first(get(o, 'asset')), '@_refid'));
  if (refid) opening.refid = refid;

  let best:
    { wall: FmlWall; hit: NonNullable<ReturnType<typeof projectOnPolyline>>; line: Vec2[] } | undefined;
  for (const wall of design.walls) {
    const line = wallPolyline(wall);
    const hit = projectOnPolyline(line, at.position);
    if (!hit || hit.distance > wall.thickness / 2 + OPENING_TOLERANCE || hit.beyond > OPENING_TOLERANCE)
      continue;
    if (!best || hit.distance < best.hit.distance) best = { wall, hit, line };
  }
  if (!best) {
    design.looseOpenings.push(opening);
    return;
  }
  const length = polylineLength(best.line);
  opening.width = Math.min(width, length);
  opening.offset = Math.min(Math.max(best.hit.offset, opening.width / 2), length - opening.width / 2);
  const dir = best.hit.dir;
  const wallLeft: Vec2 = [-dir[1], dir[0]];
  const swing = at.mirrored[1] ? [-ownLeft[0], -ownLeft[1]] : ownLeft;
  opening.swingSide = swing[0]! * wallLeft[0] + swing[1]! * wallLeft[1] >= 0 ? 1 : -1;
  const hingeDir = at.mirrored[0] ? ownX : [-ownX[0], -ownX[1]];
  opening.hinge = hingeDir[0]! * dir[0] + hingeDir[1]! * dir[1] > 0 ? 'end' : 'start';
  delete opening.position;
  best.wall.openings.push(opening);
}
