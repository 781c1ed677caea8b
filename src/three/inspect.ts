/**
 * What one view holds, the same on either thread (tests and tools: the render worker answers it per view,
 * protocol `inspect`; RenderWorkerInfo is its page-wide twin): the furniture drawn as boxes and as meshes,
 * each group of pieces (its instances, its product mesh or boxes, where it stands in world space, which
 * geometry draws it), every instanced mesh's count and the draw calls of the renderer's last frame.
 * Plain data, so it crosses to the page as it is.
 */
import { Box3, Matrix4, Vector3, type InstancedMesh } from 'three';
import type { Vec3 } from '../model/types.js';
import type { FurnitureCounts } from './build-room.js';
import type { RoomView } from './room-view.js';
import { SharedRenderer } from './shared-renderer.js';

export interface GroupInspection {
  key: string;
  componentId?: string;
  /** Instances drawn, and the pieces they draw (ids, in instance order). */
  count: number;
  ids: string[];
  /** Pieces drawn as nothing (a zero matrix: a swapped piece's old instance). */
  hidden: string[];
  /** The product's mesh replaced the boxes (`furniture-base`). */
  meshed: boolean;
  /** World box (metres, y up) of the instances as drawn now. */
  drawn: [Vec3, Vec3];
  /** World box of the group's boxes as the model gives them (not their contact shadow). */
  boxes: [Vec3, Vec3];
  /** The drawn geometry's id: one decoded mesh shared by every view of a renderer has one. */
  geometry: string;
}

export interface ViewInspection {
  furniture: FurnitureCounts;
  groups: GroupInspection[];
  /** Each instanced mesh of the scene: how many instances it draws. */
  instanced: number[];
  /** Draw calls of the shared renderer's last frame (this view's when it is the only one). */
  calls: number;
}

const corners = (box: Box3): [Vec3, Vec3] => [box.min.toArray() as Vec3, box.max.toArray() as Vec3];

function groupBoxes(mesh: InstancedMesh, [min, max]: [Vec3, Vec3]): Box3 {
  const out = new Box3();
  const matrix = new Matrix4();
  for (let i = 0; i < mesh.count; i++) {
    mesh.getMatrixAt(i, matrix);
    out.union(new Box3(new Vector3(...min), new Vector3(...max)).applyMatrix4(matrix));
  }
  return out.applyMatrix4(mesh.matrixWorld);
}

export function inspectView(view: RoomView): ViewInspection {
  const { room } = view;
  const instanced: number[] = [];
  view.scene.traverse((o) => {
    if ((o as InstancedMesh).isInstancedMesh) instanced.push((o as InstancedMesh).count);
  });
  return {
    furniture: room.furniture(),
    groups: room.groups.map(({ key, components, mesh, box, meshed }) => {
      mesh.computeBoundingBox();
      const matrix = new Matrix4();
      const hidden = components.filter((_, i) => {
        if (i >= mesh.count) return false;
        mesh.getMatrixAt(i, matrix);
        return matrix.determinant() === 0;
      });
      return {
        key,
        componentId: components[0]?.componentId,
        count: mesh.count,
        ids: components.map((c) => c.id),
        hidden: hidden.map((c) => c.id),
        meshed: !!meshed,
        drawn: corners(mesh.boundingBox!.clone().applyMatrix4(mesh.matrixWorld)),
        boxes: corners(groupBoxes(mesh, box)),
        geometry: mesh.geometry.uuid,
      };
    }),
    instanced,
    calls: SharedRenderer.peek()?.renderer.info.render.calls ?? 0,
  };
}
