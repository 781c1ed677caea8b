/**
 * Less detail while the camera moves, full detail when it stops. Under software WebGL a frame's cost
 * is mostly its vertices: 10 000 components of softened boxes are far over one frame to orbit. While
 * moving, the instanced components are cut to a triangle budget, the biggest pieces first (each
 * InstancedMesh is one kind of component, all the same size, so its bounding sphere says how big
 * every instance is); a kind that only partly fits draws its first instances. The still frame drawn
 * after the move shows everything again. Walls, floors and anything not instanced are never touched.
 */
import type { InstancedMesh, Object3D } from 'three';

/** Triangles of instanced components drawn per frame while moving. */
export const MOTION_TRIANGLE_BUDGET = 80_000;

interface Kind {
  mesh: InstancedMesh;
  /** The mesh's own count, when still. */
  full: number;
  triangles: number;
  radius: number;
}

const kinds = new WeakMap<Object3D, Kind[]>();

function kindsOf(root: Object3D): Kind[] {
  let list = kinds.get(root);
  if (list) return list;
  list = [];
  root.traverse((node) => {
    const mesh = node as InstancedMesh;
    if (!mesh.isInstancedMesh) return;
    const geometry = mesh.geometry;
    if (!geometry.boundingSphere) geometry.computeBoundingSphere();
    const triangles = (geometry.index ? geometry.index.count : geometry.getAttribute('position').count) / 3;
    list!.push({ mesh, full: mesh.count, triangles, radius: geometry.boundingSphere?.radius ?? 0 });
  });
  list.sort((a, b) => b.radius - a.radius);
  kinds.set(root, list);
  return list;
}

/**
 * Sets the detail of `root`'s instanced components: `moving` cuts them to `budget` triangles (biggest
 * kinds first), otherwise all are drawn. Cheap to call every frame; returns the triangles of instanced
 * components drawn. Call it again with `moving: false` (and draw once more) when the camera stops.
 * Call `forgetMotionDetail(root)` if instances are added or removed after the first call.
 */
export function motionDetail(root: Object3D, moving: boolean, budget = MOTION_TRIANGLE_BUDGET): number {
  let left = moving ? budget : Infinity;
  let drawn = 0;
  for (const kind of kindsOf(root)) {
    const count = kind.triangles > 0 ? Math.min(kind.full, Math.floor(left / kind.triangles)) : kind.full;
    kind.mesh.count = count;
    left -= count * kind.triangles;
    drawn += count * kind.triangles;
  }
  return drawn;
}

/** Drops what motionDetail() remembers of `root` (after its instances changed), restoring full counts. */
export function forgetMotionDetail(root: Object3D): void {
  const list = kinds.get(root);
  if (!list) return;
  for (const kind of list) kind.mesh.count = kind.full;
  kinds.delete(root);
}
