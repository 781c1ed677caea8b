/**
 * A way round what holds the walker, for a tap on the floor (docs/walk.md): when walking straight to the
 * spot tapped would be held (a sofa, a table, a wall between), the shortest way on a 10 cm grid of
 * places clear of every wall and piece (A*, eight neighbours, at most MAX_CELLS looked at), pulled
 * straight (each leg a line that keeps clear). A spot too close to something is reached as near
 * as a clear place lies (within 1 m); none: undefined, and the walker walks straight until held. Pure.
 *
 * Bounded (issue 38's follow-up): a place's clearance is asked of the few blockers near it
 * (walk-grid.ts), the search stops at MAX_CELLS with "no way", and walkPathSliced() does the same search
 * in slices of a few milliseconds that give the thread back in between, so a tap on a very large plan
 * makes no long task where the viewer draws on the page's thread. walkPath() is the same search at once.
 */
import type { Vec2 } from '../types.js';
import { walk } from './walk-collide.js';
import { clearGrid, type ClearGrid } from './walk-grid.js';
import type { WalkWorld } from './walk-world.js';

const CELL = 10;
/** How many grid places the search may look at (a 14 × 12 m floor has about 17 000). */
const MAX_CELLS = 40_000;
/** How far from a spot too close to something a clear place to end at may lie (cm). */
const NEAR_GOAL = 100;
/** Places looked at (or lines sampled) between two looks at the clock in walkPathSliced(). */
const CHECK_EVERY = 64;
/** walkPathSliced()'s slice: the thread is given back after about this long (ms). */
export const PATH_SLICE_MS = 8;

/** Whether the straight line a→b keeps clear of everything (sampled every 2.5 cm). */
function lineClear(grid: ClearGrid, a: Vec2, b: Vec2): boolean {
  const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 2.5);
  for (let k = 1; k <= steps; k++) {
    const t = k / steps;
    if (!grid.clear([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t])) return false;
  }
  return true;
}

/** How far a straight walk goes between two looks at the clock (cm; walk() steps 5 cm at a time). */
const LEG = 40;

/**
 * Whether a straight walk from a to b gets there (within 1 cm), walked LEG at a time: held, or pushed
 * off the line by more than 1 cm (slid along a wall or a piece), it does not, and the walk along the
 * line stops there (a walker sliding along a wall across a very large plan cost seconds when walked
 * to the end first).
 */
function* reaches(world: WalkWorld, a: Vec2, b: Vec2): Generator<void, boolean> {
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const legs = Math.max(1, Math.ceil(length / LEG));
  let p = a;
  for (let k = 1; k <= legs; k++) {
    const t = k / legs;
    const aim: Vec2 = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    p = walk(world, p, [aim[0] - p[0], aim[1] - p[1]]);
    if (Math.hypot(p[0] - aim[0], p[1] - aim[1]) >= 1) return false;
    if (k % 4 === 0) yield;
  }
  return true;
}

/** The waypoints from `from` (clear) to `to`, the last one the spot itself (or the clear place nearest it). */
export function walkPath(world: WalkWorld, from: Vec2, to: Vec2): Vec2[] | undefined {
  const search = searchPath(world, from, to);
  for (;;) {
    const step = search.next();
    if (step.done) return step.value;
  }
}

/**
 * walkPath() in slices of about `sliceMs`, giving the thread back (`yieldToPage`) in between: the same
 * way, found without a long task. `stale()` true (another tap, a key, the walk left) stops it: undefined.
 */
export async function walkPathSliced(
  world: WalkWorld,
  from: Vec2,
  to: Vec2,
  yieldToPage: () => Promise<void>,
  stale: () => boolean = () => false,
  sliceMs = PATH_SLICE_MS,
): Promise<Vec2[] | undefined> {
  const search = searchPath(world, from, to);
  for (;;) {
    const until = performance.now() + sliceMs;
    do {
      const step = search.next();
      if (step.done) return step.value;
    } while (performance.now() < until);
    await yieldToPage();
    if (stale()) return undefined;
  }
}

/** The search, pausing (yield) every CHECK_EVERY places or lines so a caller may look at the clock. */
function* searchPath(world: WalkWorld, from: Vec2, to: Vec2): Generator<void, Vec2[] | undefined> {
  if (yield* reaches(world, from, to)) return [to];
  yield;
  const grid = clearGrid(world);
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
    if (known === undefined) clear.set(i, (known = grid.clear(centre(i))));
    return known;
  };
  // where to end: the spot's cell when clear, else the clear cell nearest the spot within NEAR_GOAL
  const spot = grid.clear(to);
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
    if (done.size % CHECK_EVERY === 0) yield;
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
    while (far + 1 < cells.length && lineClear(grid, at, cells[far + 1]!)) {
      far++;
      if (far % CHECK_EVERY === 0) yield;
    }
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
