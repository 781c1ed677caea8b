/**
 * Every picture the emulator serves, made on first request and kept in an LRU cache so that start-up
 * stays fast: room thumbnails and HQ images (top views, PNG), photorealistic renders and panorama cube
 * faces (JPEG, from the procedural scene), user avatars and backgrounds, and floor textures for the
 * model's relative texture paths. The real sample's cube faces are read from the realdata folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash32, hashInts } from '../shared/random.ts';
import { Lru } from './lru.ts';
import { type AnyModel, materialColour, num, planOf, vec } from './model-read.ts';
import { type Face, renderFace, renderView, type SceneSpec } from './panorama-scene.ts';
import { mix, Raster, type Rgb, shade } from './raster.ts';
import { renderTopView } from './thumbnail.ts';

export const THUMB_SIZE = { width: 480, height: 270 };
export const HQ_SIZE = { width: 960, height: 540 };
export const PHOTOREAL_SIZE = { width: 960, height: 540 };
export const FACE_SIZE = 512;
export const REAL_FACE_SIZE = 1080;

export interface Picture {
  body: Buffer;
  type: 'image/png' | 'image/jpeg';
}

const png = (raster: Raster): Picture => ({ body: raster.png(), type: 'image/png' });
const jpg = (raster: Raster, quality = 86): Picture => ({ body: raster.jpeg(quality), type: 'image/jpeg' });

export class ImageStore {
  readonly #cache = new Lru<string, Picture>(160);

  constructor(private readonly realdataDir: string | null) {}

  thumbnail(key: string, model: () => AnyModel): Picture {
    return this.#cache.getOrCreate(`thumb:${key}`, () =>
      png(renderTopView(model(), THUMB_SIZE.width, THUMB_SIZE.height)),
    );
  }

  hq(key: string, model: () => AnyModel): Picture {
    return this.#cache.getOrCreate(`hq:${key}`, () =>
      png(renderTopView(model(), HQ_SIZE.width, HQ_SIZE.height)),
    );
  }

  photoreal(key: string, model: () => AnyModel, seed: number): Picture {
    return this.#cache.getOrCreate(`photoreal:${key}`, () => {
      // Taken from near the back wall, looking across the room at the window wall.
      const scene = sceneOf(model(), seed);
      const view = { ...scene, cameraX: scene.width * 0.1, cameraZ: -scene.depth / 2 + 35, eye: 135 };
      return jpg(renderView(view, PHOTOREAL_SIZE.width, PHOTOREAL_SIZE.height, (seed % 30) - 15));
    });
  }

  face(key: string, face: Face, model: () => AnyModel, seed: number): Picture {
    // PNG: the flat colours compress better than JPEG and pngjs (native zlib) encodes faster than jpeg-js.
    return this.#cache.getOrCreate(`face:${key}:${face}`, () =>
      png(renderFace(sceneOf(model(), seed), face, FACE_SIZE)),
    );
  }

  /** A real face of panorama-18755-cube, or undefined when the realdata folder is missing. */
  realFace(face: Face): Picture | undefined {
    if (!this.realdataDir) return undefined;
    const dir = this.realdataDir;
    return this.#cache.getOrCreate(`real:${face}`, () => ({
      body: readFileSync(join(dir, 'roomstyler', 'panorama-18755-cube', `${face}.jpg`)),
      type: 'image/jpeg',
    }));
  }

  avatar(userId: number): Picture {
    return this.#cache.getOrCreate(`avatar:${userId}`, () => {
      const h = hash32('avatar', userId);
      const base: Rgb = [60 + (h % 160), 60 + ((h >> 8) % 160), 60 + ((h >> 16) % 160)];
      const raster = new Raster(128, 128, shade(base, 1.25));
      // A symmetric 5x5 identicon, like many services draw for users without a photo.
      for (let cy = 0; cy < 5; cy++)
        for (let cx = 0; cx < 3; cx++) {
          if (!((h >> (cy * 3 + cx)) & 1)) continue;
          for (const col of cx === 2 ? [2] : [cx, 4 - cx])
            raster.fillPolygon(
              [
                [14 + col * 20, 14 + cy * 20],
                [34 + col * 20, 14 + cy * 20],
                [34 + col * 20, 34 + cy * 20],
                [14 + col * 20, 34 + cy * 20],
              ],
              base,
            );
        }
      return png(raster);
    });
  }

  background(userId: number): Picture {
    return this.#cache.getOrCreate(`background:${userId}`, () => {
      const h = hash32('background', userId);
      const a: Rgb = [150 + (h % 100), 150 + ((h >> 8) % 100), 150 + ((h >> 16) % 100)];
      const raster = new Raster(960, 240);
      for (let x = 0; x < 960; x++) {
        const colour = mix(a, [245, 245, 245], x / 959);
        for (let y = 0; y < 240; y++) raster.set(x, y, colour);
      }
      return jpg(raster, 80);
    });
  }

  /** The picture of a style or category key in search meta: a swatch with stripes in its colour. */
  metaImage(kind: string, key: string): Picture {
    return this.#cache.getOrCreate(`meta:${kind}:${key}`, () => {
      const h = hash32(kind, key);
      const colour: Rgb = [70 + (h % 150), 70 + ((h >> 8) % 150), 70 + ((h >> 16) % 150)];
      const raster = new Raster(240, 160, shade(colour, 1.3));
      for (let x = 0; x < 240; x++)
        for (let y = 0; y < 160; y++) if ((x + y + (h % 30)) % 40 < 14) raster.set(x, y, colour);
      return png(raster);
    });
  }

  /** A tileable texture for a model's relative texture path (planks, tiles, lawn or concrete by name). */
  texture(path: string): Picture {
    return this.#cache.getOrCreate(`texture:${path}`, () => {
      const name = path.toLowerCase();
      const h = hash32(path);
      const base: Rgb = name.includes('tile')
        ? [228, 228, 222]
        : name.includes('terracotta')
          ? [188, 98, 66]
          : name.includes('lawn') || name.includes('grass')
            ? [92, 142, 62]
            : name.includes('concrete')
              ? [150, 150, 146]
              : name.includes('white')
                ? [222, 214, 200]
                : [150 + (h % 60), 100 + ((h >> 8) % 50), 60 + ((h >> 16) % 40)];
      const size = 256;
      const raster = new Raster(size, size, base);
      const tiles = name.includes('tile') || name.includes('terracotta');
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const noise = (hashInts(h, x >> 1, y >> 1) % 13) / 100;
          const seam = tiles ? x % 64 < 2 || y % 64 < 2 : y % 32 < 1 || (x + ((y >> 5) % 2) * 128) % 256 < 1;
          const plank = tiles ? 1 : 0.94 + (hashInts(h, y >> 5) % 12) / 100;
          raster.set(x, y, shade(base, seam ? 0.75 : plank - noise + 0.06));
        }
      return jpg(raster, 85);
    });
  }
}

/** The panorama scene of a room: its size, colours and camera, read from its model. */
export function sceneOf(model: AnyModel, seed: number): SceneSpec {
  const plan = planOf(model);
  const xs = plan.points.map((p) => p[0]);
  const ys = plan.points.map((p) => p[1]);
  const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
  const width = clamp(Math.max(...xs, 0) - Math.min(...xs, 0) || 400, 260, 900);
  const depth = clamp(Math.max(...ys, 0) - Math.min(...ys, 0) || 400, 260, 900);
  const camera = (model.camera ?? {}) as Record<string, unknown>;
  const [camX, camY, camZ] = vec(camera.position, 3);
  const centreX = (Math.max(...xs) + Math.min(...xs)) / 2;
  const centreY = (Math.max(...ys) + Math.min(...ys)) / 2;
  const wallCounts = new Map<string, number>();
  for (const wall of plan.walls)
    if (wall.material) wallCounts.set(wall.material, (wallCounts.get(wall.material) ?? 0) + 1);
  const wallMaterial = [...wallCounts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const h = hash32('accent', seed);
  return {
    width,
    depth,
    height: clamp(plan.height, 220, 320),
    cameraX: clamp(num(camX) - centreX, -width * 0.3, width * 0.3),
    cameraZ: clamp(num(camY) - centreY, -depth * 0.3, depth * 0.3),
    eye: clamp(num(camZ, 150), 100, 175),
    wall: materialColour(model, wallMaterial, [240, 238, 232]),
    floor: materialColour(model, plan.areas[0]?.floor, [196, 154, 108]),
    frame: materialColour(model, 'decor-2658', [214, 170, 120]),
    accent: [90 + (h % 140), 70 + ((h >> 8) % 120), 70 + ((h >> 16) % 120)],
    seed,
  };
}
