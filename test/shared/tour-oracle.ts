/**
 * The tour tests' independent oracle of "a wall between two points" and their angle measures, shared
 * by the node tests of buildTour() (test/node/tour.test.ts, tour-stairs.test.ts) and the `<room-tour>`
 * browser tests (test/browser/room-tour.helpers.ts). Nothing shared with src/model/tour/wall-crossing.ts
 * but the wall's centre line (wallPolyline) and the opening offsets, so a bug there cannot hide here.
 */
import type { FmlWall } from '../../src/model/fml/types.ts';
import type { Vec2 } from '../../src/model/types.ts';
import type { TourStop } from '../../src/model/tour/types.ts';
import { projectOnPolyline, wallPolyline } from '../../src/model/fml/fml-geometry.ts';

/**
 * Does the walk p→q touch a wall's body (deeper than 0.5 cm, as buildTour's tolerance) at a point
 * outside every door gap? Samples every 0.5 cm along the segment.
 */
export function oracleBlocked(p: Vec2, q: Vec2, walls: readonly FmlWall[]): boolean {
  const steps = Math.ceil(Math.hypot(q[0] - p[0], q[1] - p[1]) / 0.5);
  for (const wall of walls) {
    if (!(wall.thickness > 0)) continue;
    const line = wallPolyline(wall);
    const length = line.reduce(
      (s, x, k) => (k ? s + Math.hypot(x[0] - line[k - 1]![0], x[1] - line[k - 1]![1]) : 0),
      0,
    );
    const doors = wall.openings.filter((o) => o.kind !== 'window');
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      const point: Vec2 = [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
      const on = projectOnPolyline(line, point);
      if (!on || on.beyond > 0 || on.distance >= wall.thickness / 2 - 0.5) continue;
      // within the wall's length (with the same 0.5 cm at each end)
      if (on.offset <= 0.5 || on.offset >= length - 0.5) continue;
      if (doors.some((o) => Math.abs(on.offset - o.offset) <= o.width / 2 + 0.5)) continue;
      return true;
    }
  }
  return false;
}

/** The true bearing of b from a, clockwise from +y, degrees in [0, 360). */
export const bearing = (a: TourStop, b: TourStop) =>
  ((Math.atan2(b.position[0] - a.position[0], b.position[1] - a.position[1]) * 180) / Math.PI + 360) % 360;

/** How far apart two headings are, degrees in [0, 180]. */
export const angleGap = (x: number, y: number) => Math.abs(((((x - y) % 360) + 540) % 360) - 180);
