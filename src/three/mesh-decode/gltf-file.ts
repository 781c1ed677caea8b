/**
 * A glTF file taken apart without decoding anything: its JSON and, for a GLB, its binary chunk.
 * Only the members the budget (declared-size.ts) and the resource policy (resources.ts) read are typed.
 */
import { FurnitureMeshError } from './errors.js';

export interface GltfAccessor {
  bufferView?: number;
  componentType?: number;
  count?: number;
  type?: string;
  sparse?: { count?: number };
}

export interface GltfBufferView {
  buffer?: number;
  byteOffset?: number;
  byteLength?: number;
  byteStride?: number;
  extensions?: Record<string, { count?: number; byteStride?: number } | undefined>;
}

export interface GltfPrimitive {
  attributes?: Record<string, number>;
  indices?: number;
}

export interface GltfJson {
  asset?: unknown;
  accessors?: GltfAccessor[];
  bufferViews?: GltfBufferView[];
  buffers?: { uri?: string; byteLength?: number }[];
  images?: { uri?: string; bufferView?: number; mimeType?: string }[];
  meshes?: { primitives?: GltfPrimitive[] }[];
  nodes?: { mesh?: number }[];
  extensionsUsed?: string[];
  extensionsRequired?: string[];
}

export interface GltfFile {
  json: GltfJson;
  /** A GLB's binary chunk (the buffer without a `uri`). */
  bin?: Uint8Array;
}

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** The JSON (and binary chunk) of a GLB or a .gltf text; a FurnitureMeshError when it is neither. */
export function readGltf(buffer: ArrayBuffer, url: string): GltfFile {
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let text: string;
  let bin: Uint8Array | undefined;
  if (bytes.byteLength >= 20 && view.getUint32(0, true) === GLB_MAGIC) {
    const jsonLength = view.getUint32(12, true);
    if (view.getUint32(16, true) !== CHUNK_JSON || 20 + jsonLength > bytes.byteLength)
      throw new FurnitureMeshError(`${url} is not a readable GLB (its JSON chunk)`, 'invalid');
    text = new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength));
    const at = 20 + jsonLength;
    if (at + 8 <= bytes.byteLength && view.getUint32(at + 4, true) === CHUNK_BIN) {
      const length = view.getUint32(at, true);
      bin = bytes.subarray(at + 8, Math.min(bytes.byteLength, at + 8 + length));
    }
  } else {
    text = new TextDecoder().decode(bytes);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FurnitureMeshError(`${url} is neither a GLB nor glTF JSON`, 'invalid');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json) || !('asset' in json))
    throw new FurnitureMeshError(`${url} is not a glTF file (no asset)`, 'invalid');
  return { json: json as GltfJson, bin };
}

/** The extensions a file uses or requires. */
export function extensionsOf(json: GltfJson): Set<string> {
  const names = [json.extensionsUsed, json.extensionsRequired].flatMap((list) =>
    Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [],
  );
  return new Set(names);
}
