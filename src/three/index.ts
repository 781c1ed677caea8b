/**
 * The lazily loaded 3D part of <room-viewer>: everything that imports three.js sits behind this one
 * module, which the element loads with dynamic import() when a viewer starts. A page with only a
 * gallery never downloads three.js.
 */
export { RoomView, type RoomViewOptions, type CameraChange } from './room-view.js';
export { SharedRenderer } from './shared-renderer.js';
export { MainDrawing, type MainDrawingOptions } from './main-drawing.js';
export type * from './drawing.js';
export {
  RoomScene,
  disposeObject,
  prepareRoomGeometry,
  type PreparedGeometry,
  type ComponentLoader,
  type FurnitureCounts,
  type FurnitureMesh,
  type MeshLoader,
} from './build-room.js';
export { CAMERA_MODES, type CameraMode } from './camera.js';
export { MODEL_TO_WORLD, toWorld, toModel } from './axes.js';
export { textureUrl, FALLBACK_COLOURS } from './materials.js';
export { gateWheel, touchScrolls } from './controls.js';
// the features' three.js side (picking, flights, hotspots, cutaway, measure, snapshots) is a lazy
// module of its own, loaded on first use: src/three/features.ts
export type {
  ComponentPick,
  CameraView,
  FlyOptions,
  MeasurePoint,
  SelectionOutline,
  Cutaway,
} from './features.js';

import { SharedRenderer } from './shared-renderer.js';

/** What the page's shared renderer holds now (tests and benches read it). */
export function rendererInfo():
  { geometries: number; textures: number; views: number; contextLost: boolean } | undefined {
  const shared = SharedRenderer.peek();
  if (!shared) return undefined;
  const { geometries, textures } = shared.renderer.info.memory;
  return { geometries, textures, views: shared.views.size, contextLost: shared.contextLost };
}
