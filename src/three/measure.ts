/**
 * Measuring in the viewer: the point of a floor or wall under a pixel (a ray from the camera), snapped
 * to a corner of the face it hit when one is within a few pixels on screen, so a wall's ends can be
 * picked exactly with a mouse or a finger; and where a model-space point shows on screen.
 */
import { Raycaster, Vector2, Vector3, type Intersection, type Mesh, type Object3D } from 'three';
import type { Vec3 } from '../model/types.js';
import { toModel, toWorld } from './axes.js';
import type { RoomView } from './room-view.js';

/** A corner of the face hit this close on screen (CSS pixels) is taken instead of the point itself. */
export const SNAP_PIXELS = 10;

export interface MeasurePoint {
  /** Model space (centimetres, z up). */
  point: Vec3;
  /** The point is a corner of a wall or floor face. */
  snapped: boolean;
}

/** The surfaces a measure can land on: floors and walls (the cutaway's walls while it is on). */
function surfaces(view: RoomView): Object3D[] {
  const root = view.room.root;
  return ['floors', 'walls', 'cutaway'].flatMap((name) => root.getObjectByName(name) ?? []);
}

/** Whether `object` and every parent are visible (what is drawn now). */
export function shown(object: Object3D | null): boolean {
  for (let node = object; node; node = node.parent) if (!node.visible) return false;
  return true;
}

/** Where a world-space point shows, in CSS pixels from the canvas's top left (z > 1: behind the camera). */
export function screenOf(
  view: RoomView,
  world: Vector3,
  width: number,
  height: number,
  target = new Vector3(),
): Vector3 {
  const p = target.copy(world).project(view.camera);
  return p.set(((p.x + 1) / 2) * width, ((1 - p.y) / 2) * height, p.z);
}

/** A model-space point on screen, or undefined when it is behind the camera. */
export function screenPoint(
  view: RoomView,
  point: Vec3,
  width: number,
  height: number,
): { x: number; y: number } | undefined {
  const world = toWorld(point);
  // in front of the camera: its direction from the camera agrees with where the camera looks
  const ahead = world.clone().sub(view.camera.position).dot(view.camera.getWorldDirection(new Vector3()));
  if (!(ahead > 0)) return undefined;
  const s = screenOf(view, world, width, height);
  return { x: s.x, y: s.y };
}

/**
 * The floor or wall point under (x, y) CSS pixels of a `width` × `height` canvas, or undefined when the
 * ray meets none.
 */
export function pickSurface(
  view: RoomView,
  x: number,
  y: number,
  width: number,
  height: number,
): MeasurePoint | undefined {
  if (!(width > 0) || !(height > 0)) return undefined;
  const raycaster = new Raycaster();
  raycaster.setFromCamera(new Vector2((x / width) * 2 - 1, 1 - (y / height) * 2), view.camera);
  const hit = raycaster
    .intersectObjects(surfaces(view), true)
    .find((h: Intersection) => shown(h.object) && h.face);
  if (!hit) return undefined;
  const corner = nearestCorner(view, hit, x, y, width, height);
  return corner ? { point: toModel(corner), snapped: true } : { point: toModel(hit.point), snapped: false };
}

/** The corner of the hit face nearest to (x, y) on screen, if within SNAP_PIXELS (world space). */
function nearestCorner(
  view: RoomView,
  hit: Intersection,
  x: number,
  y: number,
  width: number,
  height: number,
): Vector3 | undefined {
  const mesh = hit.object as Mesh;
  const position = mesh.geometry?.getAttribute('position');
  const face = hit.face;
  if (!position || !face) return undefined;
  let best: Vector3 | undefined;
  let bestDistance = SNAP_PIXELS;
  for (const index of [face.a, face.b, face.c]) {
    const corner = new Vector3().fromBufferAttribute(position, index).applyMatrix4(mesh.matrixWorld);
    const s = screenOf(view, corner, width, height);
    const distance = Math.hypot(s.x - x, s.y - y);
    if (s.z < 1 && distance <= bestDistance) {
      best = corner;
      bestDistance = distance;
    }
  }
  return best;
}

/** The straight distance between two model-space points (cm). */
export function distanceBetween(a: Vec3, b: Vec3): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
}
