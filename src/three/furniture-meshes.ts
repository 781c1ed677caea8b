/**
 * The viewer's built-in furniture loader (`furniture-base`): each product's glTF / GLB file, fetched
 * once per page, decoded by three's GLTFLoader and kept in ONE cache shared by every viewer of the page
 * (they all draw through one WebGL context, so one geometry on the GPU serves them all). A lazy chunk
 * of its own: a page without `furniture-base` never downloads GLTFLoader, and a file's decoders load
 * only when the file says it needs them (`extensionsUsed`): meshopt for `EXT_meshopt_compression`,
 * KTX2 (Basis) for `KHR_texture_basisu`.
 *
 * What a viewer gets is a `FurnitureMesh`: the file's meshes merged into one geometry (a group per
 * primitive, its material in group order), turned from glTF's axes (y up, the front facing +z) into
 * the model's (z up, the front facing +y), and its bounds; RoomScene fits it into the component's
 * bounding box and instances it over every piece of that product (build-room.ts).
 *
 * Bounded: a response over `maxFileBytes` is refused (Content-Length first, then counted as it
 * streams), and decoded meshes are kept within `budgetBytes` (geometry and texture bytes): the least
 * recently used meshes no viewer shows are freed first; a mesh that does not fit even then is refused.
 * A refused or failed mesh leaves the piece's box in place and the viewer reports it (a non-fatal
 * `model-error`); a product the server has no mesh for (404 / 410) keeps its box quietly.
 */
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Matrix4,
  Mesh,
  MeshLambertMaterial,
  MeshStandardMaterial,
  type Material,
  type Object3D,
  type Texture,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { ModelComponent } from '../model/types.js';
import { readBoundedBytes } from '../platform/bounded-bytes.js';
import type { FurnitureMesh } from './build-room.js';
import { applyLook } from './look-shader.js';
import { SharedRenderer } from './shared-renderer.js';

export type { FurnitureMesh };

export interface FurnitureLimits {
  /** Largest response accepted, bytes. */
  maxFileBytes: number;
  /** Decoded geometry and textures kept for the page, bytes. */
  budgetBytes: number;
}

export const DEFAULT_LIMITS: Readonly<FurnitureLimits> = Object.freeze({
  maxFileBytes: 16 * 1024 * 1024,
  budgetBytes: 96 * 1024 * 1024,
});

export interface FurnitureOptions {
  /** Where the Basis transcoder files are (for KTX2 textures); without it KTX2 files fail. */
  basisTranscoderPath?: string;
}

/** Why a mesh was not used: `kind` as ElementError's (network, server, invalid). */
export class FurnitureMeshError extends Error {
  override name = 'FurnitureMeshError';
  constructor(
    message: string,
    readonly kind: 'network' | 'server' | 'invalid',
    readonly status?: number,
  ) {
    super(message);
  }
}

/** glTF's y-up, front +z frame to the model's z-up, front +y one (a rotation: x → -x). */
const GLTF_TO_MODEL = new Matrix4().set(-1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1);

/** The file a component's model names under `base`: its `model` path with the extension `.glb`. */
export function furnitureUrl(component: ModelComponent, base: string): string | undefined {
  const path = component.modelPath;
  if (!path || typeof path !== 'string' || !base) return undefined;
  try {
    const file = /\.(glb|gltf)$/i.test(path) ? path : path.replace(/(\.[a-z0-9]+)?$/i, '.glb');
    const url = /^https?:\/\//i.test(file)
      ? new URL(file)
      : new URL(
          file.replace(/^\/+/, ''),
          new URL(base.endsWith('/') ? base : `${base}/`, globalThis.location?.href),
        );
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

interface Entry {
  url: string;
  promise: Promise<Decoded>;
  decoded?: Decoded;
  /** Groups of pieces (in any viewer) showing it now, or waiting for it. */
  refs: number;
  /** Forgotten by a reset while shown: freed when its last viewer lets go. */
  orphan?: boolean;
}

interface Decoded {
  geometry: BufferGeometry;
  materials: Material[];
  bounds: Box3;
  bytes: number;
}

/** What the cache holds (tests and the bench read it). */
export interface FurnitureCacheStats {
  /** Meshes kept (decoded or on their way). */
  entries: number;
  /** Of them, shown by (or on their way to) at least one viewer. */
  inUse: number;
  /** Files fetched and decoded since the page loaded (or since resetFurnitureCache). */
  decoded: number;
  /** Meshes freed to stay within the budget. */
  evicted: number;
  /** Geometry and texture bytes of the decoded meshes kept. */
  bytes: number;
  /** Decoders loaded because a file needed them. */
  decoders: string[];
}

const NO_MESH = Symbol('no mesh');

class MeshCache {
  /** In least-recently-used order (a use moves an entry to the end). */
  readonly entries = new Map<string, Entry>();
  limits: FurnitureLimits = { ...DEFAULT_LIMITS };
  bytes = 0;
  decodedCount = 0;
  evicted = 0;
  readonly decoders = new Set<string>();

  /** A handle on the mesh of `url` (shared), or NO_MESH when the server has none. */
  async acquire(url: string, options: FurnitureOptions): Promise<FurnitureMesh | typeof NO_MESH> {
    let entry = this.entries.get(url);
    if (entry) {
      this.entries.delete(url);
      this.entries.set(url, entry);
    } else {
      const created: Entry = { url, refs: 0, promise: Promise.resolve(undefined as unknown as Decoded) };
      created.promise = fetchAndDecode(url, this.limits.maxFileBytes, options, this.decoders).then(
        (decoded) => this.#admit(created, decoded),
        (error: unknown) => {
          this.#drop(created);
          throw error;
        },
      );
      this.entries.set(url, created);
      entry = created;
    }
    entry.refs++;
    const owner = entry;
    try {
      const decoded = await owner.promise;
      let released = false;
      return {
        geometry: decoded.geometry,
        materials: decoded.materials,
        bounds: decoded.bounds,
        release: () => {
          if (released) return;
          released = true;
          this.#release(owner);
        },
      };
    } catch (error) {
      owner.refs--;
      if (error === NO_MESH) return NO_MESH;
      throw error;
    }
  }

  #release(entry: Entry): void {
    entry.refs--;
    if (entry.refs > 0) return;
    if (entry.orphan) {
      if (entry.decoded) freeDecoded(entry.decoded);
      entry.decoded = undefined;
      return;
    }
    this.#evictUnused();
  }

  #admit(entry: Entry, decoded: Decoded): Decoded {
    this.decodedCount++;
    if (this.entries.get(entry.url) !== entry) {
      freeDecoded(decoded);
      throw new FurnitureMeshError(`${entry.url}: the furniture cache was reset meanwhile`, 'invalid');
    }
    entry.decoded = decoded;
    this.bytes += decoded.bytes;
    this.#evictUnused(entry);
    if (this.bytes > this.limits.budgetBytes) {
      this.#drop(entry);
      throw new FurnitureMeshError(
        `${entry.url}: ${decoded.bytes} bytes decoded do not fit the furniture memory budget (${this.limits.budgetBytes} bytes, the rest shown)`,
        'invalid',
      );
    }
    return decoded;
  }

  /** Frees meshes no viewer shows, least recently used first, until the budget holds. */
  #evictUnused(keep?: Entry): void {
    for (const entry of [...this.entries.values()]) {
      if (this.bytes <= this.limits.budgetBytes) return;
      if (entry === keep || entry.refs > 0 || !entry.decoded) continue;
      this.#drop(entry);
      this.evicted++;
    }
  }

  #drop(entry: Entry): void {
    if (this.entries.get(entry.url) === entry) this.entries.delete(entry.url);
    if (entry.decoded) {
      this.bytes -= entry.decoded.bytes;
      freeDecoded(entry.decoded);
      entry.decoded = undefined;
    }
  }

  reset(): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.refs === 0) {
        this.#drop(entry);
        continue;
      }
      entry.orphan = true;
      if (entry.decoded) this.bytes -= entry.decoded.bytes;
    }
    this.entries.clear();
    this.bytes = 0;
    this.decodedCount = 0;
    this.evicted = 0;
    this.decoders.clear();
  }

  stats(): FurnitureCacheStats {
    const entries = [...this.entries.values()];
    return {
      entries: entries.length,
      inUse: entries.filter((e) => e.refs > 0).length,
      decoded: this.decodedCount,
      evicted: this.evicted,
      bytes: this.bytes,
      decoders: [...this.decoders],
    };
  }
}

/** The page's one cache (on globalThis: a second copy of this chunk shares it). */
const STORE = Symbol.for('room-elements.furniture-cache');
const page = globalThis as typeof globalThis & { [STORE]?: MeshCache };
const cache: MeshCache = (page[STORE] ??= new MeshCache());

/**
 * The mesh of `component`'s product under `base`, shared with every viewer of the page; undefined when
 * the component names no model or the server has none (404 / 410). Rejects with a FurnitureMeshError
 * when the file fails, is too large, cannot be decoded or does not fit the memory budget.
 */
export async function loadFurnitureMesh(
  component: ModelComponent,
  base: string,
  options: FurnitureOptions = {},
): Promise<FurnitureMesh | undefined> {
  const url = furnitureUrl(component, base);
  if (!url) return undefined;
  const mesh = await cache.acquire(url, options);
  return mesh === NO_MESH ? undefined : mesh;
}

/** What the page's furniture cache holds now. */
export function furnitureCacheStats(): FurnitureCacheStats {
  return cache.stats();
}

/** Sets the cache's limits (tests and benches lower them; the defaults are DEFAULT_LIMITS). */
export function setFurnitureLimits(limits: Partial<FurnitureLimits>): void {
  cache.limits = { ...cache.limits, ...limits };
}

/** Frees every mesh no viewer shows and forgets the rest (tests and benches start from nothing). */
export function resetFurnitureCache(): void {
  cache.reset();
  cache.limits = { ...DEFAULT_LIMITS };
}

// --- fetching and decoding

async function fetchAndDecode(
  url: string,
  maxBytes: number,
  options: FurnitureOptions,
  decoders: Set<string>,
): Promise<Decoded> {
  const buffer = await fetchCapped(url, maxBytes);
  const json = gltfJson(buffer);
  const extensions = new Set([...(json?.extensionsUsed ?? []), ...(json?.extensionsRequired ?? [])]);
  const loader = new GLTFLoader();
  if (extensions.has('EXT_meshopt_compression') || extensions.has('KHR_meshopt_compression')) {
    const { MeshoptDecoder } = await import('three/examples/jsm/libs/meshopt_decoder.module.js');
    await MeshoptDecoder.ready;
    loader.setMeshoptDecoder(MeshoptDecoder);
    decoders.add('meshopt');
  }
  if (extensions.has('KHR_texture_basisu')) {
    if (!options.basisTranscoderPath)
      throw new FurnitureMeshError(
        `${url} has KTX2 textures: configure({ basisTranscoderPath }) with the Basis transcoder's folder`,
        'invalid',
      );
    const { KTX2Loader } = await import('three/examples/jsm/loaders/KTX2Loader.js');
    const ktx2 = new KTX2Loader().setTranscoderPath(options.basisTranscoderPath);
    ktx2.detectSupport(SharedRenderer.get().renderer);
    loader.setKTX2Loader(ktx2);
    decoders.add('ktx2');
  }
  let scene: Object3D;
  try {
    const resourcePath = new URL('.', url).href;
    scene = (await loader.parseAsync(buffer, resourcePath)).scene;
  } catch (error) {
    throw new FurnitureMeshError(
      `${url} could not be decoded: ${(error as Error)?.message ?? error}`,
      'invalid',
    );
  }
  return toDecoded(scene, url);
}

/** The response body, refused past `maxBytes` (by its Content-Length, else as it streams). */
async function fetchCapped(url: string, maxBytes: number): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit' });
  } catch (error) {
    throw new FurnitureMeshError(`${url}: ${(error as Error)?.message ?? 'network error'}`, 'network');
  }
  if (response.status === 404 || response.status === 410) {
    void response.body?.cancel();
    throw NO_MESH;
  }
  if (!response.ok) {
    void response.body?.cancel();
    throw new FurnitureMeshError(
      `${url} answered ${response.status}`,
      response.status >= 500 ? 'server' : 'invalid',
      response.status,
    );
  }
  const tooLarge = () =>
    new FurnitureMeshError(`${url} is larger than ${maxBytes} bytes: kept as a box`, 'invalid');
  try {
    return (await readBoundedBytes(response, maxBytes, tooLarge)).buffer as ArrayBuffer;
  } catch (error) {
    if (error instanceof FurnitureMeshError) throw error;
    throw new FurnitureMeshError(`${url}: ${(error as Error)?.message ?? 'network error'}`, 'network');
  }
}

interface GltfJson {
  extensionsUsed?: string[];
  extensionsRequired?: string[];
}

/** The glTF JSON of a GLB (its first chunk) or of a .gltf text; undefined when it is neither. */
function gltfJson(buffer: ArrayBuffer): GltfJson | undefined {
  try {
    const view = new DataView(buffer);
    const text =
      buffer.byteLength >= 20 && view.getUint32(0, true) === 0x46546c67
        ? new TextDecoder().decode(
            new Uint8Array(buffer, 20, Math.min(view.getUint32(12, true), buffer.byteLength - 20)),
          )
        : new TextDecoder().decode(buffer);
    const json = JSON.parse(text) as GltfJson;
    return {
      extensionsUsed: Array.isArray(json.extensionsUsed) ? json.extensionsUsed : [],
      extensionsRequired: Array.isArray(json.extensionsRequired) ? json.extensionsRequired : [],
    };
  } catch {
    return undefined;
  }
}

/** A plain float attribute (de-interleaved, de-quantized), so primitives of any encoding merge. */
function plain(attribute: BufferAttribute, itemSize = attribute.itemSize): BufferAttribute {
  const out = new Float32Array(attribute.count * itemSize);
  const getters = ['getX', 'getY', 'getZ', 'getW'] as const;
  for (let i = 0; i < attribute.count; i++) {
    for (let c = 0; c < itemSize; c++) out[i * itemSize + c] = attribute[getters[c]!](i);
  }
  return new BufferAttribute(out, itemSize);
}

/** The scene's meshes as one geometry in the model's axes, a group per primitive, and their materials. */
function toDecoded(scene: Object3D, url: string): Decoded {
  scene.updateMatrixWorld(true);
  const parts: { geometry: BufferGeometry; material: Material }[] = [];
  scene.traverse((node) => {
    const mesh = node as Mesh;
    if (!mesh.isMesh || !mesh.geometry?.getAttribute('position')) return;
    const source = mesh.geometry;
    const materials = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', plain(source.getAttribute('position') as BufferAttribute, 3));
    const normal = source.getAttribute('normal') as BufferAttribute | undefined;
    if (normal) geometry.setAttribute('normal', plain(normal, 3));
    const uv = source.getAttribute('uv') as BufferAttribute | undefined;
    if (uv) geometry.setAttribute('uv', plain(uv, 2));
    const count = geometry.getAttribute('position').count;
    geometry.setIndex(
      source.index ? Array.from(source.index.array) : Array.from({ length: count }, (_, i) => i),
    );
    geometry.applyMatrix4(new Matrix4().multiplyMatrices(GLTF_TO_MODEL, mesh.matrixWorld));
    if (!normal) geometry.computeVertexNormals();
    parts.push({ geometry, material: viewerMaterial(materials[0]!) });
    for (const m of materials) if (m !== materials[0]) m.dispose();
    source.dispose();
  });
  if (!parts.length) throw new FurnitureMeshError(`${url} holds no mesh`, 'invalid');
  // uv only when every part has it (three merges geometries with the same attributes)
  const withUv = parts.every((p) => p.geometry.getAttribute('uv'));
  if (!withUv) for (const p of parts) p.geometry.deleteAttribute('uv');
  const geometry = mergeGeometries(
    parts.map((p) => p.geometry),
    true,
  );
  for (const p of parts) p.geometry.dispose();
  if (!geometry) throw new FurnitureMeshError(`${url}: its meshes could not be merged`, 'invalid');
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  const bounds = geometry.boundingBox!.clone();
  if (bounds.isEmpty() || !Number.isFinite(bounds.min.x + bounds.max.x + bounds.min.y + bounds.max.y))
    throw new FurnitureMeshError(`${url} has no extent`, 'invalid');
  const materials = parts.map((p) => p.material);
  return { geometry, materials, bounds, bytes: geometryBytes(geometry) + textureBytes(materials) };
}

/** Rougher than this and not metal, a surface is drawn as Lambert, as the viewer's own (materials.ts). */
const MATTE_ROUGHNESS = 0.6;

/**
 * The file's material in the viewer's look (tone mapping, exposure, per-vertex environment light:
 * look-shader.ts): matte ones without detail maps as Lambert (cheaper under software WebGL, the same
 * picture without an environment map), the others as they are.
 */
function viewerMaterial(material: Material): Material {
  const standard = material as MeshStandardMaterial;
  // vertex colours are not kept (parts merge on positions, normals and uvs): a material must not ask for them
  (material as MeshStandardMaterial).vertexColors = false;
  if (
    standard.isMeshStandardMaterial &&
    standard.roughness >= MATTE_ROUGHNESS &&
    standard.metalness < 0.1 &&
    !standard.normalMap &&
    !standard.roughnessMap &&
    !standard.metalnessMap
  ) {
    const lambert = new MeshLambertMaterial({
      color: standard.color,
      map: standard.map,
      emissive: standard.emissive,
      emissiveIntensity: standard.emissiveIntensity,
      emissiveMap: standard.emissiveMap,
      transparent: standard.transparent,
      opacity: standard.opacity,
      side: standard.side,
      alphaTest: standard.alphaTest,
    });
    lambert.name = standard.name;
    lambert.onBeforeCompile = applyLook;
    standard.dispose();
    return lambert;
  }
  if (standard.isMeshStandardMaterial || (material as MeshLambertMaterial).isMeshLambertMaterial)
    material.onBeforeCompile = applyLook;
  return material;
}

function geometryBytes(geometry: BufferGeometry): number {
  let bytes = geometry.index ? geometry.index.array.byteLength : 0;
  for (const attribute of Object.values(geometry.attributes))
    bytes += (attribute as BufferAttribute).array.byteLength;
  return bytes;
}

function texturesOf(material: Material): Texture[] {
  return Object.values(material).filter(
    (value): value is Texture =>
      !!value && typeof value === 'object' && (value as Texture).isTexture === true,
  );
}

/** RGBA texels with their mipmaps (a third more). */
function textureBytes(materials: Material[]): number {
  let bytes = 0;
  const seen = new Set<Texture>();
  for (const material of materials) {
    for (const texture of texturesOf(material)) {
      if (seen.has(texture)) continue;
      seen.add(texture);
      const image = texture.image as { width?: number; height?: number } | undefined;
      bytes += Math.round((image?.width ?? 0) * (image?.height ?? 0) * 4 * (4 / 3));
    }
  }
  return bytes;
}

function freeDecoded(decoded: Decoded): void {
  decoded.geometry.dispose();
  for (const material of decoded.materials) {
    for (const texture of texturesOf(material)) texture.dispose();
    material.dispose();
  }
}
