/**
 * Where `<room-viewer>`'s camera goes (features/camera.ts): the view `camera-orbit` / `camera-target`
 * ask for, a `flyTo()` target's view, and the camera written back in the attributes' syntax
 * (features/camera-attributes.ts). Loaded when the attributes are set, the camera first moves or a flight
 * starts, so a viewer's first frame does not wait for it unless its opening view needs it.
 */
import type { Vec3 } from '../../../model/types.js';
import type { CameraView } from '../../../three/index.js';
import {
  formatCameraOrbit,
  formatCameraTarget,
  orbitOf,
  parseCameraOrbit,
  parseCameraTarget,
  positionOf,
  targetOf,
} from './camera-attributes.js';
import type { FeaturesModule, ViewerContext } from '../base.js';

/** Where `flyTo()` goes: an area's name, a component's id, a `camera-orbit` string, or a view in model space. */
export type FlyTarget = string | { position: Vec3; target: Vec3 };

type View = ViewerContext['view'];

const point = (v: { x: number; y: number; z: number }): Vec3 => [v.x, v.y, v.z];

/** The view the attributes ask for (values they leave out or cannot be read stay); undefined: none. */
export function attributeView(
  view: View,
  three: FeaturesModule,
  orbitText: string | undefined,
  targetText: string | undefined,
): CameraView | undefined {
  const orbit = parseCameraOrbit(orbitText);
  const target = parseCameraTarget(targetText);
  if (!orbit && !target) return undefined;
  const current = point(view.controls.target);
  const newTarget = target ? targetOf(target, current) : current;
  const position = positionOf(
    orbit ?? { theta: 'auto', phi: 'auto', radius: 'auto' },
    newTarget,
    orbitOf(point(view.camera.position), current),
  );
  return three.cameraView(position, newTarget);
}

/** The view of a `flyTo()` target; throws when it names nothing in the room. */
export function flyTargetView(context: ViewerContext, three: FeaturesModule, target: FlyTarget): CameraView {
  const { view, model, plan } = context;
  if (typeof target !== 'string') {
    if (!target || !isVec3(target.position) || !isVec3(target.target))
      throw new TypeError('flyTo: a view is { position, target } in model space, each [x, y, z]');
    return three.cameraView(point(three.toWorld(target.position)), point(three.toWorld(target.target)));
  }
  const name = target.trim();
  const area = plan.areas.find((a) => a.name === name) ?? plan.areas.find((a) => a.label === name);
  if (area) return three.frameArea(view, area, model.height);
  const component = model.components.find((c) => c.id === name);
  if (component) return three.frameComponent(view, component);
  const orbit = parseCameraOrbit(name);
  if (orbit) {
    const current = point(view.controls.target);
    const position = positionOf(orbit, current, orbitOf(point(view.camera.position), current));
    return three.cameraView(position, current);
  }
  throw new RangeError(`flyTo: no area, component or camera-orbit "${name}" in this room`);
}

/** The camera as the attributes write it (rounded to the millimetre and 0.01°). */
export function cameraAttributes(view: View): { orbit: string; target: string } {
  const target = point(view.controls.target);
  return {
    orbit: formatCameraOrbit(orbitOf(point(view.camera.position), target)),
    target: formatCameraTarget(target),
  };
}

function isVec3(value: unknown): value is Vec3 {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}
