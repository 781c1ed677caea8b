/**
 * Which component is under a point of the view: a ray from the camera through the room as drawn.
 * Furniture is instanced (components.ts: one InstancedMesh per kind), so a hit's `instanceId` is the
 * index into its group's components; the instances drawn are the ones a ray can hit (three's
 * InstancedMesh raycast walks `mesh.count`, which motion-lod.ts lowers while the camera moves).
 * Page-supplied furniture (a `componentLoader`) is one clone per component under a `loaded:<key>`
 * holder, in the group's order. Walls, floors, doors and windows stop the ray too: a chair behind a
 * wall cannot be picked through it. Invisible objects (the ceilings in the top view, walls a cutaway
 * hides) and the transparent shading are not hit.
 */
import { Raycaster, Vector2, type Intersection, type Object3D } from 'three';
import type { ModelComponent } from '../model/types.js';
import type { RoomView } from './room-view.js';

const _raycaster = new Raycaster();
const _ndc = new Vector2();

export interface ComponentPick {
  component: ModelComponent;
  /** Distance from the camera to the hit, world units. */
  distance: number;
}

/**
 * The meshes a ray can hit: everything visible in the room but its transparent shading and overlays
 * marked `userData.pickable = false` (the selection outline, a measure's markers).
 */
export function pickTargets(root: Object3D, out: Object3D[] = []): Object3D[] {
  for (const node of root.children) {
    if (!node.visible || node.userData.pickable === false || node.name.includes('shade')) continue;
    if ((node as Object3D & { isMesh?: boolean }).isMesh) out.push(node);
    pickTargets(node, out);
  }
  return out;
}

/** The component a hit belongs to, if it is one of the view's components. */
function componentOf(view: RoomView, hit: Intersection): ModelComponent | undefined {
  const groups = view.room.groups;
  if (hit.instanceId !== undefined) {
    const group = groups.find((g) => g.mesh === hit.object);
    if (group) return group.components[hit.instanceId];
  }
  // a page-supplied object: a clone under its group's holder, one per component in order
  for (let node: Object3D | null = hit.object; node?.parent; node = node.parent) {
    const holder = node.parent;
    if (!holder.name.startsWith('loaded:')) continue;
    const group = groups.find((g) => `loaded:${g.key}` === holder.name);
    return group?.components[holder.children.indexOf(node)];
  }
  return undefined;
}

/**
 * The component under the view point (`x`, `y`) in normalised device coordinates (-1..1, y up), or
 * undefined when the nearest thing there is a wall, a floor, a door or nothing. `accept` says which
 * components count (others, doors say, still stop the ray).
 */
export function pickComponent(
  view: RoomView,
  x: number,
  y: number,
  accept: (component: ModelComponent) => boolean = () => true,
): ComponentPick | undefined {
  _ndc.set(x, y);
  view.camera.updateMatrixWorld();
  _raycaster.setFromCamera(_ndc, view.camera);
  _raycaster.near = view.camera.near;
  _raycaster.far = view.camera.far;
  const hits = _raycaster.intersectObjects(pickTargets(view.room.root), false);
  const first = hits[0];
  if (!first) return undefined;
  const component = componentOf(view, first);
  return component && accept(component) ? { component, distance: first.distance } : undefined;
}
