/**
 * The pixel size an image will decode to, read from its header alone (PNG, JPEG, WebP, KTX2), so a
 * 33 KB PNG that declares 16384 × 16384 pixels is refused before a decoder allocates its gigabyte.
 * An image whose header cannot be read is not decoded at all (undefined here, refused by the caller).
 */

export interface ImageSize {
  width: number;
  height: number;
  /** Bytes the decoded texture takes, mipmaps included (RGBA8 for pictures; transcoded KTX2 at worst). */
  decodedBytes: number;
}

/** RGBA texels and a third more for their mipmaps. */
const rgbaWithMips = (width: number, height: number) => Math.ceil(width * height * 4 * (4 / 3));

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** A picture's size as decoded to RGBA; undefined for a zero side (a header that says nothing). */
const picture = (width: number, height: number): ImageSize | undefined =>
  width > 0 && height > 0 ? { width, height, decodedBytes: rgbaWithMips(width, height) } : undefined;

export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  if (bytes.byteLength < 16) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: the signature, then IHDR with the width and height (big-endian)
  if (view.getUint32(0) === 0x89504e47 && bytes.byteLength >= 24 && ascii(bytes, 12, 4) === 'IHDR')
    return picture(view.getUint32(16), view.getUint32(20));
  // JPEG: the first start-of-frame marker (SOF0..SOF15 but DHT, JPG and DAC) holds the size
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpSize(bytes, view);
  if (ascii(bytes, 1, 6) === 'KTX 20') return ktx2Size(bytes, view);
  return undefined;
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  let at = 2;
  while (at + 9 < bytes.byteLength) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return picture(view.getUint16(at + 7), view.getUint16(at + 5));
    if (length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.byteLength < 30) return undefined;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') return picture(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return picture((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const width = (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16)) + 1;
    const height = (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16)) + 1;
    return picture(width, height);
  }
  return undefined;
}

/**
 * KTX2: the size of the transcoded texture at worst (RGBA8 for every level, face and layer, as the
 * transcoder falls back to when the GPU has no compressed format) plus what its supercompression
 * (zstd, BasisLZ) inflates to first: each level's `uncompressedByteLength`.
 */
function ktx2Size(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  if (bytes.byteLength < 80) return undefined;
  const width = view.getUint32(20, true);
  const height = Math.max(1, view.getUint32(24, true));
  const depth = Math.max(1, view.getUint32(28, true));
  const layers = Math.max(1, view.getUint32(32, true));
  const faces = Math.max(1, view.getUint32(36, true));
  const levels = Math.max(1, view.getUint32(40, true));
  if (!width || faces > 6 || levels > 32) return undefined;
  let inflated = 0;
  for (let level = 0; level < levels; level++) {
    const at = 80 + level * 24 + 16;
    if (at + 8 > bytes.byteLength) return undefined;
    inflated += Number(view.getBigUint64(at, true));
  }
  const texels = width * height * depth * layers * faces;
  return { width, height, decodedBytes: Math.ceil(texels * 4 * (levels > 1 ? 4 / 3 : 1)) + inflated };
}
