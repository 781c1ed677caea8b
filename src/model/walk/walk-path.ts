/**
 * A way round what holds the walker, for a tap on the floor (docs/walk.md): when walking straight to the
 * spot tapped would be held (a sofa, a table, a wall between), the shortest way on a 10 cm grid of
 * places clear of every wall and piece (A*, eight neighbours, at most MAX_CELLS looked at), pulled
 * straight (each leg a line that keeps clear). A spot too close to something is reached as near
 * as a clear place lies (within 1 m); none: undefined, and the walker walks straight until held. Pure.
 */
import type { Vec2 } from '../types.js';
import { clearance, walk } from './walk-collide.js';
import type { WalkWorld } from './walk-world.js';

const CELL = 10;
/** How many grid places the search may look at (a 14 × 12 m floor has about 17 000). */
const MAX_CELLS = 40_000;
/** How far from a spot too close to something a clear place to end at may lie (cm). */
const NEAR_GOAL = 100;

/** Whether the straight line a→b keeps clear of everything (sampled every 2.5 cm). */
function lineClear(world: WalkWorld, a: Vec2, b: Vec2): boolean {
  const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 2.5);
  for (let k = 1; k <= steps; k++) {
    const t = k / steps;
    if (clearance(world, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]) < world.radius) return false;
  }
  return true;
}

/** Whether a straight walk from a to b gets there (within 1 cm). */
function reaches(world: WalkWorld, a: Vec2, b: Vec2): boolean {
  const end = walk(world, a, [b[0] - a[0], b[1] - a[1]]);
  return Math.hypot(end[0] - b[0], end[1] - b[1]) < 1;
}

/** The waypoints from `from` (clear) to `to`, the last one the spot itself (or the clear place nearest it). */
export function walkPath(world: WalkWorld, from: Vec2, to: Vec2): Vec2[] | undefined {
  if (reaches(world, from, to)) return [to];
  const columns = Math.max(1, Math.floor((world.max[0] - world.min[0]) / CELL) + 1);
  const rows = Math.max(1, Math.floor((world.max[1] - world.min[1]) / CELL) + 1);
  const centre = (i: number): Vec2 => [
    world.min[0] + (i % columns) * CELL,
    world.min[1] + Math.floor(i / columns) * CELL,
  ];
  const cellOf = (p: Vec2) => {
    const c = Math.min(columns - 1, Math.max(0, Math.round((p[0] - world.min[0]) / CELL)));
    const r = Math.min(rows - 1, Math.max(0, Math.round((p[1] - world.min[1]) / CELL)));
    return r * columns + c;
  };
  const clear = new Map<number, boolean>();
  const isClear = (i: number) => {
    let known = clear.get(i);
    if (known === undefined) clear.set(i, (known = clearance(world, centre(i)) >= world.radius));
    return known;
  };
  // where to end: the spot's cell when clear, else the clear cell nearest the spot within NEAR_GOAL
  const spot = clearance(world, to) >= world.radius;
  let goal = cellOf(to);
  if (!isClear(goal)) {
    let best = Infinity;
    const reach = Math.ceil(NEAR_GOAL / CELL);
    const [gc, gr] = [goal % columns, Math.floor(goal / columns)];
    for (let dr = -reach; dr <= reach; dr++)
      for (let dc = -reach; dc <= reach; dc++) {
        const c = gc + dc;
        const r = gr + dr;
        if (c < 0 || r < 0 || c >= columns || r >= rows) continue;
        const i = r * columns + c;
        const p = centre(i);
        const d = Math.hypot(p[0] - to[0], p[1] - to[1]);
        if (d < best && d <= NEAR_GOAL && isClear(i)) [best, goal] = [d, i];
      }
    if (!Number.isFinite(best)) return undefined;
  }
  const start = cellOf(from);
  const target = centre(goal);
  const heuristic = (i: number) => {
    const p = centre(i);
    return Math.hypot(p[0] - target[0], p[1] - target[1]);
  };
  // A* over the grid, the open set a binary heap (by f)
  const cost = new Map<number, number>([[start, 0]]);
  const came = new Map<number, number>();
  const open = new Heap();
  open.push(start, heuristic(start));
  const done = new Set<number>();
  let found = false;
  while (open.size && done.size < MAX_CELLS) {
    const i = open.pop();
    if (done.has(i)) continue;
    if (i === goal) {
      found = true;
      break;
    }
    done.add(i);
    const [c, r] = [i % columns, Math.floor(i / columns)];
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -1; dc <= 1; dc++) {
        if (!dr && !dc) continue;
        const nc = c + dc;
        const nr = r + dr;
        if (nc < 0 || nr < 0 || nc >= columns || nr >= rows) continue;
        const n = nr * columns + nc;
        if (done.has(n) || !isClear(n)) continue;
        const g = cost.get(i)! + (dr && dc ? Math.SQRT2 : 1) * CELL;
        if (g >= (cost.get(n) ?? Infinity)) continue;
        cost.set(n, g);
        came.set(n, i);
        open.push(n, g + heuristic(n));
      }
  }
  if (!found) return undefined;
  const cells: Vec2[] = [];
  for (let i: number | undefined = goal; i !== undefined && i !== start; i = came.get(i))
    cells.unshift(centre(i));
  if (spot) cells.push(to);
  // pulled straight: from each place on, as far along as the straight line keeps clear (sampled)
  const path: Vec2[] = [];
  let at = from;
  let next = 0;
  while (next < cells.length) {
    let far = next;
    while (far + 1 < cells.length && lineClear(world, at, cells[far + 1]!)) far++;
    path.push(cells[far]!);
    at = cells[far]!;
    next = far + 1;
  }
  return path;
}

/** A binary min-heap of grid places by their estimate. */
class Heap {
  readonly #items: number[] = [];
  readonly #keys: number[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(item: number, key: number): void {
    const items = this.#items;
    const keys = this.#keys;
    let at = items.length;
    items.push(item);
    keys.push(key);
    while (at > 0) {
      const up = (at - 1) >> 1;
      if (keys[up]! <= key) break;
      items[at] = items[up]!;
      keys[at] = keys[up]!;
      at = up;
    }
    items[at] = item;
    keys[at] = key;
  }

  pop(): number {
    const items = this.#items;
    const keys = this.#keys;
    const top = items[0]!;
    const item = items.pop()!;
    const key = keys.pop()!;
    if (items.length) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= items.length) break;
        const right = left + 1;
        const child = right < items.length && keys[right]! < keys[left]! ? right : left;
        if (keys[child]! >= key) break;
        items[at] = items[child]!;
        keys[at] = keys[child]!;
        at = child;
      }
      items[at] = item;
      keys[at] = key;
    }
    return top;
  }
}
