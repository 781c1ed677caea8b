/**
 * Where `<room-viewer>`'s camera goes (features/camera.ts): the view `camera-orbit` / `camera-target`
 * ask for, a `flyTo()` target's view, and the camera written back in the attributes' syntax
 * (features/camera-attributes.ts). Loaded when the attributes are set, the camera first moves or a flight
 * starts, so a viewer's first frame does not wait for it unless its opening view needs it. It names
 * where to go; the drawing, on either thread, works out the view (src/three/view-driver.ts).
 */
import type { Vec3 } from '../../../model/types.js';
import type { CameraPose, CameraRequest } from '../../../three/drawing.js';
import {
  formatCameraOrbit,
  formatCameraTarget,
  orbitOf,
  parseCameraOrbit,
  parseCameraTarget,
} from './camera-attributes.js';
import type { ViewerContext } from '../base.js';

/** Where `flyTo()` goes: an area's name, a component's id, a `camera-orbit` string, or a view in model space. */
export type FlyTarget = string | { position: Vec3; target: Vec3 };

/** The camera request the attributes make (values they leave out or cannot be read stay); undefined: none. */
export function attributeRequest(
  orbitText: string | undefined,
  targetText: string | undefined,
): CameraRequest | undefined {
  const orbit = parseCameraOrbit(orbitText);
  const target = parseCameraTarget(targetText);
  if (!orbit && !target) return undefined;
  return { ...(orbit ? { orbit } : {}), ...(target ? { target } : {}) };
}

/** The camera request of a `flyTo()` target; throws when it names nothing in the room. */
export function flyRequest(context: Pick<ViewerContext, 'model' | 'plan'>, target: FlyTarget): CameraRequest {
  const { model, plan } = context;
  if (typeof target !== 'string') {
    if (!target || !isVec3(target.position) || !isVec3(target.target))
      throw new TypeError('flyTo: a view is { position, target } in model space, each [x, y, z]');
    return { model: { position: target.position, target: target.target } };
  }
  const name = target.trim();
  const area = plan.areas.find((a) => a.name === name) ?? plan.areas.find((a) => a.label === name);
  if (area) return { area: area.name };
  if (model.components.some((c) => c.id === name)) return { component: name };
  const orbit = parseCameraOrbit(name);
  if (orbit) return { orbit };
  throw new RangeError(`flyTo: no area, component or camera-orbit "${name}" in this room`);
}

/** The camera as the attributes write it (rounded to the millimetre and 0.01°). */
export function cameraAttributes(pose: CameraPose): { orbit: string; target: string } {
  return {
    orbit: formatCameraOrbit(orbitOf(pose.position, pose.target)),
    target: formatCameraTarget(pose.target),
  };
}

function isVec3(value: unknown): value is Vec3 {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}
