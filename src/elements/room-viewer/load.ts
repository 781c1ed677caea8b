/**
 * What `<room-viewer>` adds to a run of its model source (src/features/model-source/source-controller.ts,
 * which reads the room model or the FML floor): `floor="all"`'s stack, the section cut, and the lazy
 * three.js chunks, fetched while the room is. Kept apart from base.ts, which turns the result into a view.
 */
import { getConfig } from '../../config.js';
import { lazyModule } from '../../internal/lazy-module.js';
import { planGeometry } from '../../model/plan-geometry.js';
import type { ModelProblem, PlanGeometry, RoomModel } from '../../model/types.js';
import type { MeshLoader } from '../../three/index.js';
import type { RoomDrawing } from '../../three/drawing.js';
import type { Shown } from '../../features/model-source/source-controller.js';
import { sectionModel } from './floors/section.js';
import { floorStack, isAllFloors } from './floors/stack.js';

/** The three.js chunk, fetched once per page with the one retry policy of lazy chunks. */
export const loadThree = lazyModule(() => import('../../three/index.js'));
/** The lazily loaded three.js chunk's exports (types only here). */
export type ThreeModule = typeof import('../../three/index.js');
/** The features' three.js side (picking, flights, hotspots, cutaway, measure, snapshots): on first use. */
export const loadFeatures = lazyModule(() => import('../../three/features.js'));
/**
 * The built-in furniture loader (GLTFLoader and the page's mesh cache): a chunk of its own, fetched
 * when the first viewer with a `furniture-base` has drawn its boxes.
 */
export const loadFurniture = lazyModule(() =>
  // the decoding worker's start (src/internal/worker-start.ts) with the loader
  import('./mesh-decoder-start.js').then(() => import('../../three/mesh-decode/page-fallback.js')),
);

/** The products' meshes under `base` (the element's `furniture-base`, else configure()'s). */
export function furnitureLoader(base: string): MeshLoader {
  return (component) =>
    loadFurniture().then((module) =>
      module.loadFurnitureMesh(component, base, {
        basisTranscoderPath: getConfig().basisTranscoderPath,
        furnitureOrigins: getConfig().furnitureOrigins,
      }),
    );
}
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
  // floor="all": every floor of a plan with several, stacked; the lowest is the view's own
  const stack =
    loaded.fml && loaded.fml.plan.floors.length > 1 && isAllFloors(source.floor)
      ? floorStack(loaded.fml)
      : undefined;
  const first = stack?.floors[0];
  const model = sectionModel(first?.model ?? loaded.model, source.sectionHeight);
  // the plan worked out off the main thread serves when no section cut changed the model
  const plan = !first && loaded.plan && model === loaded.model ? loaded.plan : planGeometry(model);
  const above = (stack?.floors.slice(1) ?? []).map((floor) => {
    const cut = sectionModel(floor.model, source.sectionHeight);
    return { model: cut, plan: planGeometry(cut), lift: floor.lift };
  });
  const [three, features] = await Promise.all([threeLoading, withFeatures ? loadFeatures() : undefined]);
  return {
    problems: stack ? stack.problems : loaded.problems,
    ...(stack ? { floorIndex: -1 } : {}),
    model,
    plan,
    above,
    three,
    features,
  };
}
