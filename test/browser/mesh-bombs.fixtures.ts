/**
 * Issue 34's mesh bombs, made in the test page byte for byte as the issue describes them: furniture
 * files of a few hundred bytes to 34 KB that declare gigabytes once decoded. Each is a valid GLB (the
 * container, the JSON and the binary chunk are well formed), so only what it declares gives it away:
 * - `index-accessor`: an index accessor of 3×10⁷ with no buffer view (three fills 120 MB of zeros);
 * - `position-accessor`: a position accessor of 10⁷ with no buffer view (120 MB, and 10⁷ vertices);
 * - `meshopt`: an EXT_meshopt_compression buffer view of count 10⁸ (1.2 GB decoded);
 * - `ktx2`: a 16384² KTX2 image, zstd-supercompressed (1 GiB inflated, 1.4 GB as RGBA);
 * - `png`: a 1-bit 16384² PNG (1.4 GB as RGBA with mipmaps), 33.5 KB of zlib zeros.
 * Plus helpers for the resource-policy tests: a triangle GLB whose buffer lives at a given URI.
 */

/** A GLB of `json` and an optional binary chunk (both padded to 4 bytes, as the format asks). */
export function glb(json: object, bin?: Uint8Array): Uint8Array {
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
  const binLength = bin ? Math.ceil(bin.byteLength / 4) * 4 : 0;
  const total = 12 + 8 + jsonBytes.length + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  if (bin) {
    const at = 20 + jsonBytes.length;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(bin, at + 8);
  }
  return out;
}

/** One triangle's positions (and uvs): 36 (+24) bytes. */
function triangle(): Uint8Array {
  return new Uint8Array(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1]).buffer);
}

const ASSET = { version: '2.0', generator: 'room-elements mesh-bomb fixture' };
const POSITION = {
  bufferView: 0,
  componentType: 5126,
  count: 3,
  type: 'VEC3',
  min: [0, 0, 0],
  max: [1, 1, 0],
};
const UV = { bufferView: 1, componentType: 5126, count: 3, type: 'VEC2' };
const SCENE = { nodes: [{ mesh: 0 }], scenes: [{ nodes: [0] }], scene: 0 };

function indexBomb(): Uint8Array {
  return glb(
    {
      asset: ASSET,
      buffers: [{ byteLength: 36 }],
      bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 36 }],
      accessors: [POSITION, { componentType: 5125, count: 30_000_000, type: 'SCALAR' }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      ...SCENE,
    },
    triangle().subarray(0, 36),
  );
}

function positionBomb(): Uint8Array {
  return glb({
    asset: { version: '2.0' },
    accessors: [{ componentType: 5126, count: 10_000_000, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 1] }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    ...SCENE,
  });
}

function meshoptBomb(): Uint8Array {
  const compressed = new Uint8Array(24);
  compressed[0] = 0xa0; // the meshopt vertex codec's header byte
  return glb(
    {
      asset: ASSET,
      extensionsUsed: ['EXT_meshopt_compression'],
      extensionsRequired: ['EXT_meshopt_compression'],
      buffers: [
        { byteLength: compressed.byteLength },
        { byteLength: 1_200_000_000, extensions: { EXT_meshopt_compression: { fallback: true } } },
      ],
      bufferViews: [
        {
          buffer: 1,
          byteOffset: 0,
          byteLength: 1_200_000_000,
          byteStride: 12,
          extensions: {
            EXT_meshopt_compression: {
              buffer: 0,
              byteOffset: 0,
              byteLength: compressed.byteLength,
              byteStride: 12,
              count: 100_000_000,
              mode: 'ATTRIBUTES',
            },
          },
        },
      ],
      accessors: [
        {
          bufferView: 0,
          componentType: 5126,
          count: 100_000_000,
          type: 'VEC3',
          min: [0, 0, 0],
          max: [1, 1, 1],
        },
      ],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      ...SCENE,
    },
    compressed,
  );
}

/** A textured triangle whose one image (`mimeType`) is `image`. */
function texturedTriangle(
  image: Uint8Array,
  mimeType: string,
  extensions: string[],
  texture: object,
): Uint8Array {
  const geometry = triangle();
  const bin = new Uint8Array(60 + image.byteLength);
  bin.set(geometry, 0);
  bin.set(image, 60);
  return glb(
    {
      asset: ASSET,
      ...(extensions.length ? { extensionsUsed: extensions, extensionsRequired: extensions } : {}),
      buffers: [{ byteLength: bin.byteLength }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: 36 },
        { buffer: 0, byteOffset: 36, byteLength: 24 },
        { buffer: 0, byteOffset: 60, byteLength: image.byteLength },
      ],
      accessors: [POSITION, UV],
      images: [{ bufferView: 2, mimeType }],
      textures: [texture],
      materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0, TEXCOORD_0: 1 }, material: 0 }] }],
      ...SCENE,
    },
    bin,
  );
}

/** A KTX2 header of one 16384² RGBA8 level, zstd-supercompressed, and `payload` bytes of "data". */
function ktx2Image(payload: number): Uint8Array {
  const side = 16384;
  const levelAt = 80 + 24;
  const out = new Uint8Array(levelAt + payload);
  out.set([0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a]); // «KTX 20»\r\n\x1A\n
  const view = new DataView(out.buffer);
  view.setUint32(12, 37, true); // VK_FORMAT_R8G8B8A8_UNORM
  view.setUint32(16, 1, true); // typeSize
  view.setUint32(20, side, true);
  view.setUint32(24, side, true);
  view.setUint32(36, 1, true); // faceCount
  view.setUint32(40, 1, true); // levelCount
  view.setUint32(44, 2, true); // supercompressionScheme: zstd
  view.setBigUint64(80, BigInt(levelAt), true);
  view.setBigUint64(88, BigInt(payload), true);
  view.setBigUint64(96, BigInt(side * side * 4), true); // uncompressedByteLength: 1 GiB
  out.fill(0x28, levelAt, levelAt + 4);
  return out;
}

function ktx2Bomb(): Uint8Array {
  return texturedTriangle(ktx2Image(33_000), 'image/ktx2', ['KHR_texture_basisu'], {
    extensions: { KHR_texture_basisu: { source: 0 } },
  });
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.byteLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.byteLength);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.byteLength, crc32(out.subarray(4, 8 + data.byteLength)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A valid 1-bit greyscale PNG of side × side black pixels. */
export async function onebitPng(side: number): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = new Uint8Array(side * (1 + Math.ceil(side / 8))); // a filter byte and the bits of each row
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', await deflate(rows)),
    pngChunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

async function pngBomb(): Promise<Uint8Array> {
  return texturedTriangle(await onebitPng(16384), 'image/png', [], { source: 0 });
}

export type BombName = 'index-accessor' | 'position-accessor' | 'meshopt' | 'ktx2' | 'png';

/** Every bomb, by name. */
export async function meshBombs(): Promise<Record<BombName, Uint8Array>> {
  return {
    'index-accessor': indexBomb(),
    'position-accessor': positionBomb(),
    meshopt: meshoptBomb(),
    ktx2: ktx2Bomb(),
    png: await pngBomb(),
  };
}

/** A triangle GLB whose positions are in an external buffer at `uri` (36 bytes: triangleBin()). */
export function externalBufferGlb(uri: string): Uint8Array {
  return glb({
    asset: ASSET,
    buffers: [{ uri, byteLength: 36 }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 36 }],
    accessors: [POSITION],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    ...SCENE,
  });
}

/** A triangle GLB with the triangle inside (nothing external). */
export function triangleGlb(): Uint8Array {
  return glb(
    {
      asset: ASSET,
      buffers: [{ byteLength: 36 }],
      bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 36 }],
      accessors: [POSITION],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      ...SCENE,
    },
    triangle().subarray(0, 36),
  );
}

/** The 36 bytes of an external triangle buffer. */
export const triangleBin = (): Uint8Array => triangle().subarray(0, 36).slice();

/** Keeps `bytes` on the test server as /__files/<name> (test/browser/helpers/test-origins.mjs). */
export async function putFile(name: string, bytes: Uint8Array): Promise<string> {
  const response = await fetch(`/__files/${name}`, { method: 'PUT', body: bytes as BodyInit });
  if (!response.ok) throw new Error(`PUT /__files/${name}: ${response.status}`);
  return `${location.origin}/__files/${name}`;
}

/**
 * A small GLB whose one texture is a 4 × 4 UASTC KTX2 (Basis: it needs the transcoder) of made-up
 * block data: enough for three's KTX2 loader to fetch its transcoder and try. `seed` makes files differ.
 */
export function basisKtx2Glb(seed: number): Uint8Array {
  const ktx2 = new Uint8Array(136 + 16);
  ktx2.set([0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(ktx2.buffer);
  view.setUint32(12, 0, true); // VK_FORMAT_UNDEFINED: Basis
  view.setUint32(16, 1, true);
  view.setUint32(20, 4, true);
  view.setUint32(24, 4, true);
  view.setUint32(36, 1, true); // faceCount
  view.setUint32(40, 1, true); // levelCount
  view.setUint32(48, 104, true); // dfdByteOffset
  view.setUint32(52, 28, true); // dfdByteLength
  view.setBigUint64(80, 136n, true);
  view.setBigUint64(88, 16n, true);
  view.setBigUint64(96, 16n, true);
  // the data format descriptor: one block, no samples, colour model UASTC (166)
  view.setUint32(104, 28, true);
  view.setUint16(112, 2, true); // versionNumber
  view.setUint16(114, 24, true); // descriptorBlockSize
  ktx2[116] = 166;
  ktx2[117] = 1;
  ktx2[118] = 2;
  ktx2.fill(seed & 0xff, 136);
  return texturedTriangle(ktx2, 'image/ktx2', ['KHR_texture_basisu'], {
    extensions: { KHR_texture_basisu: { source: 0 } },
  });
}

/** A triangle GLB textured with `png` (its bytes in the binary chunk). */
export const pngTexturedGlb = (png: Uint8Array): Uint8Array =>
  texturedTriangle(png, 'image/png', [], { source: 0 });
