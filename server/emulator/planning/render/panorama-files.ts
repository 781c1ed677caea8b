/**
 * The files of an export's `panorama` views (docs/emulator-planning.md, "Panorama views"): for each view
 * and each exported design its camera stands in, six cube faces (`r d l u b f`, panorama-render.ts) in
 * every raster format asked (JPEG when only `pdf` was), listed under `design[<design id>]` whatever
 * `paper.combine` says, and named so a client can tell them apart:
 * `<project>-3d-<design>-pano<view index>-c<camera id>-<face>.<fmt>` (`c0`: no camera, the design's centre).
 *
 * Bounded: a face is at most 512 pixels (and at most the export's width and height), and an export's
 * panoramas together at most four 512² panoramas' pixels (faces shrink to fit); the work yields to other
 * requests between faces.
 */
import type { ExportRequest, ExportView } from '../domain/export-rules.ts';
import type { PlanCamera, PlanDesign } from '../domain/plan-geometry.ts';
import { boundsOf } from '../domain/plan-geometry.ts';
import type { ProjectRecord, StoredFile } from '../domain/records.ts';
import { PANORAMA_FACES, panoramaScene, renderPanoramaFace, type Eye } from './panorama-render.ts';
import type { Raster } from './raster.ts';

export const MAX_FACE = 512;
/** Every panorama face of one export together, pixels: four 512² panoramas. */
export const PANORAMA_PIXEL_BUDGET = 4 * 6 * MAX_FACE * MAX_FACE;
/** Eye height where the camera gives none (cm). */
const EYE = 160;

type Encoders = Record<'png' | 'jpg', (raster: Raster) => Uint8Array>;
const TYPES = { png: 'image/png', jpg: 'image/jpeg' } as const;

export interface PanoramaFile extends StoredFile {
  designId: number;
}

interface DesignAt {
  design: PlanDesign;
  storey: number;
}

/** The camera a view renders with in a design, or null when it stands on another floor. */
function cameraFor(
  view: ExportView,
  design: PlanDesign,
  floorCameras: PlanCamera[],
): PlanCamera | undefined | null {
  const own = [...design.cameras, ...floorCameras];
  if (view.camera_id !== null) return own.find((c) => c.id === view.camera_id) ?? null;
  return own.find((c) => c.type === 'walkthrough' && c.pose) ?? undefined;
}

function eyeOf(camera: PlanCamera | undefined, design: PlanDesign, storey: number): Eye {
  const pose = camera?.pose;
  if (pose) {
    const z = pose.z > 20 && pose.z < storey ? pose.z : EYE;
    return { x: pose.x, y: pose.y, z };
  }
  const b = boundsOf(design);
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2, z: Math.min(EYE, storey / 2) };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function panoramaFiles(
  project: ProjectRecord,
  request: ExportRequest,
  designs: DesignAt[],
  encode: Encoders,
): Promise<PanoramaFile[]> {
  const floorOf = new Map(project.floors.flatMap((f) => f.designs.map((d) => [d.id, f] as const)));
  const jobs = request.views.flatMap((view, index) =>
    view.type !== 'panorama'
      ? []
      : designs.flatMap(({ design, storey }) => {
          const camera = cameraFor(view, design, floorOf.get(design.id)?.cameras ?? []);
          return camera === null ? [] : [{ index, design, storey, camera }];
        }),
  );
  if (!jobs.length) return [];
  const fmts = request.fmt.filter((f): f is 'png' | 'jpg' => f !== 'pdf');
  const formats = fmts.length ? fmts : (['jpg'] as const);
  const budget = Math.floor(Math.sqrt(PANORAMA_PIXEL_BUDGET / (6 * jobs.length)));
  const size = Math.max(16, Math.min(MAX_FACE, request.width, request.height, budget));
  const files: PanoramaFile[] = [];
  for (const { index, design, storey, camera } of jobs) {
    const scene = panoramaScene(design, storey);
    const eye = eyeOf(camera, design, storey);
    for (const face of PANORAMA_FACES) {
      await nextTurn();
      const raster = renderPanoramaFace(scene, eye, face, size);
      for (const fmt of formats) {
        const name = `${project.id}-3d-${design.id}-pano${index}-c${camera?.id ?? 0}-${face}.${fmt}`;
        files.push({ designId: design.id, name, bytes: encode[fmt](raster), contentType: TYPES[fmt] });
      }
    }
  }
  return files;
}
