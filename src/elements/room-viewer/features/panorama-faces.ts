/**
 * The working part of `<room-viewer>`'s `toPanorama()` (features/to-panorama.ts holds its contract):
 * the faces rendered by the drawing, painted over a background and encoded. Loaded on the first call.
 */
import { lazyModule } from '../../../internal/lazy-module.js';
import type { FmlPlan } from '../../../model/fml/types.js';
import type { Vec3 } from '../../../model/types.js';
import { EYE_HEIGHT } from '../../../model/tour/stops.js';
import type { CubeFace } from '../../../panorama/cube-faces.js';
import type { ViewerContext } from '../base.js';
import type { PanoramaFaces, PanoramaOptions } from './to-panorama.js';

const loadImage = lazyModule(() => import('../../../features/snapshot/snapshot-image.js'));

/** The order the drawing gives the faces in (src/three/panorama-render.ts's PANORAMA_FACES). */
const FACE_ORDER: readonly CubeFace[] = ['r', 'd', 'l', 'u', 'b', 'f'];

/** toPanorama()'s default face side, pixels. */
export const PANORAMA_SIZE = 1024;

/**
 * The first walkthrough camera of the FML floor shown (as the element read it: the FML reader and its
 * XML parser are not part of the viewer's own code), at its height (else eye height).
 */
function firstWalkthrough(shown: { plan: FmlPlan; floorIndex: number } | undefined): Vec3 | undefined {
  if (!shown) return undefined;
  const floor = shown.plan.floors[Math.max(0, shown.floorIndex)] ?? shown.plan.floors[0];
  if (!floor) return undefined;
  const cameras = [...(floor.designs[0]?.cameras ?? []), ...floor.cameras];
  const camera = cameras.find((c) => c.type === 'walkthrough');
  if (!camera) return undefined;
  const [x, y, z] = camera.position;
  return [x, y, z > 20 && z < floor.height ? z : EYE_HEIGHT];
}

/** The room's default eye: the first walkthrough camera of the FML floor shown, else the plan's centre at eye height. */
function defaultPosition(
  context: ViewerContext,
  fml: { plan: FmlPlan; floorIndex: number } | undefined,
): Vec3 {
  const camera = firstWalkthrough(fml);
  if (camera) return camera;
  const { min, max } = context.plan.bounds;
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, EYE_HEIGHT];
}

/** toPanorama() once a room is shown: as its JSDoc says (features/to-panorama.ts). */
export async function panoramaFaces(
  context: ViewerContext,
  fml: { plan: FmlPlan; floorIndex: number } | undefined,
  options: PanoramaOptions,
): Promise<PanoramaFaces> {
  const size = options.size ?? PANORAMA_SIZE;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError('toPanorama(): size must be a whole number of pixels, 1 or more');
  const position = options.position ?? defaultPosition(context, fml);
  if (!Array.isArray(position) || position.length !== 3 || !position.every((n) => Number.isFinite(n)))
    throw new RangeError('toPanorama(): position must be [x, y, z] in centimetres');
  const image = await loadImage();
  const canvases = await context.drawing.panorama([position[0], position[1], position[2]], size);
  if (options.background)
    for (const canvas of canvases) {
      const paint = canvas.getContext('2d');
      if (!paint) continue;
      paint.globalCompositeOperation = 'destination-over';
      paint.fillStyle = options.background;
      paint.fillRect(0, 0, canvas.width, canvas.height);
    }
  const blobs = await Promise.all(canvases.map((c) => image.encodeCanvas(c, options)));
  const record = {} as Record<CubeFace, Blob>;
  const faces = {} as Record<CubeFace, string>;
  FACE_ORDER.forEach((face, i) => {
    record[face] = blobs[i]!;
    faces[face] = URL.createObjectURL(blobs[i]!);
  });
  return {
    ...faces,
    blobs: record,
    position: [position[0], position[1], position[2]],
    size,
    revoke: () => Object.values(faces).forEach((url) => URL.revokeObjectURL(url)),
  };
}
