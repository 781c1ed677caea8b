/**
 * Legacy FML XML `<line>` members: walls (`default_wall`, `normal_wall`, `banister_wall`) with
 * their base, top, optional curve control point and balance; drawn lines and dimension lines.
 */
import type { Vec2 } from '../types.js';
import { FmlReader, colour } from './fml-reader.js';
import { get, groupsOf, text } from './fml-xml-nodes.js';
import type { FmlDesign, FmlWall, FmlWallKind } from './types.js';

function kindOf(type: string): FmlWallKind {
  if (type === 'normal_wall') return 'normal';
  if (type === 'banister_wall') return 'banister';
  return 'wall';
}

export function readWall(
  l: unknown,
  where: string,
  id: string,
  type: string,
  r: FmlReader,
  floorHeight: number,
  defaultThickness: number,
): FmlWall | undefined {
  const groups = groupsOf(text(get(l, 'points')));
  if (!groups || !groups[0]) {
    r.problem(`${where}.points`, 'is missing or not numbers; wall left out');
    return undefined;
  }
  let bottom = groups[0];
  let top = groups[1];
  // twelve or fifteen floats with no comma: bottom (and control) then top
  if (!top && (bottom.length === 12 || bottom.length === 15)) {
    top = bottom.slice(bottom.length - 6);
    bottom = bottom.slice(0, bottom.length - 6);
  }
  if (bottom.length !== 6 && bottom.length !== 9) {
    r.problem(
      `${where}.points`,
      `has ${bottom.length} numbers for the wall's base (6 or 9 expected); wall left out`,
    );
    return undefined;
  }
  const a = r.point(bottom[0], bottom[1], `${where}.points`);
  const b = r.point(bottom[3], bottom[4], `${where}.points`);
  if (!a || !b) return undefined;
  if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 0.01) {
    r.problem(where, 'has no length; wall left out');
    return undefined;
  }
  let thickness = r.length(text(get(l, 'thickness')), `${where}.thickness`, { required: false });
  if (thickness !== undefined && thickness < 0) {
    r.problem(`${where}.thickness`, `is negative; the default used`);
    thickness = undefined;
  }
  thickness ??= defaultThickness;
  const base = r.length(bottom[2], `${where}.points`) ?? 0;
  const baseEnd = r.length(bottom[5], `${where}.points`) ?? base;
  const own = r.length(text(get(l, 'height')), `${where}.height`, { required: false, positive: true });
  let height = own ?? floorHeight;
  let heightEnd = height;
  if (top && top.length >= 6) {
    const ta = r.length(top[2], `${where}.points`);
    const tb = r.length(top[5], `${where}.points`);
    if (ta !== undefined && ta - base > 0) height = ta - base;
    if (tb !== undefined && tb - baseEnd > 0) heightEnd = tb - baseEnd;
    else heightEnd = height;
  }
  const wall: FmlWall = {
    id,
    a,
    b,
    thickness,
    height,
    heightEnd,
    base: Math.max(0, base),
    kind: kindOf(type),
    openings: [],
  };
  if (bottom.length === 9) {
    const c = r.point(bottom[6], bottom[7], `${where}.points`);
    if (c) wall.control = c;
  }
  const balance = r.number(text(get(l, 'balance')), `${where}.balance`, false);
  if (balance !== undefined && balance !== 0.5 && balance >= 0 && balance <= 1) {
    // same rule as the JSON (read-fml-json.ts): move the line to the wall's centre
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const shift = (0.5 - balance) * thickness;
    const n: Vec2 = [((b[1] - a[1]) / length) * shift, (-(b[0] - a[0]) / length) * shift];
    wall.a = [a[0] + n[0], a[1] + n[1]];
    wall.b = [b[0] + n[0], b[1] + n[1]];
    if (wall.control) wall.control = [wall.control[0] + n[0], wall.control[1] + n[1]];
  }
  return wall;
}

export function readDrawnLine(
  l: unknown,
  where: string,
  type: string,
  r: FmlReader,
  design: FmlDesign,
): void {
  const groups = groupsOf(text(get(l, 'points')));
  const g = groups?.[0];
  if (!g || g.length < 6) {
    r.problem(`${where}.points`, 'is missing or not numbers; line left out');
    return;
  }
  const a = r.point(g[0], g[1], `${where}.points`);
  const b = r.point(g[3], g[4], `${where}.points`);
  if (!a || !b) return;
  if (type.includes('dimension')) {
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < 0.01) {
      r.problem(where, 'has no length; dimension left out');
      return;
    }
    const label = r.text(text(get(l, 'text')) ?? text(get(l, 'custom-text')), `${where}.text`, 100);
    design.dimensions.push(label ? { a, b, length, text: label } : { a, b, length });
    return;
  }
  if (!type.endsWith('_line')) {
    r.problem(`${where}.type`, `is "${type.slice(0, 30)}", not a wall, line or dimension; left out`);
    return;
  }
  const line: FmlDesign['lines'][number] = { a, b, style: type.includes('dash') ? 'dashed' : 'solid' };
  const color = colour(text(get(l, 'color')));
  if (color) line.color = color;
  const thickness = r.length(text(get(l, 'thickness')), `${where}.thickness`, {
    required: false,
    positive: true,
  });
  if (thickness !== undefined) line.thickness = Math.min(thickness, 100);
  design.lines.push(line);
}
