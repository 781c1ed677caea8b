/**
 * Components (furniture, doors, windows) from their bounding boxes, placed by position and rotation:
 * furniture as boxes with softened edges and a contact shadow, doors as a leaf in a frame, windows as a
 * frame round glass (shapes.ts). Every group of identical components (same component_id, or the same box
 * when the id is missing) is ONE InstancedMesh over one geometry (its parts are geometry groups, one per
 * material): 10 000 chairs are a handful of draw calls and are built in a few milliseconds. Plain
 * openings (no door or window in them) are not drawn.
 *
 * Rotation: degrees about x, y and z, applied x first, then y, then z (three's Euler order 'ZYX').
 * The real sample's door, rotation [270, 0, 90] with a box 82 × 208 × 6, stands 208 high and runs
 * 82 along its wall only in this order.
 */
import {
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
import { SHADE_LIFT } from './shade.js';
import { ShapeBuilder, contactShadow, doorShape, softBox, upAxis, windowShape } from './shapes.js';

type V3 = [number, number, number];

/** Thinnest box side, centimetres (a rug's box can be 0 high). */
const MIN_SIDE = 0.5;

export interface ComponentGroup {
  key: string;
  components: ModelComponent[];
  /** The instances drawn: boxes at first, the product's mesh once it arrived (build-room.ts). */
  mesh: InstancedMesh;
  /** The group's box in the component's frame (cm), which a loaded mesh is fitted into. */
  box: [V3, V3];
  /** The product's mesh replaced the boxes (`furniture-base`). */
  meshed?: boolean;
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

/** Upright: standing as modelled, turned only about the vertical. */
function isUpright(component: ModelComponent): boolean {
  return component.rotation[0] % 360 === 0 && component.rotation[1] % 360 === 0;
}

/** The group's box, min and max in the component's frame, each side at least MIN_SIDE. */
function groupBox(components: readonly ModelComponent[], height: number): [V3, V3] {
  const first = components[0]!;
  const [min, max] = first.boundingBox.map((v) => [...v]) as [V3, V3];
  for (let i = 0; i < 3; i++) {
    if (!Number.isFinite(min[i]) || !Number.isFinite(max[i])) min[i] = max[i] = 0;
    if (min[i]! > max[i]!) [min[i], max[i]] = [max[i]!, min[i]!];
  }
  // Upright pieces are cut at the wall height: the real sample's curtains have boxes 400 cm high in a
  // 250 cm room (the planner hid the rest above the ceiling).
  if (components.every(isUpright) && height > 0) {
    const highest = Math.max(...components.map((c) => c.position[2]));
    const top = height - highest;
    if (max[2] > top && top > min[2]) max[2] = top;
  }
  for (let i = 0; i < 3; i++) {
    const grow = Math.max(0, MIN_SIDE - (max[i]! - min[i]!)) / 2;
    min[i] -= grow;
    max[i] += grow;
  }
  return [min, max];
}

/** Edge softening of furniture boxes (cm): a tenth of the smallest side, at most 4 cm. */
function softRadius(min: V3, max: V3): number {
  return Math.min(4, 0.1 * Math.min(max[0] - min[0], max[1] - min[1], max[2] - min[2]));
}

/** The contact shadow's height in the component's frame, or undefined when the group does not stand on the floor. */
function floorContact(components: readonly ModelComponent[], min: V3, max: V3): number | undefined {
  if (max[2] - min[2] < 5 || !components.every(isUpright)) return undefined;
  const z = components[0]!.position[2];
  if (!components.every((c) => Math.abs(c.position[2] - z) < 0.5)) return undefined;
  if (Math.abs(z + min[2]) > 5) return undefined;
  // just above every nested floor and the wall-foot shade (shade.ts)
  return SHADE_LIFT + 0.5 - z;
}

const _rotation = new Matrix4();

/**
 * A group's geometry made ahead (prepareComponentShapes), and which materials it is drawn with, in
 * the order of its geometry groups: picked from the scene's MaterialLibrary when the scene is made.
 */
export interface ComponentShape {
  key: string;
  components: ModelComponent[];
  box: [V3, V3];
  geometry: BufferGeometry;
  materials(library: MaterialLibrary): Material[];
}

/** One geometry for the group (with groups for its materials) and how to pick its materials. */
function groupShape(key: string, components: ModelComponent[], model: RoomModel): ComponentShape {
  const box = groupBox(components, model.height);
  const [min, max] = box;
  const first = components[0]!;
  const out = new ShapeBuilder();
  if (first.kind === 'door' || first.kind === 'window') {
    const size = [0, 1, 2].map((i) => max[i]! - min[i]!);
    const through = size.indexOf(Math.min(...size));
    _rotation.extractRotation(componentMatrix(first, _rotation));
    const rotate = (v: Vector3) => v.applyMatrix4(_rotation);
    const standing = upAxis(rotate);
    // a box thinnest along its vertical (a window lying flat) still gets an upright frame
    const up = standing.up === through ? (through + 1) % 3 : standing.up;
    const frame = { min, max, through, up, upSign: standing.upSign };
    if (first.kind === 'door') {
      doorShape(out, frame);
      const finish = first.configuration?.finish;
      const leafId = typeof finish === 'string' && model.materials[finish] ? finish : undefined;
      return {
        key,
        components,
        box,
        geometry: out.toGeometry(),
        materials: (library) => [library.surface(leafId, 'door'), library.frame()],
      };
    }
    windowShape(out, frame);
    return {
      key,
      components,
      box,
      geometry: out.toGeometry(),
      materials: (library) => [library.frame(), library.glass()],
    };
  }
  const contact = floorContact(components, min, max);
  softBox(out, min, max, softRadius(min, max), contact !== undefined);
  out.endGroup(0);
  if (contact !== undefined) {
    contactShadow(out, min[0], max[0], min[1], max[1], contact);
    out.endGroup(1);
  }
  const furnitureId = first.componentId ?? componentKey(first);
  return {
    key,
    components,
    box,
    geometry: out.toGeometry(),
    materials: (library) => [library.furniture(furnitureId), library.shade()],
  };
}

/** The drawable components grouped: identical ones (componentKey) together, openings left out. */
function componentGroups(model: RoomModel): Map<string, ModelComponent[]> {
  const groups = new Map<string, ModelComponent[]>();
  for (const component of model.components) {
    if (component.kind === 'opening') continue;
    const key = componentKey(component);
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(component);
  }
  return groups;
}

/** Longest run of shapes made without giving the page a turn (ms, as the page's clock runs). */
const SLICE_MS = 8;

/**
 * Makes every group's shape, handing the page a turn (`yieldToPage`) whenever a slice has run
 * SLICE_MS: a furnished flat is a hundred kinds of furniture, and on a slow phone their shapes were
 * the longest task of a viewer's start (issue 20: no start-up task over 50 ms).
 */
export async function prepareComponentShapes(
  model: RoomModel,
  yieldToPage: () => Promise<void>,
): Promise<ComponentShape[]> {
  const shapes: ComponentShape[] = [];
  let slice = performance.now();
  for (const [key, components] of componentGroups(model)) {
    shapes.push(groupShape(key, components, model));
    if (performance.now() - slice > SLICE_MS) {
      await yieldToPage();
      slice = performance.now();
    }
  }
  return shapes;
}

/**
 * One InstancedMesh per group, from the shapes made ahead (prepareComponentShapes, for this very
 * model) or made here.
 */
export function buildComponents(
  model: RoomModel,
  materials: MaterialLibrary,
  prepared?: readonly ComponentShape[],
): ComponentGroup[] {
  const shapes =
    prepared ?? [...componentGroups(model)].map(([key, components]) => groupShape(key, components, model));
  const result: ComponentGroup[] = [];
  const matrix = new Matrix4();
  for (const { key, components, box, geometry, materials: pick } of shapes) {
    const mesh = new InstancedMesh(geometry, pick(materials), components.length);
    mesh.name = key;
    mesh.castShadow = true;
    // what `furniture="hidden"` hides (RoomView.setFurnitureVisible): furniture, not doors or windows
    mesh.userData.furniture = components[0]!.kind === 'furniture';
    components.forEach((component, i) => mesh.setMatrixAt(i, componentMatrix(component, matrix)));
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
    result.push({ key, components, mesh, box });
  }
  return result;
}
