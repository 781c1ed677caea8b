/**
 * A project's panoramas as the service exports them (Document 1, section 4.3: a 3d export with
 * `views: [{ type: 'panorama', camera_id }]`), read back into what `<room-tour>` takes as `panoramas`.
 *
 * How the service returns a panorama's images is "not shown"; this reads the emulator's documented
 * layout (docs/emulator-planning.md, "Panorama views"): six cube faces per camera, listed under the
 * design, named `…-pano<view>-c<camera id>-<r|d|l|u|b|f>.<jpg|png>`. Camera ids are tied to the FML
 * camera's name and floor through the project's show answer (floors, designs and their cameras).
 */
import { call, idSegment, urlOf, type PlanningContext } from './context.js';
import { exportProject } from './exports.js';
import type { ExportResultMap } from './types.js';
import { ApiError } from '../http.js';

export const PANORAMA_FACES = ['r', 'd', 'l', 'u', 'b', 'f'] as const;
export type PanoramaFaceName = (typeof PANORAMA_FACES)[number];

/** A camera of the project as its show answer lists it. */
export interface ProjectCamera {
  id: number;
  name: string;
  type: string;
  /** Index of its floor in the project's floors (the FML's floor order). */
  floor: number;
  /** Where it stands, model frame (cm, y up the plan), when the service says. */
  position?: [number, number];
}

/** One exported panorama: `<room-tour>`'s `panoramas` entry (src/elements/room-tour/stop-panoramas.ts). */
export interface PlanningPanorama {
  /** The FML camera's name. */
  camera: string;
  cameraId: number;
  floor: number;
  position?: [number, number];
  /** Six face URLs, as `<room-panorama>` takes them. */
  faces: Record<PanoramaFaceName, string>;
}

export interface PanoramaExport {
  exportId?: number;
  panoramas: PlanningPanorama[];
  /** What could not be read, in words (a camera with faces missing, a file the layout does not name). */
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** The cameras of a project's show answer (`floors[].cameras`, `floors[].designs[].cameras`). */
export function projectCameras(project: unknown): ProjectCamera[] {
  const floors = isObject(project) ? list(project.floors) : [];
  return floors.flatMap((floor, index) =>
    [...list(floor.designs).flatMap((d) => list(d.cameras)), ...list(floor.cameras)].flatMap((c) => {
      const id = c.id;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return [];
      const x = c.x;
      const y = c.y;
      const at = typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y);
      return [
        {
          id,
          name: typeof c.name === 'string' ? c.name : '',
          type: typeof c.type_name === 'string' ? c.type_name : '',
          floor: index,
          // FML draws y down; the model frame has y up
          ...(at ? { position: [x, -y] as [number, number] } : {}),
        },
      ];
    }),
  );
}

const FACE_FILE = /-pano\d{1,3}-c(\d{1,20})-([rdlubf])\.(jpg|png)$/;

/**
 * The panoramas of an export's result map. Each camera's six faces (JPEG before PNG when both came);
 * a camera with a face missing is left out and named in `problems`, as is a file of another camera.
 */
export function readPanoramaExport(
  result: ExportResultMap,
  cameras: readonly ProjectCamera[],
): PanoramaExport {
  const found = new Map<number, Partial<Record<PanoramaFaceName, string>>>();
  const problems: string[] = [];
  for (const urls of Object.values(result.design))
    for (const url of urls) {
      let path = '';
      try {
        const parsed = new URL(url);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
        path = parsed.pathname;
      } catch {
        continue;
      }
      const match = FACE_FILE.exec(path);
      if (!match) continue;
      const id = Number(match[1]);
      const face = match[2] as PanoramaFaceName;
      const faces = found.get(id) ?? {};
      // a JPEG face wins over the same face as PNG: a fraction of the bytes
      if (!faces[face] || match[3] === 'jpg') faces[face] = url;
      found.set(id, faces);
    }
  const panoramas: PlanningPanorama[] = [];
  for (const [id, faces] of found) {
    const camera = cameras.find((c) => c.id === id);
    const missing = PANORAMA_FACES.filter((f) => !faces[f]);
    if (!camera) problems.push(`the export has a panorama of camera ${id}, which the project does not list`);
    else if (missing.length)
      problems.push(`the panorama of "${camera.name}" lacks its ${missing.join(', ')} face`);
    else
      panoramas.push({
        camera: camera.name,
        cameraId: id,
        floor: camera.floor,
        ...(camera.position ? { position: camera.position } : {}),
        faces: faces as Record<PanoramaFaceName, string>,
      });
  }
  return { panoramas, problems };
}

export interface PanoramaExportOptions {
  /** Where the service sends the result map too (an http(s) endpoint or an email address). */
  callback: string;
  /** Camera ids; default every walkthrough camera of the project. */
  cameras?: number[];
  /** Face side in pixels (the service may make them smaller; the emulator at most 512). Default 512. */
  size?: number;
}

/**
 * Exports the project's panoramas (one `panorama` view per walkthrough camera, JPEG) and reads the
 * result. An export the service only queues (no result map in the answer) gives no panoramas and says so.
 */
export async function exportPanoramas(
  ctx: PlanningContext,
  projectId: number,
  options: PanoramaExportOptions,
): Promise<PanoramaExport> {
  const path = `/projects/${idSegment(projectId)}.json`;
  const project = await call(ctx, path);
  if (!isObject(project))
    throw new ApiError('The project answer is not a JSON object', 200, urlOf(ctx, path), 'invalid', project);
  const cameras = projectCameras(project);
  const ids = options.cameras ?? cameras.filter((c) => c.type === 'walkthrough').map((c) => c.id);
  if (!ids.length) return { panoramas: [], problems: ['the project has no walkthrough camera'] };
  const size = Math.max(16, Math.min(2048, Math.round(options.size ?? 512)));
  const outcome = await exportProject(ctx, projectId, {
    type: '3d',
    fmt: ['jpg'],
    width: size,
    height: size,
    paper: { combine: false },
    callback: options.callback,
    views: ids.map((id) => ({ type: 'panorama', camera_id: id })),
  });
  const exportId = outcome.exportId === undefined ? {} : { exportId: outcome.exportId };
  if (outcome.kind !== 'files')
    return {
      ...exportId,
      panoramas: [],
      problems: ['the service queued the export: its files go to the callback'],
    };
  return { ...exportId, ...readPanoramaExport(outcome.result, cameras) };
}
