/**
 * A room drawn on the page's thread (renderer="main", or where the render worker cannot draw it): three.js
 * loaded here, the scene put together in tasks of its own (MainDrawing), and the products' meshes through
 * the built-in furniture loader. A chunk of its own (issue 33), fetched only by a viewer that draws here,
 * so a page whose viewers draw in the render worker never downloads it. It imports nothing of the
 * element's own modules (draw.ts hands it the chunks' loaders), so a bundler keeps the element whole.
 */
import { getConfig } from '../../config.js';
import { ElementError } from '../../internal/element-error.js';
import { lazyModule } from '../../internal/lazy-module.js';
import { yieldToPage } from '../../platform/yield.js';
import type { MeshLoader } from '../../three/index.js';
import type { RoomDrawing } from '../../three/drawing.js';
import type { DrawStart } from './draw.js';
import type { FeaturesModule, ThreeModule } from './load.js';

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
/**
 * The room drawn on the page's thread (three.js loaded here); an ElementError (`no-webgl`) when the
 * page has no WebGL, undefined when the run was overtaken.
 */
export async function drawOnPage(
  start: DrawStart,
  code: { three(): Promise<ThreeModule>; features(): Promise<FeaturesModule> },
): Promise<RoomDrawing | ElementError | undefined> {
  const { run, settings } = start;
  const three = run.value.three ?? (await code.three());
  if (!run.current()) return;
  // three.js was just evaluated and the room read: the page's WebGL context (made once per page) and
  // the scene are each made in a task of their own
  await yieldToPage();
  if (!run.current()) return;
  try {
    three.SharedRenderer.get();
  } catch {
    // no WebGL: the drawing below fails the same way and says so
  }
  await yieldToPage();
  if (!run.current()) return;
  // the walls, the floors and ceilings, then the furniture in slices, each in tasks of their own; the
  // scene below makes the materials and puts it together
  const { model, plan } = run.value;
  const prepared = await three.prepareRoomGeometry(plan, yieldToPage, model);
  if (!run.current()) return;
  let drawing: RoomDrawing | undefined;
  try {
    drawing = new three.MainDrawing({
      ...settings,
      ...start.events(() => drawing),
      canvas: start.canvas,
      keyTarget: start.keyTarget,
      prepared,
      componentLoader: start.componentLoader,
      meshLoader: settings.furnitureBase ? furnitureLoader(settings.furnitureBase) : undefined,
      yieldToPage,
      loadFeatures: code.features,
    });
  } catch (error) {
    return new ElementError(String(error), { kind: 'invalid', reason: 'no-webgl', cause: error });
  }
  start.hold(drawing);
  return drawing;
}
