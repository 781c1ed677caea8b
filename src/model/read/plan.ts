/** The plan: points, walls with their openings and areas, read leniently (see read-model.ts). */
import type { ModelArea, ModelWall, RoomModel, Vec2 } from '../types.js';
import { DEFAULT_WALL_HEIGHT, DEFAULT_WALL_THICKNESS, Reader, entriesOf, isObject } from './reader.js';
import { MODEL_LIMITS, capped } from './reader.js';

export function readPlan(plan: unknown, path: string, r: Reader, model: RoomModel): void {
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
    capped(rawPoints, MODEL_LIMITS.points, `${path}.points`, r).forEach((p, i) => {
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
  /** Each wall or area (keyed or listed, up to its cap) read by `readMember` behind its own guard. */
  const readMembers = <T>(
    key: 'walls' | 'areas',
    readMember: (name: string, value: unknown, where: string) => T | undefined,
    into: T[],
  ) => {
    const value = plan[key];
    if (value !== undefined && !isObject(value) && !Array.isArray(value))
      r.problem(`${path}.${key}`, 'is not an object');
    const members = entriesOf(value, key === 'walls' ? 'wall' : 'area');
    for (const [name, member] of capped(members, MODEL_LIMITS[key], `${path}.${key}`, r)) {
      const where = `${path}.${key}.${name}`;
      r.guard(where, undefined, () => {
        const read = readMember(name, member, where);
        if (read) into.push(read);
      });
    }
  };
  readMembers(
    'walls',
    (name, w, where) => readWall(name, w, where, r, pointIndex, model.points),
    model.walls,
  );
  // every area within MODEL_LIMITS.areaVertices, and all of them within areaVertexTotal
  let vertexBudget: number = MODEL_LIMITS.areaVertexTotal;
  readMembers(
    'areas',
    (name, a, where) => {
      if (vertexBudget < 0) return undefined;
      const count = isObject(a) && Array.isArray(a.indices) ? a.indices.length : 0;
      if (count > MODEL_LIMITS.areaVertices) {
        r.problem(where, `has ${count} vertices, more than ${MODEL_LIMITS.areaVertices}; area left out`);
        return undefined;
      }
      if (count > vertexBudget) {
        vertexBudget = -1;
        r.limit(
          where,
          `the areas have more than ${MODEL_LIMITS.areaVertexTotal} vertices together; this area and the rest left out`,
        );
        return undefined;
      }
      vertexBudget -= count;
      return readArea(name, a, where, r, pointIndex, model.points);
    },
    model.areas,
  );
}

export function readWall(
  name: string,
  w: unknown,
  where: string,
  r: Reader,
  pointIndex: (value: unknown, where: string) => number | undefined,
  points: Vec2[],
): ModelWall | undefined {
  if (!r.expectObject(w, where, 'wall')) return undefined;
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

export function readArea(
  name: string,
  a: unknown,
  where: string,
  r: Reader,
  pointIndex: (value: unknown, where: string) => number | undefined,
  points: Vec2[],
): ModelArea | undefined {
  if (!r.expectObject(a, where, 'area')) return undefined;
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
