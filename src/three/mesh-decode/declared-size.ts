/**
 * What decoding a glTF file would cost, from what it declares, before any of it is decoded: every
 * accessor (with or without a buffer view: one without is a zero-filled array of `count` elements;
 * sparse ones materialise in full), every meshopt-compressed buffer view (`count × byteStride`
 * decoded), every image at the size its header gives (imageSize), and our own copies of the
 * geometry (plain float attributes and 32-bit indices for each primitive a node shows). Issue 34's
 * bombs declare gigabytes in a few hundred bytes: they are refused here, in microseconds.
 */
import { FurnitureMeshError } from './errors.js';
import type { GltfJson } from './gltf-file.js';
import { dataUriBytes } from './resources.js';
import { imageSize } from './image-size.js';
import type { FurnitureLimits } from './limits.js';

export interface DeclaredSize {
  /** Bytes decoding would allocate at least. */
  bytes: number;
  vertices: number;
  indices: number;
  primitives: number;
}

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
/** Per vertex of our merged copy: position and normal as 3 floats, uv as 2. */
const OUR_VERTEX_BYTES = (3 + 3 + 2) * 4;

const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/** The bytes of each buffer: a GLB's binary chunk or a fetched / `data:` resource. */
export function buffersOf(
  json: GltfJson,
  bin: Uint8Array | undefined,
  resources: Map<string, Uint8Array>,
): (Uint8Array | undefined)[] {
  return list(json.buffers).map((buffer) =>
    typeof buffer?.uri === 'string' ? resources.get(buffer.uri) : bin,
  );
}

function imageBytesOf(
  json: GltfJson,
  image: NonNullable<GltfJson['images']>[number],
  buffers: (Uint8Array | undefined)[],
  resources: Map<string, Uint8Array>,
): Uint8Array | undefined {
  if (typeof image?.uri === 'string')
    return resources.get(image.uri) ?? (/^data:/i.test(image.uri) ? dataUriBytes(image.uri) : undefined);
  const viewDef = typeof image?.bufferView === 'number' ? json.bufferViews?.[image.bufferView] : undefined;
  const buffer = viewDef && typeof viewDef.buffer === 'number' ? buffers[viewDef.buffer] : undefined;
  if (!viewDef || !buffer) return undefined;
  const start = count(viewDef.byteOffset);
  return buffer.subarray(start, start + count(viewDef.byteLength));
}

/** The file's declared cost (see the module's comment); throws a FurnitureMeshError for what it cannot size. */
export function declaredSize(
  json: GltfJson,
  buffers: (Uint8Array | undefined)[],
  resources: Map<string, Uint8Array>,
  url: string,
): DeclaredSize {
  let bytes = 0;
  const accessors = list(json.accessors);
  for (const accessor of accessors) {
    const element =
      (COMPONENT_BYTES[accessor?.componentType ?? 0] ?? 4) * (COMPONENTS[accessor?.type ?? ''] ?? 16);
    bytes += count(accessor?.count) * element;
    // a sparse accessor: its indices and values, besides the whole array it is written into
    if (accessor?.sparse) bytes += count(accessor.sparse.count) * (4 + element);
  }
  for (const viewDef of list(json.bufferViews)) {
    for (const name of ['EXT_meshopt_compression', 'KHR_meshopt_compression']) {
      const meshopt = viewDef?.extensions?.[name];
      if (meshopt) bytes += count(meshopt.count) * count(meshopt.byteStride);
    }
  }
  // the geometry a node shows is copied once per node (our plain attributes, 32-bit indices)
  let vertices = 0;
  let indices = 0;
  let primitives = 0;
  const meshes = list(json.meshes);
  for (const node of list(json.nodes)) {
    if (typeof node?.mesh !== 'number') continue;
    for (const primitive of list(meshes[node.mesh]?.primitives)) {
      const position = primitive?.attributes?.POSITION;
      const vertexCount = typeof position === 'number' ? count(accessors[position]?.count) : 0;
      const indexCount =
        typeof primitive?.indices === 'number' ? count(accessors[primitive.indices]?.count) : vertexCount;
      vertices += vertexCount;
      indices += indexCount;
      primitives++;
    }
  }
  bytes += vertices * OUR_VERTEX_BYTES + indices * 4;
  const images = list(json.images);
  for (let i = 0; i < images.length; i++) {
    const source = imageBytesOf(json, images[i]!, buffers, resources);
    const size = source && imageSize(source);
    if (!size)
      throw new FurnitureMeshError(
        `${url}: image ${i} is not a PNG, JPEG, WebP or KTX2 whose size can be read`,
        'invalid',
      );
    bytes += size.decodedBytes;
  }
  return { bytes, vertices, indices, primitives };
}

/** Refuses a file whose declared cost is over the limits, with a message that names which and how much. */
export function checkDeclared(size: DeclaredSize, limits: FurnitureLimits, url: string): void {
  const over = (what: string, value: number, limit: number) =>
    new FurnitureMeshError(
      `${url} declares ${value} ${what}, more than the ${limit} a furniture file may have: kept as a box`,
      'invalid',
    );
  if (size.vertices > limits.maxVertices) throw over('vertices', size.vertices, limits.maxVertices);
  if (size.indices > limits.maxIndices) throw over('indices', size.indices, limits.maxIndices);
  if (size.primitives > limits.maxPrimitives) throw over('primitives', size.primitives, limits.maxPrimitives);
  if (size.bytes > limits.budgetBytes)
    throw new FurnitureMeshError(
      `${url} declares ${size.bytes} bytes decoded, more than the furniture memory budget (${limits.budgetBytes} bytes): kept as a box`,
      'invalid',
    );
}
