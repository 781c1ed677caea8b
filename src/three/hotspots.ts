/**
 * Where a hotspot's point is on screen, and whether a wall stands between it and the camera
 * (`<room-viewer>`'s hotspots, room-viewer/features/hotspots.ts). Projection runs after every frame and costs a
 * matrix product; the wall test is a raycast against the visible wall meshes (the scene's own, or the
 * cutaway's lowered ones), which the element runs throttled, not every frame.
 */
import { Raycaster, Vector3, type Mesh } from 'three';
import type { ModelComponent, Vec3 } from '../model/types.js';
import { toWorld } from './axes.js';
import { componentBox } from './fly.js';
import { screenOf, shown } from './measure.js';
import type { RoomView } from './room-view.js';

/** A point this close in front of the wall (metres) counts as on it, not behind it: a hotspot on a wall shows. */
const ON_WALL = 0.05;

/** The middle of a component's top face in world space: where its hotspot sits. */
export function componentTop(component: ModelComponent): Vector3 {
  const box = componentBox(component);
  const top = box.getCenter(new Vector3());
  top.y = box.max.y;
  return top;
}

/** A model point (centimetres, z up) in world space. */
export function modelPoint(point: Vec3): Vector3 {
  return toWorld(point);
}

const projected = new Vector3();

/**
 * Where `world` is drawn in a view of `width` × `height` CSS pixels (from the top-left), or undefined
 * when it is behind the camera or off screen.
 */
export function projectPoint(
  view: RoomView,
  world: Vector3,
  width: number,
  height: number,
): { x: number; y: number } | undefined {
  view.camera.updateMatrixWorld();
  const { x, y, z } = screenOf(view, world, width, height, projected);
  if (!(z > -1 && z < 1) || x < 0 || x > width || y < 0 || y > height) return undefined;
  return { x, y };
}

/** The wall meshes drawn now (walls the cutaway hides are not; its lowered ones are). */
export function visibleWalls(view: RoomView): Mesh[] {
  const out: Mesh[] = [];
  view.room.root.traverse((object) => {
    if ((object as Mesh).isMesh && object.name.startsWith('wall:') && shown(object)) out.push(object as Mesh);
  });
  return out;
}

const raycaster = new Raycaster();
const direction = new Vector3();

/** Whether one of `walls` stands between the camera and `world`. */
export function behindWall(view: RoomView, world: Vector3, walls: readonly Mesh[]): boolean {
  const eye = view.camera.position;
  direction.copy(world).sub(eye);
  const distance = direction.length();
  if (distance <= ON_WALL || !walls.length) return false;
  raycaster.set(eye, direction.divideScalar(distance));
  raycaster.near = 0;
  raycaster.far = distance - ON_WALL;
  return raycaster.intersectObjects(walls as Mesh[], false).length > 0;
}
