/**
 * One piece swapped for another product in the drawn scene (`replaceComponent()`), on either thread
 * (view-driver.ts calls it): the piece's own instance is hidden (its matrix set to nothing, and its
 * contact shadow's, or its page-supplied clone made invisible), never removed, so the old mesh comes
 * back exactly as it was on undo; the replacement is a group of its own (boxes from components.ts, then
 * its product's mesh fitted into its box when the built-in loader or the page's `componentLoader` has
 * one), which picking, the outline and `furniture="hidden"` see like any other.
 */
import { Group, InstancedMesh, Matrix4, type BufferGeometry, type Object3D } from 'three';
import type { ModelComponent } from '../model/types.js';
import type { ComponentLoader, FurnitureMesh, MeshLoader } from './build-room.js';
import { disposeObject } from './build-room.js';
import { buildComponents, componentMatrix, type ComponentGroup } from './components.js';
import { forgetMotionDetail } from './motion-lod.js';
import type { RoomView } from './room-view.js';

const NOTHING = new Matrix4().makeScale(0, 0, 0);

export interface SwapOptions {
  componentLoader?: ComponentLoader;
  meshLoader?: MeshLoader;
  onComponentError(error: unknown, component: ModelComponent): void;
}

/** Where the original piece is drawn, and how it was before it was hidden. */
interface Hidden {
  group: ComponentGroup;
  index: number;
  /** The instanced mesh it was hidden in (a product mesh arriving later replaces it: hidden again). */
  mesh?: InstancedMesh;
  matrix: Matrix4;
  shade?: { mesh: InstancedMesh; matrix: Matrix4 };
  clone?: Object3D;
}

interface Swapped {
  hidden: Hidden;
  /** The replacement drawn (undefined once the original is back). */
  added?: { group: ComponentGroup; object?: Object3D; shared?: FurnitureMesh; version: number };
}

export class PieceSwaps {
  readonly #pieces = new Map<string, Swapped>();
  #version = 0;
  #disposed = false;

  constructor(
    private readonly view: RoomView,
    private readonly options: SwapOptions,
  ) {}

  /** How many pieces are drawn as a replacement (tests and tools). */
  get size(): number {
    let n = 0;
    for (const piece of this.#pieces.values()) if (piece.added) n++;
    return n;
  }

  /**
   * Draws `pieceId` as `component` (its replacement, placed), or as it was drawn first (null). Throws a
   * RangeError for a piece the room does not draw.
   */
  swap(pieceId: string, component: ModelComponent | null): void {
    if (this.#disposed) return;
    let piece = this.#pieces.get(pieceId);
    if (!piece) {
      if (!component) return;
      const hidden = this.#find(pieceId);
      if (!hidden) throw new RangeError(`no piece "${pieceId}" is drawn in this room`);
      piece = { hidden };
      this.#pieces.set(pieceId, piece);
    }
    this.#remove(piece);
    if (component) {
      this.#hide(piece.hidden);
      // hidden with the rest of the furniture (`furniture="hidden"`) when the piece's own kind is
      piece.added = this.#add(component, piece.hidden.group.mesh.visible);
    } else {
      this.#show(piece.hidden);
      this.#pieces.delete(pieceId);
    }
    this.#changed();
  }

  /**
   * After a frame: a product mesh that arrived since a piece was hidden drew the whole group anew
   * (build-room.ts), the piece again among them; hide it once more. True when something changed.
   */
  keepHidden(): boolean {
    let changed = false;
    for (const { hidden } of this.#pieces.values()) {
      const { group, index } = hidden;
      if (!hidden.clone && this.#cloneOf(group, index)) {
        this.#hide(hidden);
        changed = true;
        continue;
      }
      if (hidden.clone || !hidden.mesh || group.mesh === hidden.mesh) continue;
      // the boxes it was hidden in now draw only the contact shadows: give the piece's back on undo
      const boxes = hidden.mesh;
      if (boxes.parent && !hidden.shade) hidden.shade = { mesh: boxes, matrix: hidden.matrix.clone() };
      hidden.mesh = undefined;
      this.#hide(hidden);
      changed = true;
    }
    if (changed) this.#changed();
    return changed;
  }

  dispose(): void {
    if (this.#disposed) return;
    for (const piece of this.#pieces.values()) this.#remove(piece);
    this.#pieces.clear();
    this.#disposed = true;
  }

  /** The piece's place among the groups drawn first (not a replacement). */
  #find(pieceId: string): Hidden | undefined {
    for (const group of this.view.room.groups) {
      if (group.key.startsWith('swap:')) continue;
      const index = group.components.findIndex((c) => c.id === pieceId);
      if (index >= 0 && group.components[index]!.kind === 'furniture')
        return { group, index, matrix: new Matrix4() };
    }
    return undefined;
  }

  /** The page's clone of the piece (a `componentLoader` object), if the group was replaced by one. */
  #cloneOf(group: ComponentGroup, index: number): Object3D | undefined {
    const holder = this.view.room.root.getObjectByName(`loaded:${group.key}`);
    return holder?.children[index];
  }

  #hide(hidden: Hidden): void {
    const { group, index } = hidden;
    const clone = this.#cloneOf(group, index);
    if (clone) {
      hidden.clone = clone;
      clone.visible = false;
      return;
    }
    if (!hidden.mesh) {
      hidden.mesh = group.mesh;
      group.mesh.getMatrixAt(index, hidden.matrix);
      const shade = this.view.room.root.getObjectByName(`${group.key}:shade`);
      if (shade instanceof InstancedMesh && !hidden.shade) {
        const matrix = new Matrix4();
        shade.getMatrixAt(index, matrix);
        hidden.shade = { mesh: shade, matrix };
      }
    }
    group.mesh.setMatrixAt(index, NOTHING);
    group.mesh.instanceMatrix.needsUpdate = true;
    if (hidden.shade) {
      hidden.shade.mesh.setMatrixAt(index, NOTHING);
      hidden.shade.mesh.instanceMatrix.needsUpdate = true;
    }
  }

  #show(hidden: Hidden): void {
    if (hidden.clone) hidden.clone.visible = true;
    if (hidden.mesh && hidden.mesh === hidden.group.mesh) {
      hidden.mesh.setMatrixAt(hidden.index, hidden.matrix);
      hidden.mesh.instanceMatrix.needsUpdate = true;
    }
    if (hidden.shade) {
      hidden.shade.mesh.setMatrixAt(hidden.index, hidden.shade.matrix);
      hidden.shade.mesh.instanceMatrix.needsUpdate = true;
    }
  }

  /** The replacement as boxes, in a group of its own; its product's object or mesh replaces them when it comes. */
  #add(component: ModelComponent, visible: boolean): NonNullable<Swapped['added']> {
    const room = this.view.room;
    const version = ++this.#version;
    const [group] = buildComponents({ ...room.model, components: [component] }, room.materials);
    if (!group) throw new RangeError(`"${component.id}" cannot be drawn`);
    group.key = `swap:${component.id}:${version}`;
    group.mesh.name = group.key;
    group.mesh.visible = visible;
    room.groups.push(group);
    room.root.add(group.mesh);
    const added: NonNullable<Swapped['added']> = { group, version };
    this.#loadObject(component, added);
    return added;
  }

  /** The replacement's own object: the page's `componentLoader`, else its product's mesh (`furniture-base`). */
  #loadObject(component: ModelComponent, added: NonNullable<Swapped['added']>): void {
    const { componentLoader, meshLoader } = this.options;
    const current = () => !this.#disposed && [...this.#pieces.values()].some((p) => p.added === added);
    const fail = (error: unknown) => {
      if (current()) this.options.onComponentError(error, component);
    };
    try {
      if (componentLoader) {
        Promise.resolve(componentLoader(component)).then((object) => {
          if (!object) return;
          if (!current()) return disposeObject(object);
          this.#useObject(added, object);
        }, fail);
      } else if (meshLoader && component.modelPath) {
        meshLoader(component).then((mesh) => {
          if (!mesh) return;
          if (!current()) return mesh.release();
          this.#useMesh(added, mesh);
        }, fail);
      }
    } catch (error) {
      fail(error);
    }
  }

  /** The page's object in the replacement's frame (as build-room.ts puts a `componentLoader` object). */
  #useObject(added: NonNullable<Swapped['added']>, object: Object3D): void {
    const { group } = added;
    const holder = new Group();
    holder.name = `loaded:${group.key}`;
    holder.userData.furniture = true;
    holder.visible = group.mesh.visible;
    object.matrixAutoUpdate = false;
    object.matrix.premultiply(componentMatrix(group.components[0]!));
    holder.add(object);
    this.#dropBoxes(group);
    added.object = object;
    this.view.room.root.add(holder);
    this.#changed();
  }

  /** The product's shared mesh fitted into the replacement's box (as build-room.ts fits one). */
  #useMesh(added: NonNullable<Swapped['added']>, shared: FurnitureMesh): void {
    const { group } = added;
    const [min, max] = group.box;
    const from = shared.bounds.min.toArray();
    const to = shared.bounds.max.toArray();
    const scale = [0, 1, 2].map((i) =>
      to[i]! - from[i]! > 1e-6 ? (max[i]! - min[i]!) / (to[i]! - from[i]!) : 1,
    );
    const offset = [0, 1, 2].map((i) =>
      to[i]! - from[i]! > 1e-6 ? min[i]! - from[i]! * scale[i]! : (min[i]! + max[i]!) / 2 - from[i]!,
    );
    const fit = new Matrix4()
      .makeTranslation(offset[0]!, offset[1]!, offset[2]!)
      .multiply(new Matrix4().makeScale(scale[0]!, scale[1]!, scale[2]!));
    const mesh = new InstancedMesh(shared.geometry, shared.materials, 1);
    mesh.name = group.key;
    mesh.castShadow = true;
    mesh.userData.furniture = true;
    mesh.userData.furnitureMesh = true;
    mesh.visible = group.mesh.visible;
    mesh.setMatrixAt(0, componentMatrix(group.components[0]!).multiply(fit));
    mesh.computeBoundingSphere();
    this.#dropBoxes(group);
    group.mesh = mesh;
    group.meshed = true;
    added.shared = shared;
    this.view.room.root.add(mesh);
    this.#changed();
  }

  /** The replacement's boxes go (their geometry was made for this group alone). */
  #dropBoxes(group: ComponentGroup): void {
    const boxes = group.mesh;
    boxes.removeFromParent();
    if (!boxes.userData.furnitureMesh) boxes.geometry.dispose();
    boxes.dispose();
  }

  /** Takes the replacement out of the scene and frees what it alone held. */
  #remove(piece: Swapped): void {
    const added = piece.added;
    if (!added) return;
    piece.added = undefined;
    const room = this.view.room;
    const at = room.groups.indexOf(added.group);
    if (at >= 0) room.groups.splice(at, 1);
    const mesh = added.group.mesh;
    mesh.removeFromParent();
    if (!mesh.userData.furnitureMesh) (mesh.geometry as BufferGeometry).dispose();
    mesh.dispose();
    added.shared?.release();
    if (added.object) {
      added.object.parent?.removeFromParent();
      disposeObject(added.object);
    }
  }

  #changed(): void {
    const room = this.view.room;
    room.root.updateMatrixWorld(true);
    forgetMotionDetail(room.root);
    room.shadowsDirty = true;
    this.view.requestRender();
  }
}
