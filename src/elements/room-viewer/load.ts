/**
 * What `<room-viewer>` adds to a run of its model source (src/features/model-source/source-controller.ts,
 * which reads the room model or the FML floor): `floor="all"`'s stack, the section cut, and the lazy
 * three.js chunks, fetched while the room is. Kept apart from base.ts, which turns the result into a view.
 */
import { lazyModule } from '../../internal/lazy-module.js';
import { planGeometry } from '../../model/plan-geometry.js';
import type { ModelProblem, PlanGeometry, RoomModel } from '../../model/types.js';
import type { RoomDrawing } from '../../three/drawing.js';
import type { Shown } from '../../features/model-source/source-controller.js';

/** The three.js chunk, fetched once per page with the one retry policy of lazy chunks. */
export const loadThree = lazyModule(() => import('../../three/index.js'));
/** The lazily loaded three.js chunk's exports (types only here). */
export type ThreeModule = typeof import('../../three/index.js');
/** The features' three.js side (picking, flights, hotspots, cutaway, measure, snapshots): on first use. */
export const loadFeatures = lazyModule(() => import('../../three/features.js'));
/** `floor="all"`'s stack and the section cut (floors/shape.ts): fetched with the room by a viewer that sets either. */
const loadShape = lazyModule(() => import('./floors/shape.js'));

/** True when the element asks for every floor at once. */
const isAllFloors = (floor: string | null | undefined): boolean =>
  typeof floor === 'string' && floor.trim().toLowerCase() === 'all';

/** The lazily loaded features chunk's exports (types only here). */
export type FeaturesModule = typeof import('../../three/features.js');

/**
 * What a feature module (features/*.ts, mixed into `<room-viewer>` in room-viewer.ts) gets when a room is
 * on screen: its drawing, on either thread (src/three/drawing.ts: camera moves, picking, outlines,
 * anchors, cutaway, snapshots), and the model and plan shown. Features never reach the scene itself,
 * so each works wherever the room is drawn.
 */
export interface ViewerContext {
  drawing: RoomDrawing;
  model: RoomModel;
  plan: PlanGeometry;
}

/** What the viewer reads to draw a room. */
export interface ViewerSource {
  floor?: string;
  sectionHeight?: number;
}

/** A room ready to be drawn, with the chunks that draw it. */
export interface LoadedRoom {
  model: RoomModel;
  problems: readonly ModelProblem[];
  plan: PlanGeometry;
  /** `floor="all"`: -1 (every floor shown); else the source's own floor. */
  floorIndex?: number;
  /** `floor="all"`: the floors above the view's own, each lifted to its level (stacked by the drawing). */
  above: { model: RoomModel; plan: PlanGeometry; lift: number }[];
  /** Undefined when no three.js was asked for (the room is drawn in the render worker). */
  three?: ThreeModule;
  features?: FeaturesModule;
}

/**
 * Starts the three.js chunk now, while the room loads (neither waits for the other): the run's step
 * then finds it on its way. A failed room load wins; this failure is seen in the step if it matters.
 */
export function startThree(): Promise<ThreeModule> {
  const loading = loadThree();
  loading.catch(() => {});
  return loading;
}

/**
 * The room `loaded` (the model source's result) as the viewer draws it: cut at its section height,
 * every floor stacked for `floor="all"`, with three.js (and the features' chunk when `withFeatures`).
 * Without `threeLoading` (the room is drawn in the render worker) no three.js is loaded here.
 */
export async function prepareRoom(
  loaded: Shown,
  source: ViewerSource,
  threeLoading: Promise<ThreeModule> | undefined,
  withFeatures: boolean,
): Promise<LoadedRoom> {
  const all = !!loaded.fml && loaded.fml.plan.floors.length > 1 && isAllFloors(source.floor);
  const h = source.sectionHeight;
  const cut = typeof h === 'number' && Number.isFinite(h) && h > 0;
  // the room as read (its plan worked out off the main thread), unless a stack or a cut is asked for
  const shaped =
    all || cut
      ? (await loadShape()).shapeRoom(loaded, all, h, planGeometry)
      : {
          problems: loaded.problems,
          model: loaded.model,
          plan: loaded.plan ?? planGeometry(loaded.model),
          above: [],
        };
  const [three, features] = await Promise.all([threeLoading, withFeatures ? loadFeatures() : undefined]);
  return { ...shaped, three, features };
}
