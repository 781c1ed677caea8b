/**
 * The camera put where a request says without the features' side (features.ts): the camera attributes'
 * orbit and target, a view in world or model space. Only camera maths (orbit.ts, axes.ts), so the
 * render worker's first stage puts the opening camera (drawing.ts's OpeningCamera) in place before
 * its first frame, and a jump (a linked viewer's camera, the attributes set again) waits for no later
 * stage (issue 33's follow-up). Framing a piece or an area needs the room's boxes: the features' side.
 */
import type { Vec3 } from '../model/types.js';
import { toWorld } from './axes.js';
import type { CameraRequest, OpeningCamera } from './drawing.js';
import { orbitOf, positionOf, targetOf } from './orbit.js';
import type { RoomView } from './room-view.js';

/** A camera in world space (metres, y up). */
export interface CameraPlace {
  position: Vec3;
  target: Vec3;
}

/** A three.js vector as a plain triple. */
export const vec = (v: { x: number; y: number; z: number }): Vec3 => [v.x, v.y, v.z];

/**
 * Where `to` puts the camera of `view` (world space), `auto` values as the camera has them now;
 * undefined for a piece or an area (framed by the features' side).
 */
export function placeOf(view: RoomView, to: CameraRequest): CameraPlace | undefined {
  if ('view' in to) return to.view;
  if ('model' in to)
    return { position: vec(toWorld(to.model.position)), target: vec(toWorld(to.model.target)) };
  if ('component' in to || 'area' in to) return undefined;
  const current = vec(view.controls.target);
  const target = to.target ? targetOf(to.target, current) : current;
  const orbit = to.orbit ?? { theta: 'auto', phi: 'auto', radius: 'auto' };
  return { position: positionOf(orbit, target, orbitOf(vec(view.camera.position), current)), target };
}

/** Places the camera and the orbit target at once (world space). */
export function jumpToPlace(view: RoomView, { position, target }: CameraPlace): void {
  view.camera.position.set(...position);
  view.controls.target.set(...target);
  view.camera.lookAt(view.controls.target);
  view.controls.update();
  view.requestRender();
}

/**
 * The opening camera's view, else its orbit and target, put in place on a view just made (its start
 * view's camera gives the `auto` values). The walk's start is the walker's to place (view-driver.ts).
 */
export function openCamera(view: RoomView, { view: place, orbit, target }: OpeningCamera): void {
  if (place || orbit || target)
    jumpToPlace(view, placeOf(view, place ? { view: place } : { orbit, target })!);
}
