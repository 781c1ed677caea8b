/**
 * The items whose boxes overlap a box (the walls near an opening, the areas under a piece of
 * furniture): a plain loop over the boxes for a plan's few walls and areas, the uniform grid of
 * ./spatial-index.ts for many. The grid is a chunk of its own, loaded by whoever reads a large model
 * before working it out (loadSpatialIndex(): the model source, the FML reading, the model worker, the
 * model barrel for tools and servers), so an ordinary room's first frame does without it (issue 33).
 * Without it a large model is still worked out right, by the loop: slower, never wrong.
 */
import type { Box, SpatialIndex } from './spatial-index.js';

export type { Box } from './spatial-index.js';

/** What plan geometry asks of its walls and areas by place. */
export interface BoxSearch<T> {
  /** Every item whose box overlaps `box`, each once, in the order the items were given. */
  search(box: Box): T[];
}

/**
 * From this many items on, a search goes through the spatial index when it is loaded: below it a loop
 * over every box is as fast (2 000 openings against 127 walls: 0.25 M box tests, about a millisecond).
 */
export const INDEX_MIN_ITEMS = 128;

let Index: typeof SpatialIndex | undefined;
let loading: Promise<void> | undefined;

/** Hands the spatial index over (a module that imports it anyway: the barrel, the model worker). */
export function useSpatialIndex(index: typeof SpatialIndex): void {
  Index = index;
}

/** Fetches the spatial index once; a failed fetch is asked again next time (the loop serves meanwhile). */
export function loadSpatialIndex(): Promise<void> {
  if (Index) return Promise.resolve();
  return (loading ??= import('./spatial-index.js').then(
    (module) => useSpatialIndex(module.SpatialIndex),
    () => {
      loading = undefined;
    },
  ));
}

/** True when a model has enough walls or areas that working it out wants the spatial index. */
export function wantsSpatialIndex(model: { walls: readonly unknown[]; areas: readonly unknown[] }): boolean {
  return model.walls.length >= INDEX_MIN_ITEMS || model.areas.length >= INDEX_MIN_ITEMS;
}

const finite = (box: Box) =>
  Number.isFinite(box.minX) &&
  Number.isFinite(box.minY) &&
  Number.isFinite(box.maxX) &&
  Number.isFinite(box.maxY);

/** A search over `items` by their boxes (`boxOf`): the index for many items once loaded, else a loop. */
export function nearBoxes<T>(items: readonly T[], boxOf: (item: T) => Box): BoxSearch<T> {
  if (Index && items.length >= INDEX_MIN_ITEMS) return new Index(items, boxOf);
  // as the index: a box with a non-finite side is never found
  const boxes = items.map(boxOf);
  return {
    search: (q) =>
      items.filter((_, i) => {
        const b = boxes[i]!;
        return finite(b) && b.minX <= q.maxX && b.maxX >= q.minX && b.minY <= q.maxY && b.maxY >= q.minY;
      }),
  };
}
