/**
 * Decodes a furniture file that passed its checks (prepare.ts) into a PlainMesh: three's GLTFLoader
 * (with meshopt and one KTX2 transcoder when the file needs them), then every mesh a node shows
 * copied into one geometry of typed arrays in the model's axes (glTF's y up, front +z to the model's
 * z up, front +y), a group per primitive. Runs in the mesh-decoding worker (decode-worker.ts), or
 * on the calling thread where no worker can be had. Nothing is fetched here: the file's resources
 * come fetched (resources.ts) and the loader is only allowed to read them and its own blob: URLs.
 */
import {
  BufferAttribute,
  BufferGeometry,
  LoadingManager,
  LoaderUtils,
  Matrix4,
  type Material,
  type Mesh,
  type MeshStandardMaterial,
  type Object3D,
  type Texture,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import { FurnitureMeshError } from './errors.js';
import { extensionsOf, readGltf } from './gltf-file.js';
import type { FurnitureLimits } from './limits.js';
import { MAP_SLOTS, type PlainMaterial, type PlainMesh, type PlainTexture } from './plain-mesh.js';

/** What the GPU can take, as KTX2Loader's detectSupport() works it out from a renderer. */
export type Ktx2Support = Record<string, boolean>;

export interface DecodeRequest {
  url: string;
  file: ArrayBuffer;
  /** Fetched resources by the URI the file names them with. */
  resources: [string, Uint8Array][];
  limits: FurnitureLimits;
  basisTranscoderPath?: string;
  ktx2Support?: Ktx2Support;
}

/** glTF's y-up, front +z frame to the model's z-up, front +y one (a rotation: x → -x). */
const GLTF_TO_MODEL = new Matrix4().set(-1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1);
const REFUSED = 'about:blank#refused-by-room-elements';

/** One transcoder for the thread (three warns, and pays a transcoder's memory, for every KTX2Loader). */
let ktx2: { loader: KTX2Loader; path: string } | undefined;

/** three's KTX2 loader module, as the mesh-decoding worker imports it (the only place that may). */
export type Ktx2Module = typeof import('three/examples/jsm/loaders/KTX2Loader.js');

/** three's meshopt decoder module. */
export type MeshoptModule = typeof import('three/examples/jsm/libs/meshopt_decoder.module.js');

/**
 * The decoders, given by the mesh-decoding worker only: its transcoder is the page's one, and the
 * decoders ship once, in the worker's folder. Without them (the page's own fallback) files that
 * need them are refused.
 */
export interface DecodeOptions {
  ktx2?: () => Promise<Ktx2Module>;
  meshopt?: () => Promise<MeshoptModule>;
}

const onlyInWorker = (url: string, what: string) =>
  new FurnitureMeshError(
    `${url} needs ${what}, which is decoded only in the mesh-decoding worker (it could not start here)`,
    'invalid',
  );

async function ktx2Loader(
  path: string,
  support: Ktx2Support,
  load: () => Promise<Ktx2Module>,
): Promise<KTX2Loader> {
  if (ktx2?.path === path) return ktx2.loader;
  ktx2?.loader.dispose();
  const { KTX2Loader } = await load();
  const loader = new KTX2Loader().setTranscoderPath(path);
  // detectSupport() needs a renderer, which this thread has not: the drawing thread sent its answers
  loader.workerConfig = { ...support } as never;
  ktx2 = { loader, path };
  return loader;
}

export async function decodeFile(request: DecodeRequest, options: DecodeOptions = {}): Promise<PlainMesh> {
  const { url, limits } = request;
  const { json } = readGltf(request.file, url);
  const extensions = extensionsOf(json);
  const resourcePath = new URL('.', url).href;
  // the loader may read the fetched resources (as blob: URLs) and the blob: URLs it makes itself
  const blobs = new Map<string, string>();
  for (const [uri, bytes] of request.resources)
    blobs.set(LoaderUtils.resolveURL(uri, resourcePath), URL.createObjectURL(new Blob([bytes as BlobPart])));
  const manager = new LoadingManager();
  manager.setURLModifier((asked) => blobs.get(asked) ?? (/^blob:/i.test(asked) ? asked : REFUSED));
  const loader = new GLTFLoader(manager);
  const decoders: string[] = [];
  try {
    if (extensions.has('EXT_meshopt_compression') || extensions.has('KHR_meshopt_compression')) {
      if (!options.meshopt) throw onlyInWorker(url, 'EXT_meshopt_compression');
      const { MeshoptDecoder } = await options.meshopt();
      await MeshoptDecoder.ready;
      loader.setMeshoptDecoder(MeshoptDecoder);
      decoders.push('meshopt');
    }
    if (extensions.has('KHR_texture_basisu')) {
      if (!request.basisTranscoderPath)
        throw new FurnitureMeshError(
          `${url} has KTX2 textures: configure({ basisTranscoderPath }) with the Basis transcoder's folder`,
          'invalid',
        );
      if (!options.ktx2) throw onlyInWorker(url, 'KTX2 textures');
      loader.setKTX2Loader(
        await ktx2Loader(request.basisTranscoderPath, request.ktx2Support ?? {}, options.ktx2),
      );
      decoders.push('ktx2');
    }
    let scene: Object3D;
    try {
      scene = (await loader.parseAsync(request.file, resourcePath)).scene;
    } catch (error) {
      throw new FurnitureMeshError(
        `${url} could not be decoded: ${(error as Error)?.message ?? error}`,
        'invalid',
      );
    }
    const mesh = toPlain(scene, url);
    mesh.decoders = decoders;
    const bytes = plainBytes(mesh);
    if (bytes > limits.budgetBytes)
      throw new FurnitureMeshError(
        `${url}: ${bytes} bytes decoded do not fit the furniture memory budget (${limits.budgetBytes} bytes)`,
        'invalid',
      );
    return mesh;
  } finally {
    for (const blob of blobs.values()) URL.revokeObjectURL(blob);
  }
}

/** Bytes a PlainMesh holds: its arrays, and its textures as the GPU will (RGBA8 and mipmaps for bitmaps). */
export function plainBytes(mesh: PlainMesh): number {
  let bytes =
    mesh.position.byteLength + mesh.normal.byteLength + mesh.index.byteLength + (mesh.uv?.byteLength ?? 0);
  for (const texture of mesh.textures) {
    if (texture.kind === 'bitmap')
      bytes += Math.ceil(texture.image.width * texture.image.height * 4 * (4 / 3));
    else for (const level of texture.mipmaps) bytes += level.data.byteLength;
  }
  return bytes;
}

/** A plain float copy of an attribute (de-interleaved, de-quantized), so primitives of any encoding merge. */
function plain(attribute: BufferAttribute, itemSize: number): BufferAttribute {
  const out = new Float32Array(attribute.count * itemSize);
  const getters = ['getX', 'getY', 'getZ', 'getW'] as const;
  for (let i = 0; i < attribute.count; i++) {
    for (let c = 0; c < itemSize; c++) out[i * itemSize + c] = attribute[getters[c]!](i);
  }
  return new BufferAttribute(out, itemSize);
}

interface Part {
  geometry: BufferGeometry;
  material: Material;
}

function toPlain(scene: Object3D, url: string): PlainMesh {
  scene.updateMatrixWorld(true);
  const parts: Part[] = [];
  const unused = new Set<Material>();
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
    let index: Uint32Array;
    if (source.index) {
      index = new Uint32Array(source.index.count);
      for (let i = 0; i < index.length; i++) {
        const vertex = source.index.getX(i);
        // an index past the vertices would read past the arrays when drawn: the file is wrong
        if (!(vertex >= 0 && vertex < count))
          throw new FurnitureMeshError(`${url}: an index names no vertex`, 'invalid');
        index[i] = vertex;
      }
    } else {
      index = new Uint32Array(count);
      for (let i = 0; i < count; i++) index[i] = i;
    }
    geometry.setIndex(new BufferAttribute(index, 1));
    geometry.applyMatrix4(new Matrix4().multiplyMatrices(GLTF_TO_MODEL, mesh.matrixWorld));
    if (!normal) geometry.computeVertexNormals();
    parts.push({ geometry, material: materials[0]! });
    for (const m of materials.slice(1)) unused.add(m);
    source.dispose();
  });
  if (!parts.length) throw new FurnitureMeshError(`${url} holds no mesh`, 'invalid');
  // uv only when every part has it (the parts share one set of attributes)
  const withUv = parts.every((p) => p.geometry.getAttribute('uv'));
  let vertices = 0;
  let indices = 0;
  for (const p of parts) {
    vertices += p.geometry.getAttribute('position').count;
    indices += p.geometry.index!.count;
  }
  const position = new Float32Array(vertices * 3);
  const normal = new Float32Array(vertices * 3);
  const uv = withUv ? new Float32Array(vertices * 2) : undefined;
  const index = new Uint32Array(indices);
  const groups: PlainMesh['groups'] = [];
  let vertexAt = 0;
  let indexAt = 0;
  for (const [materialIndex, p] of parts.entries()) {
    const g = p.geometry;
    position.set(g.getAttribute('position').array as Float32Array, vertexAt * 3);
    normal.set(g.getAttribute('normal').array as Float32Array, vertexAt * 3);
    if (uv) uv.set(g.getAttribute('uv').array as Float32Array, vertexAt * 2);
    const own = g.index!.array as Uint32Array;
    for (let i = 0; i < own.length; i++) index[indexAt + i] = own[i]! + vertexAt;
    groups.push({ start: indexAt, count: own.length, materialIndex });
    vertexAt += g.getAttribute('position').count;
    indexAt += own.length;
    g.dispose();
  }
  for (let i = 0; i < position.length; i++) {
    if (!Number.isFinite(position[i]!))
      throw new FurnitureMeshError(`${url} has a vertex out of range`, 'invalid');
  }
  const textures: PlainTexture[] = [];
  const textureIndex = new Map<Texture, number>();
  const materials = parts.map((p) => plainMaterial(p.material, textures, textureIndex));
  for (const m of unused) m.dispose();
  return { position, normal, uv, index, groups, materials, textures, decoders: [] };
}

function plainTexture(texture: Texture): PlainTexture | undefined {
  const common = {
    colorSpace: texture.colorSpace,
    wrapS: texture.wrapS,
    wrapT: texture.wrapT,
    magFilter: texture.magFilter,
    minFilter: texture.minFilter,
    flipY: texture.flipY,
    transform: [
      texture.offset.x,
      texture.offset.y,
      texture.repeat.x,
      texture.repeat.y,
      texture.center.x,
      texture.center.y,
      texture.rotation,
      texture.channel,
    ] as PlainTexture['transform'],
  };
  const image = texture.image as { width?: number; height?: number; data?: ArrayBufferView } | undefined;
  if (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap)
    return { ...common, kind: 'bitmap', image };
  const compressed = texture as Texture & {
    isCompressedTexture?: boolean;
    isDataTexture?: boolean;
    format: number;
    type: number;
  };
  const mipmaps = (texture.mipmaps ?? []) as { data: ArrayBufferView; width: number; height: number }[];
  if (compressed.isCompressedTexture && mipmaps.length)
    return {
      ...common,
      kind: 'compressed',
      width: image?.width ?? 0,
      height: image?.height ?? 0,
      format: compressed.format,
      type: compressed.type,
      mipmaps,
    };
  if (compressed.isDataTexture && image?.data)
    return {
      ...common,
      kind: 'data',
      width: image.width ?? 0,
      height: image.height ?? 0,
      format: compressed.format,
      type: compressed.type,
      mipmaps: mipmaps.length
        ? mipmaps
        : [{ data: image.data, width: image.width ?? 0, height: image.height ?? 0 }],
    };
  return undefined;
}

function plainMaterial(
  material: Material,
  textures: PlainTexture[],
  seen: Map<Texture, number>,
): PlainMaterial {
  const m = material as MeshStandardMaterial & { isMeshBasicMaterial?: boolean };
  const maps: PlainMaterial['maps'] = {};
  for (const slot of MAP_SLOTS) {
    const texture = m[slot] as Texture | null | undefined;
    if (!texture?.isTexture) continue;
    let index = seen.get(texture);
    if (index === undefined) {
      const plainOne = plainTexture(texture);
      if (!plainOne) continue;
      index = textures.push(plainOne) - 1;
      seen.set(texture, index);
    }
    maps[slot] = index;
  }
  const out: PlainMaterial = {
    kind: m.isMeshBasicMaterial ? 'basic' : 'standard',
    name: m.name ?? '',
    color: m.color?.getHex() ?? 0xffffff,
    emissive: m.emissive?.getHex() ?? 0,
    emissiveIntensity: m.emissiveIntensity ?? 1,
    roughness: m.roughness ?? 1,
    metalness: m.metalness ?? 0,
    opacity: m.opacity ?? 1,
    transparent: !!m.transparent,
    side: m.side ?? 0,
    alphaTest: m.alphaTest ?? 0,
    maps,
  };
  material.dispose();
  return out;
}
