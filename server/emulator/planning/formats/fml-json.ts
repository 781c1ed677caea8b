/**
 * The FML JSON form of a project (GET /projects/:id/fml, FML JSON v3 in centimetres, as the real
 * service answers it): the real document itself for a project seeded from
 * ../shared/realdata/floorplanner/fml-json-v3/project-<id>-*.fml.json, else the project's floors,
 * designs, walls and areas in the same shape (the generator's walls and areas already use FML's names).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectRecord } from '../domain/records.ts';

/** The real files are a few MB at most; anything larger is not served (bounded). */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

function realFile(realdataDir: string | null, id: number): string | undefined {
  if (!realdataDir) return undefined;
  const dir = join(realdataDir, 'floorplanner', 'fml-json-v3');
  if (!existsSync(dir)) return undefined;
  const name = readdirSync(dir).find((f) => f.startsWith(`project-${id}-`) && f.endsWith('.fml.json'));
  if (!name) return undefined;
  const path = join(dir, name);
  return statSync(path).size <= MAX_FILE_BYTES ? readFileSync(path, 'utf8') : undefined;
}

const UP = { ux: 0, uy: 0, uz: 1 };
const UP_NORTH = { ux: 0, uy: -1, uz: 0 };

export function projectFmlJson(project: ProjectRecord, realdataDir: string | null): string {
  if (project.source === 'fml') {
    const text = realFile(realdataDir, project.id);
    if (text) return text;
  }
  return JSON.stringify({
    id: project.id,
    name: project.name,
    floors: project.floors.map((floor) => ({
      id: floor.id,
      name: floor.name,
      level: floor.level,
      height: floor.height,
      designs: floor.designs.map((design) => ({
        id: design.id,
        name: design.name,
        walls: design.walls,
        areas: design.areas,
        items: design.items ?? [],
        // the cameras that know where they stand (the generated home's), as FML JSON writes them
        cameras: design.cameras.flatMap(({ name, type, pose }) =>
          // looking straight down, up is the plan's north (FML's -y), as the service writes it
          pose
            ? [
                {
                  name,
                  type_name: type,
                  ortho: false,
                  ...pose,
                  ...(Math.abs(pose.dz) > 0.99 ? UP_NORTH : UP),
                },
              ]
            : [],
        ),
      })),
    })),
  });
}
