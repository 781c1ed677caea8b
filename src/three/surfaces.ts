/**
 * The room's surfaces as the visitor can change them (issue 37): a wall's face, an area's floor or
 * ceiling, each named `wall:<id>:<side>`, `area:<id>:floor` or `area:<id>:ceiling`. The build tags each
 * merged wall, floor and ceiling geometry with the vertex runs of every surface (mesh-data.ts
 * `userData.surfaces`), so
 * - a picked triangle names its surface (`pickRoomSurface`), and
 * - a surface gets its own material on its first change without splitting the merged mesh: the mesh
 *   takes an array of materials and one geometry group per run, so only meshes holding a changed
 *   surface draw more than once, and walls sharing a material in the model stay apart.
 * Paint: a colour (sRGB, checked and parsed on the page), or a texture (an absolute http(s) URL)
 * repeated at its real size: the build's uvs are centimetres on every face, so `1 / tileSize` repeats
 * it once per tile, turned by `rotation` degrees. A texture is loaded before anything changes: one
 * that fails leaves the room as it was. Written once, used by view-driver.ts on either thread.
 */
import {
  Mesh,
  Raycaster,
  RepeatWrapping,
  SRGBColorSpace,
  Vector2,
  type BufferGeometry,
  type Material,
  type Texture,
} from 'three';
import { colourFromSrgb } from './colour.js';
import { textureUrl, type LitMaterial } from './materials.js';
import type { SurfaceRange } from './mesh-data.js';
import { pickTargets } from './picking.js';
import type { RoomView } from './room-view.js';
import type { RoomScene } from './build-room.js';
import { textureSource } from './texture-loader.js';

/** What a surface is painted with: a colour (sRGB 0..1), or a texture tiled every `tileSize` cm, turned `rotation`°. */
export type SurfacePaint =
  { color: [number, number, number] } | { texture: string; tileSize: number; rotation: number };

/** Vertex runs of a geometry by surface (the build's tags). */
function rangesOf(geometry: BufferGeometry): readonly SurfaceRange[] {
  return (geometry.userData.surfaces as SurfaceRange[] | undefined) ?? [];
}

/** The surface triangle `faceIndex` of a (non-indexed) tagged geometry belongs to. */
export function surfaceAt(geometry: BufferGeometry, faceIndex: number): string | undefined {
  const vertex = faceIndex * 3;
  const ranges = rangesOf(geometry);
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid]!;
    if (vertex < r.start) hi = mid - 1;
    else if (vertex >= r.start + r.count) lo = mid + 1;
    else return r.surface;
  }
  return undefined;
}

const _raycaster = new Raycaster();
const _ndc = new Vector2();

/**
 * The surface first met at (`x`, `y`) (normalised device coordinates), or undefined when the ray meets
 * a piece of furniture, a door, a window, a wall's end or nothing first (a click on a piece stays a
 * piece's).
 */
export function pickRoomSurface(view: RoomView, x: number, y: number): string | undefined {
  _ndc.set(x, y);
  view.camera.updateMatrixWorld();
  _raycaster.setFromCamera(_ndc, view.camera);
  _raycaster.near = view.camera.near;
  _raycaster.far = view.camera.far;
  const first = _raycaster.intersectObjects(pickTargets(view.room.root), false)[0];
  if (!first || first.faceIndex === undefined || first.faceIndex === null) return undefined;
  const mesh = first.object as Mesh;
  return mesh.isMesh && !('isInstancedMesh' in mesh) ? surfaceAt(mesh.geometry, first.faceIndex) : undefined;
}

interface Painted {
  paint: SurfacePaint;
  material: LitMaterial;
  texture?: Texture;
}

/** A room's paintable surfaces, made on first use (the features' side: not the first frame's, issue 33). */
export function surfacesOf(room: RoomScene): RoomSurfaces {
  return (room.surfaces ??= new RoomSurfaces(room.root, () => room.changed()));
}

export class RoomSurfaces {
  readonly #painted = new Map<string, Painted>();
  readonly #loader = textureSource();
  #disposed = false;

  constructor(
    private readonly root: { traverse(callback: (node: unknown) => void): void },
    private readonly onChange: () => void,
  ) {}

  /** Every tagged mesh holding `surface` (the scene's, and a cutaway's rebuilt walls). */
  #meshesOf(surface: string): Mesh[] {
    const out: Mesh[] = [];
    this.root.traverse((node) => {
      const mesh = node as Mesh;
      if (mesh.isMesh && rangesOf(mesh.geometry).some((r) => r.surface === surface)) out.push(mesh);
    });
    return out;
  }

  /** True when the room has this surface. */
  has(surface: string): boolean {
    return this.#meshesOf(surface).length > 0;
  }

  /** Every surface of the room, in the order built. */
  list(): string[] {
    const out = new Set<string>();
    this.root.traverse((node) => {
      const mesh = node as Mesh;
      if (mesh.isMesh) for (const r of rangesOf(mesh.geometry)) out.add(r.surface);
    });
    return [...out];
  }

  /**
   * Paints `surface` (null: back to the model's own material). Rejects with a RangeError for a surface
   * the room does not have, a TypeError for a texture URL that is not http(s), and an Error when the
   * texture cannot be loaded; the room is then as it was.
   */
  async paint(surface: string, paint: SurfacePaint | null): Promise<void> {
    const meshes = this.#meshesOf(surface);
    if (!meshes.length) throw new RangeError(`no surface "${surface}" in this room`);
    const base = (meshes[0]!.userData.baseMaterial ?? meshes[0]!.material) as LitMaterial;
    let painted: Painted | undefined;
    if (paint) {
      const material = base.clone();
      // the viewer's look (exposure, baked light) as on every surface: the same function, the same program
      material.onBeforeCompile = base.onBeforeCompile;
      material.name = surface;
      if ('color' in paint) {
        material.map = null;
        colourFromSrgb(paint.color, material.color);
        painted = { paint, material };
      } else {
        const texture = await this.#load(paint);
        material.map = texture;
        material.color.setRGB(1, 1, 1);
        painted = { paint, material, texture };
      }
      material.needsUpdate = true;
    }
    if (this.#disposed) {
      painted?.material.dispose();
      painted?.texture?.dispose();
      return;
    }
    const was = this.#painted.get(surface);
    if (painted) this.#painted.set(surface, painted);
    else this.#painted.delete(surface);
    for (const mesh of this.#meshesOf(surface)) this.dress(mesh);
    was?.material.dispose();
    was?.texture?.dispose();
    this.onChange();
  }

  /** What `surface` is painted with now (undefined: the model's own). */
  paintOf(surface: string): SurfacePaint | undefined {
    return this.#painted.get(surface)?.paint;
  }

  /**
   * Gives a tagged mesh the materials of its painted surfaces: one group per run, the model's material
   * (index 0) for the rest. Called for the scene's meshes on each change and for meshes built later (a
   * cutaway's walls).
   */
  dress(mesh: Mesh): void {
    const geometry = mesh.geometry;
    const ranges = rangesOf(geometry);
    if (!ranges.length) return;
    const base = (mesh.userData.baseMaterial ??= mesh.material) as Material;
    const materials: Material[] = [base];
    const index = new Map<string, number>();
    const groups: { start: number; count: number; materialIndex: number }[] = [];
    const push = (start: number, count: number, materialIndex: number) => {
      if (count <= 0) return;
      const last = groups.at(-1);
      if (last && last.materialIndex === materialIndex && last.start + last.count === start)
        last.count += count;
      else groups.push({ start, count, materialIndex });
    };
    let cursor = 0;
    for (const range of ranges) {
      push(cursor, range.start - cursor, 0);
      const painted = this.#painted.get(range.surface);
      let at = 0;
      if (painted) {
        at = index.get(range.surface) ?? materials.push(painted.material) - 1;
        index.set(range.surface, at);
      }
      push(range.start, range.count, at);
      cursor = range.start + range.count;
    }
    const vertices = geometry.getAttribute('position').count;
    push(cursor, vertices - cursor, 0);
    geometry.clearGroups();
    if (materials.length === 1) {
      mesh.material = base;
      return;
    }
    for (const g of groups) geometry.addGroup(g.start, g.count, g.materialIndex);
    mesh.material = materials;
  }

  #load(paint: { texture: string; tileSize: number; rotation: number }): Promise<Texture> {
    // only absolute http(s) URLs, as every other image of the kit
    const url = textureUrl(paint.texture, undefined);
    if (!url) return Promise.reject(new TypeError(`a surface's texture must be an http(s) URL`));
    return new Promise((resolve, reject) => {
      const texture = this.#loader.load(
        url,
        (loaded) => {
          loaded.colorSpace = SRGBColorSpace;
          loaded.wrapS = loaded.wrapT = RepeatWrapping;
          loaded.repeat.set(1 / paint.tileSize, 1 / paint.tileSize);
          loaded.rotation = (paint.rotation * Math.PI) / 180;
          loaded.anisotropy = 4;
          loaded.needsUpdate = true;
          resolve(loaded);
        },
        () => {
          texture.dispose();
          reject(new Error(`the texture ${url} could not be loaded`));
        },
      );
    });
  }

  /** Frees the painted surfaces' materials and textures. */
  dispose(): void {
    this.#disposed = true;
    for (const painted of this.#painted.values()) {
      painted.material.dispose();
      painted.texture?.dispose();
    }
    this.#painted.clear();
  }
}
