/**
 * A tour's stops on one floor: every walkthrough camera of its design (and of the floor itself) that
 * stands in a room, then the centre (pole of inaccessibility) of every named room no camera stands in.
 */
import { pointInRing, poleOfInaccessibility, signedArea } from '../polygon.js';
import type { FmlArea, FmlCamera, FmlDesign, FmlFloor } from '../fml/types.js';
import type { Vec2 } from '../types.js';
import { yawOf } from './bearing.js';
import type { TourProblem, TourStop } from './types.js';

/** Eye height of a stop without a usable camera height (cm). */
export const EYE_HEIGHT = 160;
/** Vertical field of view of a stop without a camera's own (degrees). */
export const STOP_FOV = 60;

const named = (area: FmlArea): boolean => !!area.name?.trim() && !area.cutout && area.polygon.length >= 3;

/** The smallest named area holding the point (nested rooms before the rooms around them), else any area. */
function areaAt(point: Vec2, areas: readonly FmlArea[]): FmlArea | undefined {
  const holding = areas
    .filter((a) => a.polygon.length >= 3 && pointInRing(point, a.polygon))
    .sort((a, b) => Math.abs(signedArea(a.polygon)) - Math.abs(signedArea(b.polygon)));
  return holding.find(named) ?? holding[0];
}

function eyeHeight(camera: FmlCamera, floor: FmlFloor, fallback: number): number {
  const z = camera.position[2];
  return Number.isFinite(z) && z > 20 && z < Math.max(floor.height, 40) ? z : fallback;
}

export function floorStops(
  floor: FmlFloor,
  floorIndex: number,
  design: FmlDesign,
  eye: number,
): { stops: TourStop[]; problems: TourProblem[] } {
  const stops: TourStop[] = [];
  const problems: TourProblem[] = [];
  const areas = design.areas.filter((a) => !a.cutout && a.polygon.length >= 3);
  const cameras = [...design.cameras, ...floor.cameras].filter((c) => c.type === 'walkthrough');
  cameras.forEach((camera, n) => {
    const point: Vec2 = [camera.position[0], camera.position[1]];
    if (!point.every(Number.isFinite)) return;
    const area = areaAt(point, areas);
    // a plan with rooms and a camera in none of them: a view from outside the home (or a placeholder)
    if (areas.length && !area) {
      const subject = camera.name?.trim() || `camera ${n + 1}`;
      problems.push({
        kind: 'camera-outside',
        subject,
        message: `The walkthrough camera "${subject}" on floor "${floor.name}" stands outside every room: it is left out of the tour.`,
      });
      return;
    }
    const [dx, dy] = camera.direction;
    const looks = Number.isFinite(dx) && Number.isFinite(dy) && Math.hypot(dx, dy) > 1e-6;
    stops.push({
      id: `f${floorIndex}-camera-${n}`,
      name: (area && named(area) ? area.name!.trim() : '') || camera.name?.trim() || '',
      floor: floorIndex,
      position: [point[0], point[1], eyeHeight(camera, floor, eye)],
      yaw: looks ? yawOf(dx, dy) : 0,
      fov: camera.fov && camera.fov > 1 && camera.fov < 179 ? camera.fov : STOP_FOV,
      source: 'camera',
      ...(area ? { area: area.id } : {}),
      ...(camera.name ? { camera: camera.name } : {}),
    });
  });
  const covered = new Set(stops.map((s) => s.area));
  // a camera in a nested room also stands in the room around it
  for (const stop of stops)
    for (const area of areas)
      if (pointInRing([stop.position[0], stop.position[1]], area.polygon)) covered.add(area.id);
  for (const area of areas) {
    if (!named(area) || covered.has(area.id)) continue;
    const { point } = poleOfInaccessibility([area.polygon], 1);
    stops.push({
      id: `f${floorIndex}-area-${area.id}`,
      name: area.name!.trim(),
      floor: floorIndex,
      position: [point[0], point[1], eye],
      yaw: 0,
      fov: STOP_FOV,
      source: 'area',
      area: area.id,
    });
  }
  return { stops, problems };
}
