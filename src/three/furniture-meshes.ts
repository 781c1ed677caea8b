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
  MeshLambertMaterial,
  MeshStandardMaterial,
  type Material,
  type Texture,
  type WebGLRenderer,
} from 'three';
import type { ModelComponent } from '../model/types.js';
import type { FurnitureMesh } from './build-room.js';
import { applyLook } from './look-shader.js';
import { meshDecoder, type DecodeClientStats } from './mesh-decode/decode-client.js';
import type { Ktx2Support } from './mesh-decode/decode.js';
import { FurnitureMeshError, NO_MESH } from './mesh-decode/errors.js';
import { DEFAULT_LIMITS, type FurnitureLimits } from './mesh-decode/limits.js';
import { geometryOf, materialsOf } from './mesh-decode/plain-mesh.js';
import { prepareFile } from './mesh-decode/prepare.js';
import { SharedRenderer } from './shared-renderer.js';

export type { FurnitureMesh, FurnitureLimits };
export { DEFAULT_LIMITS, FurnitureMeshError };

export interface FurnitureOptions {
  /** Where the Basis transcoder files are (for KTX2 textures); without it KTX2 files fail. */
  basisTranscoderPath?: string;
  /**
   * Origins besides `base`'s whose absolute `model` URLs may be fetched (configure()'s
   * `furnitureOrigins`); any other absolute URL keeps its box and is reported.
   */
  furnitureOrigins?: readonly string[];
}

/** The origin of an http(s) URL, or undefined. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url, globalThis.location?.href);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The file a component's model names under `base`: its `model` path with the extension `.glb`. An
 * absolute `model` URL is taken only on `base`'s origin or one of `origins` (issue 34: whoever writes
 * the room data must not choose which bytes, on which site, the page fetches and decodes); for any
 * other it throws a FurnitureMeshError that names the URL.
 */
export function furnitureUrl(
  component: ModelComponent,
  base: string,
  origins: readonly string[] = [],
): string | undefined {
  const path = component.modelPath;
  if (!path || typeof path !== 'string' || !base) return undefined;
  let url: URL;
  try {
    const file = /\.(glb|gltf)$/i.test(path) ? path : path.replace(/(\.[a-z0-9]+)?$/i, '.glb');
    const root = new URL(base.endsWith('/') ? base : `${base}/`, globalThis.location?.href);
    url = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(file) ? new URL(file) : new URL(file.replace(/^\/+/, ''), root);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const allowed = new Set([originOf(base), ...origins.map(originOf)]);
  if (!allowed.has(url.origin))
    throw new FurnitureMeshError(
      `${url.href.slice(0, 200)} is not on the furniture-base origin nor in configure({ furnitureOrigins }): kept as a box`,
      'invalid',
    );
  return url.href;
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
      created.promise = fetchAndDecode(url, { ...this.limits }, options, this.decoders).then(
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
  const url = furnitureUrl(component, base, options.furnitureOrigins);
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
  meshDecoder.reset();
  cache.limits = { ...DEFAULT_LIMITS };
}

// --- fetching and decoding

/**
 * The file checked here (prepare.ts: fetched with its resources under the byte cap and the resource
 * policy, its declared cost against the limits), decoded in the mesh-decoding worker under a deadline
 * (decode-client.ts), and made into three's objects on this thread from the arrays it moved back.
 */
async function fetchAndDecode(
  url: string,
  limits: FurnitureLimits,
  options: FurnitureOptions,
  decoders: Set<string>,
): Promise<Decoded> {
  const request = await prepareFile(url, limits, options);
  if (options.basisTranscoderPath) request.ktx2Support = ktx2Support(SharedRenderer.get().renderer);
  const plain = await meshDecoder.decode(request);
  for (const name of plain.decoders) decoders.add(name);
  const geometry = geometryOf(plain);
  const materials = materialsOf(plain).map(viewerMaterial);
  const bounds = geometry.boundingBox!.clone();
  if (bounds.isEmpty() || !Number.isFinite(bounds.min.x + bounds.max.x + bounds.min.y + bounds.max.y)) {
    freeDecoded({ geometry, materials, bounds, bytes: 0 });
    throw new FurnitureMeshError(`${url} has no extent`, 'invalid');
  }
  return { geometry, materials, bounds, bytes: geometryBytes(geometry) + textureBytes(materials) };
}

/** What KTX2Loader.detectSupport() reads from a renderer, for the decoding worker that has none. */
function ktx2Support(renderer: WebGLRenderer): Ktx2Support {
  const has = (name: string) => renderer.extensions.has(name);
  const support: Ktx2Support = {
    astcSupported: has('WEBGL_compressed_texture_astc'),
    astcHDRSupported: false,
    etc1Supported: has('WEBGL_compressed_texture_etc1'),
    etc2Supported: has('WEBGL_compressed_texture_etc'),
    dxtSupported: has('WEBGL_compressed_texture_s3tc'),
    bptcSupported: has('EXT_texture_compression_bptc'),
    pvrtcSupported: has('WEBGL_compressed_texture_pvrtc') || has('WEBKIT_WEBGL_compressed_texture_pvrtc'),
  };
  // as three does: Linux drivers that emulate ASTC / ETC in software are not trusted with them
  if (
    typeof navigator !== 'undefined' &&
    /Linux/.test(navigator.platform ?? '') &&
    !/Android/.test(navigator.userAgent ?? '') &&
    support.astcSupported &&
    support.etc2Supported &&
    support.bptcSupported &&
    support.dxtSupported
  ) {
    support.astcSupported = support.etc1Supported = support.etc2Supported = false;
  }
  return support;
}

/** What the page's (or render worker's) mesh decoder did: workers started, deadlines overrun. */
export function meshDecoderStats(): Readonly<DecodeClientStats> {
  return { ...meshDecoder.stats };
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
