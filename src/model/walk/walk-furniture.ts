/**
 * Furniture that holds the walker (docs/walk.md): every piece of the room model that stands where a
 * body is. A piece holds when its box reaches higher than LOW (a rug, a bath mat, a floor cushion
 * does not) and starts lower than HEAD (a lamp hung from the ceiling does not); a staircase is the
 * stairs' business (walk-world.ts) and a plan symbol (north arrow, entrance arrow) is no thing at all.
 * Its footprint is its box seen from above: a rectangle turned as the piece is turned about the
 * vertical (a tilted piece: the rectangle, so turned, around all of its box). Model frame, cm. Pure.
 */
import type { ModelComponent, RoomModel, Vec2 } from '../types.js';

/** A piece whose box reaches no higher than this above the floor is walked over (cm). */
export const LOW = 30;
/** A piece whose box starts this high above the floor or higher is walked under (cm). */
export const HEAD = 180;
/** A footprint thinner than this (cm) is no obstacle: a drawn line, a picture on a wall. */
const THIN = 1;

/** A piece in the walker's way: its footprint (four corners, counter-clockwise) and the piece's id. */
export interface WalkObstacle {
  id: string;
  polygon: Vec2[];
}

const RAD = Math.PI / 180;

/** A point of the piece's own frame in the model's: rotated x first, then y, then z (components.ts). */
function place(c: ModelComponent, p: readonly number[]): [number, number, number] {
  const [ax, ay, az] = c.rotation.map((d) => (Number.isFinite(d) ? d * RAD : 0)) as [number, number, number];
  let [x, y, z] = p as [number, number, number];
  // about x
  [y, z] = [y * Math.cos(ax) - z * Math.sin(ax), y * Math.sin(ax) + z * Math.cos(ax)];
  // about y
  [x, z] = [x * Math.cos(ay) + z * Math.sin(ay), -x * Math.sin(ay) + z * Math.cos(ay)];
  // about z
  [x, y] = [x * Math.cos(az) - y * Math.sin(az), x * Math.sin(az) + y * Math.cos(az)];
  return [x + c.position[0], y + c.position[1], z + c.position[2]];
}

/** The footprint of one piece when it holds the walker, else undefined. */
export function obstacleOf(c: ModelComponent): WalkObstacle | undefined {
  if (c.kind !== 'furniture' || c.category === 'stair' || c.category === 'symbol') return undefined;
  const [min, max] = c.boundingBox;
  if (![...min, ...max, ...c.position].every(Number.isFinite)) return undefined;
  const corners: [number, number, number][] = [];
  for (const x of [min[0], max[0]])
    for (const y of [min[1], max[1]]) for (const z of [min[2], max[2]]) corners.push(place(c, [x, y, z]));
  const low = Math.min(...corners.map((p) => p[2]));
  const high = Math.max(...corners.map((p) => p[2]));
  if (high <= LOW || low >= HEAD) return undefined;
  // the rectangle around the corners in the frame the piece is turned to about the vertical
  const turn = Number.isFinite(c.rotation[2]) ? c.rotation[2] * RAD : 0;
  const u: Vec2 = [Math.cos(turn), Math.sin(turn)];
  const v: Vec2 = [-u[1], u[0]];
  const along = corners.map((p) => p[0] * u[0] + p[1] * u[1]);
  const across = corners.map((p) => p[0] * v[0] + p[1] * v[1]);
  const [u0, u1] = [Math.min(...along), Math.max(...along)];
  const [v0, v1] = [Math.min(...across), Math.max(...across)];
  if (u1 - u0 < THIN || v1 - v0 < THIN) return undefined;
  const at = (a: number, b: number): Vec2 => [a * u[0] + b * v[0], a * u[1] + b * v[1]];
  return { id: c.id, polygon: [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)] };
}

/** Every piece of the model that holds the walker (the floor shown: the model is one floor). */
export function walkFurniture(model: Pick<RoomModel, 'components'>): WalkObstacle[] {
  const out: WalkObstacle[] = [];
  for (const c of model.components) {
    const obstacle = obstacleOf(c);
    if (obstacle) out.push(obstacle);
  }
  return out;
}
