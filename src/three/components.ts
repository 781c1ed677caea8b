/**
 * Components (furniture, doors, windows) as boxes from their bounding boxes, placed by position and
 * rotation. Every group of identical components (same component_id, or the same box when the id is
 * missing) is ONE InstancedMesh over one BoxGeometry: 10 000 chairs are a handful of draw calls and
 * are built in a few milliseconds. Plain openings (no door or window in them) are not drawn.
 *
 * Rotation: degrees about x, y and z, applied x first, then y, then z (three's Euler order 'ZYX').
 * The real sample's door, rotation [270, 0, 90] with a box 82 × 208 × 6, stands 208 high and runs
 * 82 along its wall only in this order.
 */
import {
  BoxGeometry,
  Euler,
  InstancedMesh,
  MathUtils,
  Matrix4,
  Quaternion,
  Vector3,
  type BufferGeometry,
  type Material,
} from 'three';
import type { ModelComponent, RoomModel } from '../model/types.js';
import type { MaterialLibrary } from './materials.js';

/** Thinnest box side, centimetres (a rug's box can be 0 high). */
const MIN_SIDE = 0.5;

export interface ComponentGroup {
  key: string;
  components: ModelComponent[];
  mesh: InstancedMesh;
}

export function componentKey(component: ModelComponent): string {
  if (component.componentId) return `${component.kind}:${component.componentId}`;
  const [min, max] = component.boundingBox;
  return `${component.kind}:box:${min.join(',')}:${max.join(',')}`;
}

const _position = new Vector3();
const _quaternion = new Quaternion();
const _euler = new Euler();
const _scale = new Vector3(1, 1, 1);

/** The component's placement in model space. */
export function componentMatrix(component: ModelComponent, target = new Matrix4()): Matrix4 {
  const [rx, ry, rz] = component.rotation;
  _euler.set(MathUtils.degToRad(rx), MathUtils.degToRad(ry), MathUtils.degToRad(rz), 'ZYX');
  _quaternion.setFromEuler(_euler);
  _position.set(component.position[0], component.position[1], component.position[2]);
  return target.compose(_position, _quaternion, _scale);
}

/**
 * The group's box. Upright pieces are cut at the wall height: the real sample's curtains have boxes
 * 400 cm high in a 250 cm room (the planner hid the rest above the ceiling).
 */
function boxGeometry(components: readonly ModelComponent[], height: number): BufferGeometry {
  const first = components[0]!;
  const [min, max] = first.boundingBox.map((v) => [...v]) as [number[], number[]];
  const upright = components.every((c) => c.rotation[0] % 360 === 0 && c.rotation[1] % 360 === 0);
  if (upright && height > 0) {
    const highest = Math.max(...components.map((c) => c.position[2]));
    const top = height - highest;
    if (max[2]! > top && top > min[2]!) max[2] = top;
  }
  const size = [0, 1, 2].map((i) => Math.max(MIN_SIDE, Math.abs(max[i]! - min[i]!)));
  const geometry = new BoxGeometry(size[0], size[1], size[2]);
  geometry.translate((min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2);
  return geometry;
}

function materialFor(component: ModelComponent, materials: MaterialLibrary, model: RoomModel): Material {
  if (component.kind === 'window') return materials.glass();
  if (component.kind === 'door') {
    const finish = component.configuration?.finish;
    return materials.surface(
      typeof finish === 'string' && model.materials[finish] ? finish : undefined,
      'door',
    );
  }
  return materials.furniture(component.componentId ?? componentKey(component));
}

/** Groups the drawable components and builds one InstancedMesh per group. */
export function buildComponents(model: RoomModel, materials: MaterialLibrary): ComponentGroup[] {
  const groups = new Map<string, ModelComponent[]>();
  for (const component of model.components) {
    if (component.kind === 'opening') continue;
    const key = componentKey(component);
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(component);
  }
  const result: ComponentGroup[] = [];
  const matrix = new Matrix4();
  for (const [key, components] of groups) {
    const first = components[0]!;
    const mesh = new InstancedMesh(
      boxGeometry(components, model.height),
      materialFor(first, materials, model),
      components.length,
    );
    mesh.name = key;
    components.forEach((component, i) => mesh.setMatrixAt(i, componentMatrix(component, matrix)));
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
    result.push({ key, components, mesh });
  }
  return result;
}
