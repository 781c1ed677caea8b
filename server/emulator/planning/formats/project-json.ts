/**
 * A project as the v2 JSON API shows it, shaped like the real samples (skalar-projects-*.json):
 * the Project fields of section 2 plus level_id, status, thumbnails, floors and counts. The show
 * form adds each floor's designs and cameras, so a client can pick `designs` and `camera_id` for an
 * export (the document says show "carries further members"; which ones is not shown).
 */
import type { PlanCamera } from '../domain/plan-geometry.ts';
import type { ProjectRecord } from '../domain/records.ts';

/** A camera: its id (what an export's `camera_id` names), name, type and, when known, where it stands (FML frame, cm). */
const camera = (c: PlanCamera) => ({
  id: c.id,
  name: c.name,
  type_name: c.type,
  ...(c.pose ? { x: c.pose.x, y: c.pose.y, z: c.pose.z } : {}),
});

export function projectJson(project: ProjectRecord, detail = false) {
  return {
    id: project.id,
    user_id: project.userId,
    public: project.public,
    name: project.name,
    description: project.description,
    project_url: project.projectUrl,
    created_at: project.createdAt,
    updated_at: project.updatedAt,
    enable_autosave: project.enableAutosave,
    external_identifier: project.externalIdentifier,
    exported_at: project.exportedAt,
    level_id: 2,
    status: project.public ? 'published' : 'private',
    thumbnail: null,
    thumbnail_3d: null,
    floors: project.floors.map((floor) => ({
      id: floor.id,
      project_id: project.id,
      name: floor.name,
      level: floor.level,
      created_at: floor.createdAt,
      updated_at: floor.updatedAt,
      // metres, as the v2 samples show (FML stores centimetres)
      height: Math.round(floor.height) / 100,
      ...(detail
        ? {
            cameras: floor.cameras.map(camera),
            designs: floor.designs.map((design) => ({
              id: design.id,
              project_id: project.id,
              floor_id: floor.id,
              name: design.name,
              design_type: 'save',
              cameras: design.cameras.map(camera),
              created_at: floor.createdAt,
              updated_at: floor.updatedAt,
            })),
          }
        : {}),
    })),
    floor_count: project.floors.length,
    design_count: project.floors.reduce((n, f) => n + f.designs.length, 0),
  };
}

/** Design and camera ids of a project, for the export rules. */
export function projectFacts(project: ProjectRecord) {
  const designs = project.floors.flatMap((f) => f.designs);
  return {
    designIds: designs.map((d) => d.id),
    cameraIds: [...project.floors.flatMap((f) => f.cameras), ...designs.flatMap((d) => d.cameras)].map(
      (c) => c.id,
    ),
  };
}
