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
  BufferAttribute,
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
  /** Textures left out (compressed, or not arrived): the surface keeps its colour. */
  skipped = 0;

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
      if (readableImage(texture)) made[slot] = texture;
      else this.skipped++;
    }
    this.#made.set(material, made);
    return made;
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
  /** Textures left out (compressed on the GPU, or still on their way): the surface keeps its colour. */
  texturesSkipped: number;
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
  const addNode = (component: ModelComponent, parts: Part[]) => {
    const node = new Group();
    node.name = component.id;
    node.matrixAutoUpdate = false;
    node.matrix.copy(worldOf(component));
    node.userData = {
      pieceId: component.id,
      kind: component.kind,
      ...(component.componentId ? { componentId: component.componentId } : {}),
      ...(component.category ? { category: component.category } : {}),
    };
    for (const part of parts) {
      const material = Array.isArray(part.material)
        ? part.material.map((m) => materials.of(m))
        : materials.of(part.material);
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

  for (const group of room.groups) {
    const kind = group.components[0]!.kind;
    const furniture = kind === 'furniture';
    if (!furniture && !withRoom) continue;
    const loaded = room.root.getObjectByName(`loaded:${group.key}`);
    group.components.forEach((component, i) => {
      if (furniture && !wanted.has(component.id)) return;
      const parts = loaded
        ? pageObjectParts(loaded.children[i], component)
        : group.meshed
          ? meshParts(group, i, component)
          : boxPartsOf(group, boxParts, made);
      const node = addNode(component, parts);
      if (furniture) pieces.set(component.id, node);
    });
  }

  if (withRoom)
    for (const name of ['walls', 'floors']) {
      const surfaces = room.root.getObjectByName(name);
      surfaces?.traverse((object) => {
        const mesh = object as Mesh;
        if (!mesh.isMesh || (mesh as { isInstancedMesh?: boolean }).isInstancedMesh) return;
        const copy = new Mesh(
          mesh.geometry,
          Array.isArray(mesh.material)
            ? mesh.material.map((m) => materials.of(m))
            : materials.of(mesh.material),
        );
        copy.name = mesh.name;
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
    texturesSkipped: materials.skipped,
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
 * A piece drawn as its box: the box's own triangles (geometry group 0), without its contact shadow on
 * the floor (a decal for the view, not a part of the product). Made once per group.
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
    const body = source.groups.find((g) => g.materialIndex === 0);
    const geometry = body && source.groups.length > 1 ? subGeometry(source, body.start, body.count) : source;
    if (geometry !== source) made.add(geometry);
    parts = [{ geometry, material: materials[0]!, matrix: new Matrix4() }];
  } else {
    // doors and windows: every part, each with its material
    parts = [{ geometry: source, material: materials, matrix: new Matrix4() }];
  }
  cache.set(group, parts);
  return parts;
}

/** The triangles `start` to `start + count` (of the index, or of the vertices) as a geometry of their own. */
function subGeometry(source: BufferGeometry, start: number, count: number): BufferGeometry {
  const geometry = new BufferGeometry();
  const index = source.index;
  if (index) {
    // only the vertices the range uses, renumbered (no unused vertex in the file)
    const used = new Map<number, number>();
    const order: number[] = [];
    const triangles = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const vertex = index.getX(start + i);
      let at = used.get(vertex);
      if (at === undefined) {
        at = order.length;
        used.set(vertex, at);
        order.push(vertex);
      }
      triangles[i] = at;
    }
    for (const [name, attribute] of Object.entries(source.attributes)) {
      const size = attribute.itemSize;
      const values = new Float32Array(order.length * size);
      order.forEach((vertex, i) => {
        for (let k = 0; k < size; k++) values[i * size + k] = attribute.getComponent(vertex, k);
      });
      geometry.setAttribute(name, new BufferAttribute(values, size));
    }
    geometry.setIndex(Array.from(triangles));
  } else {
    for (const [name, attribute] of Object.entries(source.attributes)) {
      const size = attribute.itemSize;
      const values = new Float32Array(count * size);
      for (let i = 0; i < count; i++)
        for (let k = 0; k < size; k++) values[i * size + k] = attribute.getComponent(start + i, k);
      geometry.setAttribute(name, new BufferAttribute(values, size));
    }
  }
  return geometry;
}
