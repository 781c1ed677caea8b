/**
 * The look as a scene of its own for the exporters (look-export.ts), made from the room as drawn
 * (build-room.ts) without touching it: true scale in metres (y up), one node per piece named by its id
 * with its product in `userData` (the GLB's `extras`), the piece's product mesh where it arrived and
 * its box where it did not (no mesh, a mesh that failed, a page's object), walls, floors, doors and
 * windows with scope `room`. The floor stays at y = 0 and the arrangement's footprint is centred on
 * x = z = 0. Geometries, textures and (standard) materials are the room's own, shared, never copied;
 * what is made here is freed by dispose().
 */
import {
  Box3,
  BufferGeometry,
  Group,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  Scene,
  Vector3,
  type Material,
  type Object3D,
  type Texture,
} from 'three';
import type { ModelComponent } from '../../model/types.js';
import { MODEL_TO_WORLD } from '../axes.js';
import type { RoomScene } from '../build-room.js';
import { componentMatrix, type ComponentGroup } from '../components.js';
import { ShapeBuilder, softBox } from '../shapes.js';

/** What a texture's image must be for the exporters to read it (one not yet arrived is left out). */
function readableImage(texture: Texture | null | undefined): boolean {
  const image = texture?.image as { width?: number; height?: number } | undefined;
  if (!texture || !image || (texture as { isCompressedTexture?: boolean }).isCompressedTexture) return false;
  if (!(Number(image.width) > 0 && Number(image.height) > 0)) return false;
  return (
    (typeof HTMLImageElement !== 'undefined' && image instanceof HTMLImageElement) ||
    (typeof HTMLCanvasElement !== 'undefined' && image instanceof HTMLCanvasElement) ||
    (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) ||
    (typeof OffscreenCanvas !== 'undefined' && image instanceof OffscreenCanvas)
  );
}

const MAP_SLOTS = ['map', 'normalMap', 'roughnessMap', 'metalnessMap', 'aoMap', 'emissiveMap'] as const;
type MapSlot = (typeof MAP_SLOTS)[number];

/** The glTF / USDZ material for a room material: a MeshStandardMaterial with its colour and readable maps. */
class MaterialMaker {
  readonly #made = new Map<Material, MeshStandardMaterial>();

  of(material: Material): MeshStandardMaterial {
    let made = this.#made.get(material);
    if (made) return made;
    const source = material as Material &
      Partial<Record<MapSlot, Texture | null>> & {
        color?: { getHex(): number };
        emissive?: { getHex(): number };
        roughness?: number;
        metalness?: number;
        vertexColors?: boolean;
      };
    made = new MeshStandardMaterial({
      name: material.name,
      color: source.color?.getHex() ?? 0xffffff,
      roughness: typeof source.roughness === 'number' ? source.roughness : 1,
      metalness: typeof source.metalness === 'number' ? source.metalness : 0,
      opacity: material.opacity,
      transparent: material.transparent,
      side: material.side,
      alphaTest: material.alphaTest,
    });
    if (source.emissive) made.emissive.setHex(source.emissive.getHex());
    for (const slot of MAP_SLOTS) {
      const texture = source[slot];
      if (!texture) continue;
      // one compressed on the GPU, or not arrived: left out (the surface keeps its colour)
      if (readableImage(texture)) made[slot] = texture;
    }
    this.#made.set(material, made);
    return made;
  }

  /**
   * A mesh's materials as written: an array only for several (USDZExporter writes a one-material array
   * as a reference to a geometry file it never writes: three r185's buildNode and buildMesh disagree).
   */
  list(material: Material | Material[]): MeshStandardMaterial | MeshStandardMaterial[] {
    if (!Array.isArray(material)) return this.of(material);
    return material.length === 1 ? this.of(material[0]!) : material.map((m) => this.of(m));
  }

  dispose(): void {
    for (const made of this.#made.values()) made.dispose();
    this.#made.clear();
  }
}

/** A product's part of a piece: its geometry and its materials (one per geometry group, or one). */
interface Part {
  geometry: BufferGeometry;
  material: Material | Material[];
  /** In the piece's own frame (cm, z up). */
  matrix: Matrix4;
}

export interface LookScene {
  scene: Scene;
  /** The pieces' nodes by id, in the order asked. */
  pieces: Map<string, Object3D>;
  /** Bytes of vertex and index data the exporters will write (a floor under the file's size). */
  geometryBytes: number;
  dispose(): void;
}

const worldOf = (component: ModelComponent) =>
  new Matrix4().multiplyMatrices(MODEL_TO_WORLD, componentMatrix(component));

function geometryBytes(geometry: BufferGeometry): number {
  let bytes = geometry.index ? geometry.index.array.byteLength : 0;
  for (const attribute of Object.values(geometry.attributes))
    bytes += (attribute as { array?: ArrayLike<number> & { byteLength?: number } }).array?.byteLength ?? 0;
  return bytes;
}

/**
 * The look of `room` (as drawn now) for these pieces (furniture ids), with walls, floors, doors and
 * windows when `withRoom`. Pieces the room does not draw are left out.
 */
export function lookScene(room: RoomScene, pieceIds: readonly string[], withRoom: boolean): LookScene {
  const materials = new MaterialMaker();
  const made = new Set<BufferGeometry>();
  const counted = new Set<BufferGeometry>();
  let bytes = 0;
  const count = (geometry: BufferGeometry) => {
    if (counted.has(geometry)) return;
    counted.add(geometry);
    bytes += geometryBytes(geometry);
  };
  const look = new Group();
  look.name = 'look';
  const scene = new Scene();
  scene.name = 'look';
  scene.add(look);

  const wanted = new Set(pieceIds);
  const pieces = new Map<string, Object3D>();
  const boxParts = new Map<ComponentGroup, Part[]>();
  const addNode = (component: ModelComponent, parts: Part[], shape: 'box' | 'mesh') => {
    const node = new Group();
    node.name = component.id;
    node.matrixAutoUpdate = false;
    node.matrix.copy(worldOf(component));
    node.userData = {
      pieceId: component.id,
      kind: component.kind,
      ...(component.componentId ? { componentId: component.componentId } : {}),
      ...(component.category ? { category: component.category } : {}),
      // `box`: drawn (and written) as its box: the product has no mesh, its mesh failed or is on its way
      shape,
    };
    for (const part of parts) {
      const material = materials.list(part.material);
      const mesh = new Mesh(part.geometry, material);
      mesh.name = `${component.id}:mesh`;
      mesh.matrixAutoUpdate = false;
      mesh.matrix.copy(part.matrix);
      count(part.geometry);
      node.add(mesh);
    }
    look.add(node);
    return node;
  };

  // each drawn component's group and place in it, to write the nodes in the model's order
  const drawn = new Map<ModelComponent, { group: ComponentGroup; index: number }>();
  for (const group of room.groups) group.components.forEach((c, index) => drawn.set(c, { group, index }));
  for (const component of room.model.components) {
    const at = drawn.get(component);
    if (!at) continue;
    const { group, index } = at;
    const furniture = component.kind === 'furniture';
    if (furniture ? !wanted.has(component.id) : !withRoom) continue;
    const loaded = room.root.getObjectByName(`loaded:${group.key}`);
    const shape = loaded || group.meshed ? 'mesh' : 'box';
    const parts = loaded
      ? pageObjectParts(loaded.children[index], component)
      : group.meshed
        ? meshParts(group, index, component)
        : boxPartsOf(group, boxParts, made);
    const node = addNode(component, parts, shape);
    if (furniture) pieces.set(component.id, node);
  }

  if (withRoom)
    for (const name of ['walls', 'floors']) {
      const surfaces = room.root.getObjectByName(name);
      surfaces?.traverse((object) => {
        const mesh = object as Mesh;
        if (!mesh.isMesh || (mesh as { isInstancedMesh?: boolean }).isInstancedMesh) return;
        const copy = new Mesh(mesh.geometry, materials.list(mesh.material));
        copy.name = mesh.name;
        // which surface and material (`wall:<material>`, `floor:<material>`, the wall's cut tops)
        copy.userData = { surface: name === 'walls' ? 'wall' : 'floor' };
        copy.matrixAutoUpdate = false;
        // the surfaces are built in model space under the room's root
        copy.matrix.multiplyMatrices(MODEL_TO_WORLD, mesh.matrix);
        count(mesh.geometry);
        look.add(copy);
      });
    }

  // the footprint's centre at x = z = 0; the floor (the model's z = 0) stays at y = 0
  look.updateMatrixWorld(true);
  const box = new Box3().setFromObject(look);
  if (!box.isEmpty()) {
    const centre = box.getCenter(new Vector3());
    const shift = new Matrix4().makeTranslation(-centre.x, 0, -centre.z);
    for (const child of look.children) child.matrix.premultiply(shift);
    look.updateMatrixWorld(true);
  }

  return {
    scene,
    pieces: new Map(pieceIds.filter((id) => pieces.has(id)).map((id) => [id, pieces.get(id)!])),
    geometryBytes: bytes,
    dispose() {
      materials.dispose();
      for (const geometry of made) geometry.dispose();
      scene.clear();
    },
  };
}

/** A piece drawn as its product's mesh: the shared geometry, fitted into the piece's box (the instance's matrix). */
function meshParts(group: ComponentGroup, index: number, component: ModelComponent): Part[] {
  const instance = new Matrix4();
  group.mesh.getMatrixAt(index, instance);
  const fit = componentMatrix(component).invert().multiply(instance);
  return [{ geometry: group.mesh.geometry, material: group.mesh.material, matrix: fit }];
}

/** A piece drawn as the page's own object (componentLoader): its meshes, as placed in the piece. */
function pageObjectParts(clone: Object3D | undefined, component: ModelComponent): Part[] {
  if (!clone) return [];
  const parts: Part[] = [];
  const toPiece = componentMatrix(component).invert();
  clone.updateMatrixWorld(true);
  const parentInverse = clone.parent ? clone.parent.matrixWorld.clone().invert() : new Matrix4();
  clone.traverse((object) => {
    const mesh = object as Mesh;
    if (!mesh.isMesh || !mesh.geometry) return;
    // the mesh's matrix in the room's root, then in the piece's own frame
    const inRoot = parentInverse.clone().multiply(mesh.matrixWorld);
    parts.push({
      geometry: mesh.geometry,
      material: mesh.material,
      matrix: toPiece.clone().multiply(inRoot),
    });
  });
  return parts;
}

/**
 * A piece drawn as its box: a closed box with the view's softened edges, the group's box exactly (the
 * view's box is open at the bottom, its sides stopping short of the floor, with a contact shadow under
 * it: a picture's trick, not a product). Made once per group.
 */
function boxPartsOf(
  group: ComponentGroup,
  cache: Map<ComponentGroup, Part[]>,
  made: Set<BufferGeometry>,
): Part[] {
  let parts = cache.get(group);
  if (parts) return parts;
  const source = group.mesh.geometry;
  const materials = Array.isArray(group.mesh.material) ? group.mesh.material : [group.mesh.material];
  if (group.components[0]!.kind === 'furniture') {
    const [min, max] = group.box;
    const out = new ShapeBuilder();
    // as components.ts softens them: a tenth of the smallest side, at most 4 cm
    softBox(out, min, max, Math.min(4, 0.1 * Math.min(max[0] - min[0], max[1] - min[1], max[2] - min[2])));
    const geometry = out.toGeometry();
    made.add(geometry);
    parts = [{ geometry, material: materials[0]!, matrix: new Matrix4() }];
  } else {
    // doors and windows: every part, each with its material
    parts = [{ geometry: source, material: materials, matrix: new Matrix4() }];
  }
  cache.set(group, parts);
  return parts;
}
