/**
 * FML JSON v3 walls and their openings: the centre line from `a`, `b` and `balance`, thickness
 * (0 is a divider), the heights at each end, a curve's control point, and each door or window
 * with its centre along the wall and its swing.
 */
import type { Vec2 } from '../types.js';
import { centreLine, polylineLength, wallPolyline } from './fml-geometry.js';
import { FmlReader, LIMITS, bool, idOf, isObject } from './fml-reader.js';
import type { FmlOpening, FmlSettings, FmlWall } from './types.js';

export function list(value: unknown, path: string, r: FmlReader, required = false): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null) {
    if (required) r.problem(path, 'is missing');
  } else r.problem(path, 'is not an array; left out');
  return [];
}

export function xy(value: unknown, where: string, r: FmlReader): Vec2 | undefined {
  if (!isObject(value)) {
    r.problem(where, value === undefined || value === null ? 'is missing' : 'is not an {x, y} point');
    return undefined;
  }
  return r.point(value.x, value.y, where);
}

export function readWall(
  w: unknown,
  where: string,
  k: number,
  r: FmlReader,
  floorHeight: number,
  settings: FmlSettings,
  budget: { left: number; reported: boolean },
): FmlWall | undefined {
  if (!r.expectObject(w, where, 'wall')) return undefined;
  const a0 = xy(w.a, `${where}.a`, r);
  const b0 = xy(w.b, `${where}.b`, r);
  if (!a0 || !b0) {
    r.problem(where, 'has no valid end points; wall left out');
    return undefined;
  }
  if (Math.hypot(b0[0] - a0[0], b0[1] - a0[1]) < 0.01) {
    r.problem(where, 'has no length; wall left out');
    return undefined;
  }
  // thickness 0 is real: an invisible room divider (the open kitchen of project 186997360)
  let thickness = r.length(w.thickness, `${where}.thickness`);
  if (thickness !== undefined && thickness < 0) {
    r.problem(`${where}.thickness`, `is negative (${thickness}); the default used`);
    thickness = undefined;
  }
  thickness ??= settings.wallThickness ?? 10;
  let balance = r.number(w.balance, `${where}.balance`, false) ?? 0.5;
  if (balance < 0 || balance > 1) {
    r.problem(`${where}.balance`, `is outside 0..1 (${balance}); 0.5 used`);
    balance = 0.5;
  }
  const [a, b] = centreLine(a0, b0, thickness, balance);
  const wall: FmlWall = {
    id: idOf(w.guid) ?? `wall${k}`,
    a,
    b,
    thickness,
    height: floorHeight,
    heightEnd: floorHeight,
    base: 0,
    kind: 'wall',
    openings: [],
  };
  if (w.c !== undefined && w.c !== null) {
    const c0 = xy(w.c, `${where}.c`, r);
    // the control point moves with the line, by the same balance shift
    if (c0) wall.control = [c0[0] + (a[0] - a0[0]), c0[1] + (a[1] - a0[1])];
  }
  const heightAt = (end: unknown, at: string): { z?: number; h?: number } => {
    if (!isObject(end)) return {};
    const z = r.length(end.z, `${at}.z`, { required: false });
    const h = r.length(end.h, `${at}.h`, { required: false });
    if (h !== undefined && h < 0) r.problem(`${at}.h`, `is negative (${h}); the floor height used`);
    return { ...(z !== undefined ? { z } : {}), ...(h !== undefined && h >= 0 ? { h } : {}) };
  };
  const az = heightAt(w.az, `${where}.az`);
  const bz = heightAt(w.bz, `${where}.bz`);
  wall.height = az.h ?? bz.h ?? floorHeight;
  wall.heightEnd = bz.h ?? az.h ?? floorHeight;
  wall.base = az.z ?? bz.z ?? 0;

  const length = polylineLength(wallPolyline(wall));
  const openings = list(w.openings, `${where}.openings`, r);
  openings.forEach((o, i) => {
    const at = `${where}.openings[${i}]`;
    if (budget.left <= 0) {
      if (!budget.reported)
        r.problem(at, `more than ${LIMITS.openings} openings in the design; the rest left out`);
      budget.reported = true;
      return;
    }
    const opening = r.guard(at, undefined, () => readOpening(o, at, `${wall.id}.${i}`, length, r));
    if (opening) {
      wall.openings.push(opening);
      budget.left--;
    }
  });
  wall.openings.sort((p, q) => p.offset - q.offset);
  return wall;
}

export function mirroredOf(value: unknown): [boolean, boolean] {
  if (Array.isArray(value)) return [bool(value[0]) === true, bool(value[1]) === true];
  return [false, false];
}

function readOpening(
  o: unknown,
  where: string,
  fallbackId: string,
  wallLength: number,
  r: FmlReader,
): FmlOpening | undefined {
  if (!r.expectObject(o, where, 'opening')) return undefined;
  const kind = o.type === 'door' || o.type === 'window' ? o.type : undefined;
  if (!kind) {
    r.problem(`${where}.type`, `is not door or window (${String(o.type).slice(0, 20)}); opening left out`);
    return undefined;
  }
  const t = r.number(o.t, `${where}.t`);
  let width = r.length(o.width, `${where}.width`, { positive: true });
  const height = r.length(o.z_height, `${where}.z_height`, { positive: true });
  const sill = r.length(o.z, `${where}.z`, { required: false }) ?? 0;
  if (t === undefined || width === undefined || height === undefined) {
    r.problem(where, 'opening left out');
    return undefined;
  }
  if (width > wallLength) {
    r.problem(
      `${where}.width`,
      `is wider than its wall (${Math.round(width)} > ${Math.round(wallLength)} cm); narrowed`,
    );
    width = wallLength;
  }
  // `t` is the opening's centre as a fraction of the wall line (the real files: 304 of 317 fit
  // inside their wall taken so); one sticking out past an end is moved in.
  const offset = Math.min(Math.max(t * wallLength, width / 2), wallLength - width / 2);
  const mirrored = mirroredOf(o.mirrored);
  const opening: FmlOpening = {
    id: idOf(o.guid) ?? fallbackId,
    kind,
    offset,
    width,
    height,
    sill: Math.max(0, sill),
    mirrored,
    // checked against the service's export of project 186997360 (docs/fml.md): mirrored[1]
    // swings the leaf to the wall's right (our frame), mirrored[0] puts the hinges at its end
    swingSide: mirrored[1] ? -1 : 1,
    hinge: mirrored[0] ? 'end' : 'start',
  };
  const refid = idOf(o.refid);
  if (refid) opening.refid = refid;
  return opening;
}
