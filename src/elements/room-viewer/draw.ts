/**
 * A room's drawing started on either thread (src/three/drawing.ts): on the page's thread, with three.js
 * loaded here and the scene put together in tasks of its own (MainDrawing), or in the render worker
 * (WorkerView, the page's side of it, a lazy chunk). The element (base.ts) says which (thread.ts) and
 * what the drawing starts with; what either side cannot do is told back, not thrown.
 */
import { getConfig } from '../../config.js';
import { ElementError } from '../../internal/element-error.js';
import { lazyModule } from '../../internal/lazy-module.js';
import type { ComponentLoader } from '../../three/index.js';
import type { DrawingEvents, RoomDrawing } from '../../three/drawing.js';
import { loadFeatures, startThree, type LoadedRoom, type ThreeModule } from './load.js';
import { renderThreadFor } from './thread.js';
import { workerRenderingSupported } from './worker-support.js';

/** The page's side of the render worker, fetched once per page by the first viewer that draws there. */
export const loadWorkerView = lazyModule(() => import('./worker-view.js'));

/**
 * Where a viewer draws its next room (thread.ts holds the rule): `workerFailed`, the render worker
 * failed on this page or could not draw this viewer's room.
 */
export function threadFor(
  element: { renderer?: string; componentLoader?: ComponentLoader },
  workerFailed: boolean,
): 'main' | 'worker' {
  return renderThreadFor({
    renderer: element.renderer,
    configured: getConfig().viewerRenderer,
    pageLoader: !!element.componentLoader,
    supported: workerRenderingSupported(),
    workerFailed,
  });
}

/** A run of the model source with the room it read. */
export interface DrawRun {
  value: LoadedRoom;
  shown: { fml?: unknown };
  current(): boolean;
}

/** What a drawing starts with: the element's settings (both threads take the same), and its events. */
export type DrawSettings = Omit<
  ConstructorParameters<typeof import('./worker-view.js').WorkerView>[0],
  keyof DrawingEvents | 'canvas' | 'keyTarget'
>;

/** What the element itself says a drawing starts with: its attributes and its features' hooks, read now. */
export type ElementSettings = Pick<
  DrawSettings,
  | 'camera'
  | 'controls'
  | 'autoRotate'
  | 'furnitureVisible'
  | 'touchScrolls'
  | 'mediaBase'
  | 'wheelZooms'
  // the opening camera (issue 33's follow-up)
  | 'start'
> & { furnitureBase?: string; componentLoader?: ComponentLoader; width: number; height: number };

/** What a drawing of `run`'s room starts with, on either thread: the element's settings and the page's. */
export function drawSettings(run: DrawRun, element: ElementSettings): DrawSettings {
  const config = getConfig();
  const { model, plan, above } = run.value;
  const { componentLoader, furnitureBase, ...rest } = element;
  return {
    ...rest,
    model,
    plan,
    above,
    // FML cameras are not the room model's: an FML plan starts from above at an angle
    camera: run.shown.fml && element.camera === 'model' ? 'orbit' : element.camera,
    // the page's own loader wins; the products' meshes come through the built-in one
    furnitureBase: componentLoader ? undefined : (furnitureBase ?? config.furnitureBase),
    basisTranscoderPath: config.basisTranscoderPath,
    furnitureOrigins: config.furnitureOrigins && [...config.furnitureOrigins],
    // the device's ratio; the view's policy caps it by its size (src/three/render-scale.ts)
    pixelRatio: globalThis.devicePixelRatio || 1,
  };
}

/**
 * How a load fetches the code that draws its room, once there is a room to load. Poster first: on a
 * slow link three.js (140 KB) would share it with the poster, the page's largest paint, so it is fetched
 * once the poster shown loaded or failed (`posterFirst`), at once when there is none. In the render
 * worker (`offThread`) the worker's code (three.js with it) is started the same way and nothing is
 * loaded here (undefined); on the page's thread three.js, once, with `onCode` when it is in.
 */
export function drawingCode(
  offThread: boolean,
  posterFirst: () => Promise<void> | undefined,
  onCode: () => void,
): () => Promise<ThreeModule> | undefined {
  let threeLoading: Promise<ThreeModule> | undefined;
  let workerStarted = false;
  return () => {
    if (offThread) {
      if (!workerStarted)
        void (posterFirst() ?? Promise.resolve()).then(loadWorkerView).then(
          (module) => module.WorkerView.warm(),
          () => {}, // seen when the room is drawn: it is then drawn on the page's thread
        );
      workerStarted = true;
      return undefined;
    }
    if (threeLoading) return threeLoading;
    threeLoading = (posterFirst() ?? Promise.resolve()).then(startThree);
    // a failed room load wins; this failure is seen when the room is drawn
    threeLoading.then(onCode, () => {});
    return threeLoading;
  };
}

export interface DrawStart {
  run: DrawRun;
  settings: DrawSettings;
  /** The one set of events, given the drawing they come from (undefined until it is made). */
  events(drawn: () => RoomDrawing | undefined): DrawingEvents;
  canvas: HTMLCanvasElement;
  keyTarget: HTMLElement;
  /** The page's own furniture (a function: only on the page's thread). */
  componentLoader?: ComponentLoader;
  /** The element holds the drawing as its own (at once: events may come in the next microtask). */
  hold(drawing: RoomDrawing): void;
}

/** The page thread's drawing (draw-page.ts): fetched by a viewer that draws there (three.js comes with it anyway). */
const loadPageDrawing = lazyModule(() => import('./draw-page.js'));

/**
 * The room drawn on the page's thread (three.js loaded here); an ElementError (`no-webgl`) when the
 * page has no WebGL, or (`network`) when its code could not be had, undefined when the run was overtaken.
 */
export async function drawOnPage(start: DrawStart): Promise<RoomDrawing | ElementError | undefined> {
  let page: typeof import('./draw-page.js');
  try {
    page = await loadPageDrawing();
  } catch (error) {
    return new ElementError(String(error), { kind: 'network', cause: error });
  }
  return page.drawOnPage(start, { three: startThree, features: loadFeatures });
}

/**
 * The room drawn in the render worker; `no-worker` when its code could not be had or it did not start
 * on this page (the element then draws the room on the page's thread), undefined when overtaken.
 */
export async function drawInWorker(start: DrawStart): Promise<RoomDrawing | 'no-worker' | undefined> {
  let WorkerView: typeof import('./worker-view.js').WorkerView;
  try {
    ({ WorkerView } = await loadWorkerView());
  } catch {
    return 'no-worker';
  }
  // the render worker did not start on this page
  if (!WorkerView.supported()) return 'no-worker';
  if (!start.run.current()) return;
  let drawing: RoomDrawing | undefined = undefined;
  drawing = new WorkerView({
    ...start.settings,
    ...start.events(() => drawing),
    canvas: start.canvas,
    keyTarget: start.keyTarget,
  });
  // held at once: a worker that fails in the next microtask hands the room back to the page's thread
  start.hold(drawing);
  return drawing;
}
