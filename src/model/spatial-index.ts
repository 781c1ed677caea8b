/**
 * A uniform grid over axis-aligned boxes, so "which walls / areas are near this point or box" costs
 * about the few items in the cells it touches instead of a scan of all of them: plan geometry of a
 * hostile model with 30 000 walls and 30 000 doors was quadratic (15 s on the main thread) before.
 * A chunk of its own, used through ./near.ts for plans with many walls or areas (issue 33).
 */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Cells per axis at most: bounds the grid's memory whatever the spread of the boxes. */
const MAX_CELLS_PER_AXIS = 256;
/** A box over more cells than this (a wall across the whole plan) is kept in a list of its own. */
const MAX_CELLS_PER_ITEM = 64;

export class SpatialIndex<T> {
  readonly #cells = new Map<number, number[]>();
  readonly #items: T[] = [];
  readonly #boxes: Box[] = [];
  readonly #minX: number;
  readonly #minY: number;
  readonly #size: number;
  readonly #columns: number;
  readonly #rows: number;
  /** Items whose box would touch more than MAX_CELLS_PER_ITEM cells: checked on every search. */
  readonly #wide: number[] = [];
  /**
   * seen[i] === #search: item i was already met in this search. A number per item instead of a Set
   * per search: nested areas all sit in #wide, and 2 000 searches of 2 000 items each spent most of
   * their time in Set.add (issue 35).
   */
  #seen = new Uint32Array(0);
  #search = 0;

  /** `boxes[i]` is item i's box; `cellSize` defaults to about one item per cell. */
  constructor(items: readonly T[], boxOf: (item: T) => Box, cellSize?: number) {
    const boxes = items.map(boxOf);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const b of boxes) {
      // a box with a non-finite side is never found: it must not stretch the grid to nothing either
      if (![b.minX, b.minY, b.maxX, b.maxY].every(Number.isFinite)) continue;
      minX = Math.min(minX, b.minX);
      minY = Math.min(minY, b.minY);
      maxX = Math.max(maxX, b.maxX);
      maxY = Math.max(maxY, b.maxY);
    }
    if (!Number.isFinite(minX)) minX = minY = maxX = maxY = 0;
    const span = Math.max(maxX - minX, maxY - minY, 1);
    const wanted = cellSize ?? span / Math.max(1, Math.ceil(Math.sqrt(items.length)));
    this.#size = Math.max(wanted, span / MAX_CELLS_PER_AXIS, 1e-6);
    this.#minX = minX;
    this.#minY = minY;
    this.#columns = Math.floor((maxX - minX) / this.#size) + 1;
    this.#rows = Math.floor((maxY - minY) / this.#size) + 1;
    boxes.forEach((box, i) => {
      if (![box.minX, box.minY, box.maxX, box.maxY].every(Number.isFinite)) return;
      this.#items.push(items[i]!);
      this.#boxes.push(box);
      const index = this.#items.length - 1;
      if (this.#cellCount(box) > MAX_CELLS_PER_ITEM) {
        this.#wide.push(index);
        return;
      }
      this.#visit(box, (key) => {
        const cell = this.#cells.get(key);
        if (cell) cell.push(index);
        else this.#cells.set(key, [index]);
      });
    });
  }

  /**
   * Every item whose box overlaps `box` (each once), in the order the items were given: the order a
   * loop over them finds them in (./near.ts), so a tie goes the same way with or without the grid.
   */
  search(box: Box): T[] {
    const found: number[] = [];
    this.#each(box, (i) => found.push(i));
    return found.sort((a, b) => a - b).map((i) => this.#items[i]!);
  }

  /** Calls `visit` with the number of every item whose box overlaps `box` (each once). */
  #each(box: Box, visit: (index: number) => void): void {
    if (this.#seen.length !== this.#items.length) this.#seen = new Uint32Array(this.#items.length);
    if (++this.#search === 0xffffffff) {
      this.#seen.fill(0);
      this.#search = 1;
    }
    const seen = this.#seen;
    const stamp = this.#search;
    const check = (cell: readonly number[]) => {
      for (const i of cell) {
        if (seen[i] === stamp) continue;
        seen[i] = stamp;
        const b = this.#boxes[i]!;
        if (b.minX <= box.maxX && b.maxX >= box.minX && b.minY <= box.maxY && b.maxY >= box.minY) visit(i);
      }
    };
    check(this.#wide);
    const [x0, x1, y0, y1] = this.#range(box);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > this.#cells.size) {
      // a query over more cells than hold anything (a large area's box): the filled cells in it
      for (const [key, cell] of this.#cells) {
        const x = key % this.#columns;
        const y = (key - x) / this.#columns;
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) check(cell);
      }
    } else this.#visit(box, (key) => check(this.#cells.get(key) ?? []));
  }

  #range(box: Box): [number, number, number, number] {
    const clamp = (v: number, max: number) => (Number.isFinite(v) ? Math.min(Math.max(v, 0), max) : 0);
    return [
      clamp(Math.floor((box.minX - this.#minX) / this.#size), this.#columns - 1),
      clamp(Math.floor((box.maxX - this.#minX) / this.#size), this.#columns - 1),
      clamp(Math.floor((box.minY - this.#minY) / this.#size), this.#rows - 1),
      clamp(Math.floor((box.maxY - this.#minY) / this.#size), this.#rows - 1),
    ];
  }

  #cellCount(box: Box): number {
    const [x0, x1, y0, y1] = this.#range(box);
    return (x1 - x0 + 1) * (y1 - y0 + 1);
  }

  #visit(box: Box, each: (key: number) => void): void {
    const [x0, x1, y0, y1] = this.#range(box);
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) each(y * this.#columns + x);
  }
}
