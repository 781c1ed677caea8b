/**
 * A decoded furniture file as plain, transferable data: what the mesh-decoding worker sends back to
 * the thread that draws (the page or the render worker). One merged geometry of typed arrays (a group
 * per primitive), its materials as descriptions, their textures as ImageBitmaps or compressed mip
 * levels. Moved, not copied (every array and bitmap is in `transfer`).
 */
import {
  BufferAttribute,
  BufferGeometry,
  CompressedTexture,
  DataTexture,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Texture,
  type ColorSpace,
  type CompressedPixelFormat,
  type Material,
  type PixelFormat,
  type TextureDataType,
  type Wrapping,
  type MagnificationTextureFilter,
  type MinificationTextureFilter,
  type Side,
} from 'three';

interface PlainTextureCommon {
  colorSpace: string;
  wrapS: number;
  wrapT: number;
  magFilter: number;
  minFilter: number;
  flipY: boolean;
  /** offset, repeat and center (x, y each), rotation, channel: KHR_texture_transform's and the uv set */
  transform: [number, number, number, number, number, number, number, number];
}

export type PlainTexture = PlainTextureCommon &
  (
    | { kind: 'bitmap'; image: ImageBitmap }
    | {
        kind: 'compressed' | 'data';
        width: number;
        height: number;
        format: number;
        type: number;
        mipmaps: { data: ArrayBufferView; width: number; height: number }[];
      }
  );

export const MAP_SLOTS = [
  'map',
  'normalMap',
  'roughnessMap',
  'metalnessMap',
  'emissiveMap',
  'aoMap',
  'alphaMap',
] as const;
export type MapSlot = (typeof MAP_SLOTS)[number];

export interface PlainMaterial {
  kind: 'standard' | 'basic';
  name: string;
  color: number;
  emissive: number;
  emissiveIntensity: number;
  roughness: number;
  metalness: number;
  opacity: number;
  transparent: boolean;
  side: number;
  alphaTest: number;
  /** Texture indices (PlainMesh.textures) by slot. */
  maps: Partial<Record<MapSlot, number>>;
}

export interface PlainMesh {
  position: Float32Array;
  normal: Float32Array;
  uv?: Float32Array;
  index: Uint32Array;
  groups: { start: number; count: number; materialIndex: number }[];
  materials: PlainMaterial[];
  textures: PlainTexture[];
  /** Decoders the file needed (meshopt, ktx2). */
  decoders: string[];
}

/** What to transfer with a PlainMesh. */
export function transferables(mesh: PlainMesh): Transferable[] {
  const out = new Set<Transferable>([mesh.position.buffer, mesh.normal.buffer, mesh.index.buffer]);
  if (mesh.uv) out.add(mesh.uv.buffer);
  for (const texture of mesh.textures) {
    if (texture.kind === 'bitmap') out.add(texture.image);
    else for (const level of texture.mipmaps) out.add(level.data.buffer as ArrayBuffer);
  }
  return [...out];
}

/** The geometry of a PlainMesh (its arrays, not copies). */
export function geometryOf(mesh: PlainMesh): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(mesh.position, 3));
  geometry.setAttribute('normal', new BufferAttribute(mesh.normal, 3));
  if (mesh.uv) geometry.setAttribute('uv', new BufferAttribute(mesh.uv, 2));
  geometry.setIndex(new BufferAttribute(mesh.index, 1));
  for (const group of mesh.groups) geometry.addGroup(group.start, group.count, group.materialIndex);
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}

function textureOf(plain: PlainTexture): Texture {
  let texture: Texture;
  if (plain.kind === 'bitmap') {
    texture = new Texture(plain.image);
  } else if (plain.kind === 'compressed') {
    texture = new CompressedTexture(
      plain.mipmaps as never,
      plain.width,
      plain.height,
      plain.format as CompressedPixelFormat,
      plain.type as TextureDataType,
    );
  } else {
    const data = new DataTexture(
      plain.mipmaps[0]!.data as never,
      plain.width,
      plain.height,
      plain.format as PixelFormat,
      plain.type as TextureDataType,
    );
    if (plain.mipmaps.length > 1) data.mipmaps = plain.mipmaps as never;
    texture = data;
  }
  texture.colorSpace = plain.colorSpace as ColorSpace;
  texture.wrapS = plain.wrapS as Wrapping;
  texture.wrapT = plain.wrapT as Wrapping;
  texture.magFilter = plain.magFilter as MagnificationTextureFilter;
  texture.minFilter = plain.minFilter as MinificationTextureFilter;
  texture.flipY = plain.flipY;
  const [ox, oy, rx, ry, cx, cy, rotation, channel] = plain.transform;
  texture.offset.set(ox, oy);
  texture.repeat.set(rx, ry);
  texture.center.set(cx, cy);
  texture.rotation = rotation;
  texture.channel = channel;
  if (plain.kind !== 'bitmap') texture.generateMipmaps = false;
  texture.needsUpdate = true;
  return texture;
}

/** The materials of a PlainMesh, as three's (textures shared between materials as in the file). */
export function materialsOf(mesh: PlainMesh): Material[] {
  const textures = mesh.textures.map(textureOf);
  return mesh.materials.map((plain) => {
    const common = {
      name: plain.name,
      color: plain.color,
      opacity: plain.opacity,
      transparent: plain.transparent,
      side: plain.side as Side,
      alphaTest: plain.alphaTest,
    };
    if (plain.kind === 'basic') {
      const basic = new MeshBasicMaterial(common);
      if (plain.maps.map !== undefined) basic.map = textures[plain.maps.map]!;
      if (plain.maps.alphaMap !== undefined) basic.alphaMap = textures[plain.maps.alphaMap]!;
      return basic;
    }
    const standard = new MeshStandardMaterial({
      ...common,
      emissive: plain.emissive,
      emissiveIntensity: plain.emissiveIntensity,
      roughness: plain.roughness,
      metalness: plain.metalness,
    });
    for (const slot of MAP_SLOTS) {
      const index = plain.maps[slot];
      if (index !== undefined) standard[slot] = textures[index]!;
    }
    return standard;
  });
}
