/** The scene around the room: the sun and the model's camera, read leniently. */
import type { RoomModel, Vec3 } from '../types.js';
import { Reader, isObject, type Obj } from './reader.js';

export function readSun(value: unknown, path: string, r: Reader, model: RoomModel): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    r.problem(path, 'is not an array');
    return;
  }
  const index = value.findIndex((l) => isObject(l) && l.type === 'sun');
  if (index < 0) return;
  const light = value[index] as Obj;
  const direction = r.vec(light.direction, 3, `${path}[${index}].direction`);
  const position = r.vec(light.position, 3, `${path}[${index}].position`);
  if (direction && position && direction.some((c) => c !== 0)) {
    model.sun = { direction: direction as Vec3, position: position as Vec3 };
  }
}

export function readCamera(value: unknown, path: string, r: Reader, model: RoomModel): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    r.problem(path, 'is not an object');
    return;
  }
  const position = r.vec(value.position, 3, `${path}.position`);
  const focal = r.vec(value.focal_point ?? value.focalPoint, 3, `${path}.focal_point`);
  if (!position || !focal) return;
  if (Math.hypot(position[0]! - focal[0]!, position[1]! - focal[1]!, position[2]! - focal[2]!) < 1e-6) {
    r.problem(path, 'looks at its own position; left out');
    return;
  }
  model.camera = { position: position as Vec3, focalPoint: focal as Vec3 };
  const exposure = r.number(value.exposure, `${path}.exposure`, { required: false });
  if (exposure !== undefined) model.camera.exposure = exposure;
}
