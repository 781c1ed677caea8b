/**
 * The model's materials as lit three materials (with the viewer's tone mapping, exposure and per-vertex
 * environment light patched in: look-shader.ts): matte ones (nearly every surface of a room) as
 * MeshLambertMaterial, shiny ones and glass as MeshStandardMaterial (see `lit`), made once per (material, surface role) and shared by
 * every mesh of one viewer; plus the few materials of the look (frames, cut wall tops, baked shade). Diffuse colours are sRGB as sent; textures load when their URL resolves
 * (an absolute http(s) URL, or a relative path under the page's media root) and until then, or when
 * they fail, the surface keeps its colour (the material's own, else a fallback for its role).
 */
import {
  Color,
  CustomBlending,
  MeshBasicMaterial,
  MeshLambertMaterial,
  MeshStandardMaterial,
  OneFactor,
  SrcColorFactor,
  ZeroFactor,
  type Material,
  RepeatWrapping,
  SRGBColorSpace,
  type Texture,
} from 'three';
import type { ModelMaterial, RoomModel } from '../model/types.js';
import { colourFromHex, colourFromSrgb } from './colour.js';
import { applyLook } from './look-shader.js';
import { textureSource } from './texture-loader.js';

export type SurfaceRole = 'wall' | 'floor' | 'ceiling' | 'door' | 'window' | 'furniture';

/** Colours (sRGB hex) used when a surface has no usable material colour. */
export const FALLBACK_COLOURS: Record<SurfaceRole, string> = {
  wall: '#eeeeea',
  floor: '#c9b08f',
  ceiling: '#f7f7f5',
  door: '#a07850',
  window: '#9fc3d8',
  furniture: '#b9b2a6',
};

/** Window and door frames, and the tops of walls where the view cuts them (as plans draw them). */
export const FRAME_COLOUR = '#f1efea';
export const CUT_TOP_COLOUR = '#2e2d2b';

/** One tile of a texture, in centimetres, when the model does not say. */
const DEFAULT_TILE_CM = 100;

export interface MaterialLibraryOptions {
  /** Root that relative texture paths resolve against; without it they are not fetched. */
  mediaBase?: string;
  /** A texture loaded: the scene changed and must be drawn again. */
  onChange(): void;
  /** A texture failed to load (the surface keeps its colour). */
  onTextureError(url: string, materialId: string): void;
}

/** The URL a texture path resolves to, or undefined when it does not resolve to http(s). */
export function textureUrl(path: string | undefined, mediaBase: string | undefined): string | undefined {
  if (!path || typeof path !== 'string') return undefined;
  try {
    if (/^https?:\/\//i.test(path)) return new URL(path).href;
    if (!mediaBase) return undefined;
    const base = new URL(mediaBase.endsWith('/') ? mediaBase : `${mediaBase}/`, globalThis.location?.href);
    const url = new URL(path.replace(/^\/+/, ''), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A stable pleasant muted colour per furniture kind, so identical pieces look alike and differ from others. */
function furnitureColour(key: string): Color {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  const hue = ((hash >>> 0) % 360) / 360;
  const srgb = new Color().setHSL(hue, 0.18, 0.62);
  // setHSL yields sRGB components as numbers; decode them ourselves (see colour.ts)
  return colourFromSrgb([srgb.r, srgb.g, srgb.b]);
}

/** A lit surface: Lambert for matte ones, physically based for shiny ones. */
export type LitMaterial = MeshLambertMaterial | MeshStandardMaterial;

/** Rougher than this, a surface is drawn as Lambert (see `lit`). */
const MATTE_ROUGHNESS = 0.6;

/**
 * A lit material with the viewer's tone mapping and exposure (look-shader.ts). A matte surface
 * (roughness ≥ 0.6: walls, floors, ceilings, furniture, frames) is MeshLambertMaterial: three's standard
 * material gives it the same diffuse light (the environment reaches both per vertex, and without an
 * environment map its indirect specular is nothing) plus a sun highlight of about 1 % at that roughness,
 * and under software WebGL that highlight cost a fifth of every frame. Shiny ones keep their highlight.
 */
function lit(roughness: number): LitMaterial {
  const material =
    roughness >= MATTE_ROUGHNESS
      ? new MeshLambertMaterial()
      : new MeshStandardMaterial({ roughness, metalness: 0 });
  material.onBeforeCompile = applyLook;
  return material;
}

export class MaterialLibrary {
  readonly #materials = new Map<string, Material>();
  readonly #textures = new Set<Texture>();
  readonly #loader = textureSource();
  #disposed = false;
  /** Texture loads not settled yet. */
  pending = 0;
  /** Texture loads started (settled or not): the viewer's progress counts `total - pending` of them. */
  total = 0;

  constructor(
    private readonly model: RoomModel,
    private readonly options: MaterialLibraryOptions,
  ) {}

  /** The material for a model material id on a surface of `role`. */
  surface(id: string | undefined, role: SurfaceRole): LitMaterial {
    const key = `${role}|${id ?? ''}`;
    const known = this.#materials.get(key);
    if (known) return known as LitMaterial;
    const source: ModelMaterial | undefined = id ? this.model.materials[id] : undefined;
    const fallback = colourFromHex(FALLBACK_COLOURS[role])!;
    const material = lit(source?.shiny ? Math.max(0.35, 1 - source.shiny / 100) : 0.95);
    material.color.copy(source?.diffuse ? colourFromSrgb(source.diffuse) : fallback);
    material.name = id ?? `fallback-${role}`;
    this.#materials.set(key, material);
    const url = textureUrl(source?.diffuseTexture, this.options.mediaBase);
    if (url && source) this.#loadTexture(material, url, source);
    return material;
  }

  /** Furniture drawn as boxes: one material per component kind. */
  furniture(key: string): LitMaterial {
    const id = `furniture|${key}`;
    let material = this.#materials.get(id) as LitMaterial | undefined;
    if (!material) {
      material = lit(0.9);
      material.color.copy(furnitureColour(key));
      this.#materials.set(id, material);
    }
    return material;
  }

  /** Window and door frames: one light material for all. */
  frame(): LitMaterial {
    let material = this.#materials.get('frame') as LitMaterial | undefined;
    if (!material) {
      material = lit(0.6);
      colourFromHex(FRAME_COLOUR, material.color);
      this.#materials.set('frame', material);
    }
    return material;
  }

  /** The tops of walls where the view cuts them: flat and dark, unlit (they are a section, not a surface). */
  cutTop(): MeshBasicMaterial {
    let material = this.#materials.get('cut-top') as MeshBasicMaterial | undefined;
    if (!material) {
      material = new MeshBasicMaterial();
      colourFromHex(CUT_TOP_COLOUR, material.color);
      this.#materials.set('cut-top', material);
    }
    return material;
  }

  /**
   * Baked ambient occlusion and contact shadows: geometry whose vertex colours MULTIPLY what is already
   * drawn (1 leaves it, 0.6 darkens it to 60 %), made once when the scene is built. No per-frame pass.
   */
  shade(): MeshBasicMaterial {
    let material = this.#materials.get('shade') as MeshBasicMaterial | undefined;
    if (!material) {
      material = new MeshBasicMaterial({ vertexColors: true, transparent: true, depthWrite: false });
      material.blending = CustomBlending;
      material.blendSrc = ZeroFactor;
      material.blendDst = SrcColorFactor;
      material.blendSrcAlpha = ZeroFactor;
      material.blendDstAlpha = OneFactor;
      // drawn on the surfaces it darkens: pulled towards the camera instead of lifted off them
      material.polygonOffset = true;
      material.polygonOffsetFactor = -2;
      material.polygonOffsetUnits = -4;
      material.toneMapped = false;
      this.#materials.set('shade', material);
    }
    return material;
  }

  /**
   * Window glass: a translucent pane that lets the opening read as a window. The pane is a thin closed
   * box, so its front faces alone cover it from every side: one layer of 0.58 looks as the two layers
   * (near and far face) of 0.35 it was drawn with double-sided, in one pass instead of three's two.
   */
  glass(): LitMaterial {
    let material = this.#materials.get('glass') as LitMaterial | undefined;
    if (!material) {
      material = lit(0.15);
      material.transparent = true;
      material.opacity = 1 - (1 - 0.35) ** 2;
      material.color.copy(colourFromHex(FALLBACK_COLOURS.window)!);
      material.depthWrite = false;
      this.#materials.set('glass', material);
    }
    return material;
  }

  #loadTexture(material: LitMaterial, url: string, source: ModelMaterial): void {
    this.pending++;
    this.total++;
    const texture = this.#loader.load(
      url,
      (loaded) => {
        this.pending--;
        if (this.#disposed) {
          loaded.dispose();
          return;
        }
        loaded.colorSpace = SRGBColorSpace;
        loaded.wrapS = loaded.wrapT = RepeatWrapping;
        const tile = source.textureWidth && source.textureWidth > 0 ? source.textureWidth : DEFAULT_TILE_CM;
        loaded.repeat.set(1 / tile, 1 / tile);
        loaded.anisotropy = 4;
        material.map = loaded;
        material.color.copy(source.diffuse ? colourFromSrgb(source.diffuse) : new Color(1, 1, 1));
        material.needsUpdate = true;
        this.options.onChange();
      },
      () => {
        this.pending--;
        this.#textures.delete(texture);
        texture.dispose();
        if (!this.#disposed) this.options.onTextureError(url, source.id);
      },
    );
    this.#textures.add(texture);
  }

  /** Frees every material and texture this library made. */
  dispose(): void {
    this.#disposed = true;
    for (const material of this.#materials.values()) material.dispose();
    for (const texture of this.#textures) texture.dispose();
    this.#materials.clear();
    this.#textures.clear();
  }
}
