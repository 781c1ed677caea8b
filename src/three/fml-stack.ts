/**
 * `<room-viewer floor="all">`: the other floors of an FML plan stacked over the one the view was
 * built with. Each floor is its own RoomScene (its own geometry and materials, freed with it) whose
 * root is moved into the view's scene and raised by its lift (cm, the heights of the floors below),
 * so the room code draws every floor as it draws one and no other file needs to know about stacking.
 */
import { Box3, Matrix4 } from 'three';
import type { ModelComponent, PlanGeometry, RoomModel } from '../model/types.js';
import { MODEL_TO_WORLD } from './axes.js';
import { RoomScene, type ComponentLoader, type MeshLoader } from './build-room.js';
import type { RoomView } from './room-view.js';

export interface StackedFloor {
  model: RoomModel;
  plan: PlanGeometry;
  /** How far above the view's own floor this floor stands, centimetres. */
  lift: number;
}

export interface StackOptions {
  mediaBase?: string;
  componentLoader?: ComponentLoader;
  meshLoader?: MeshLoader;
  onTextureError?(url: string, materialId: string): void;
  onComponentError?(error: unknown, component: ModelComponent): void;
}

/**
 * Adds `floors` to `view` and fits the camera to the whole stack. Returns what frees them: call it
 * before the view is disposed (the view frees only its own floor).
 */
export function stackFloors(view: RoomView, floors: readonly StackedFloor[], options: StackOptions = {}) {
  const scenes: RoomScene[] = [];
  for (const floor of floors) {
    const lift = Number.isFinite(floor.lift) ? floor.lift : 0;
    const room = new RoomScene(floor.model, floor.plan, {
      mediaBase: options.mediaBase,
      componentLoader: options.componentLoader,
      meshLoader: options.meshLoader,
      onChange: () => view.requestRender(),
      onTextureError: (url, id) => options.onTextureError?.(url, id),
      onComponentError: (error, component) => options.onComponentError?.(error, component),
    });
    scenes.push(room);
    // the floor's meshes only: its lights stay behind (the view's own sun and environment light all)
    room.root.matrix.copy(MODEL_TO_WORLD).multiply(new Matrix4().makeTranslation(0, 0, lift));
    room.scene.remove(room.root);
    view.scene.add(room.root);
    room.root.updateMatrixWorld(true);
    view.room.bounds.union(new Box3().setFromObject(room.root));
  }
  view.room.shadowsDirty = true;
  // the start view and the clipping planes follow the bounds, now those of the whole stack
  view.setCameraMode(view.cameraMode);
  return () => {
    for (const room of scenes) {
      room.root.removeFromParent();
      room.dispose();
    }
    scenes.length = 0;
  };
}
