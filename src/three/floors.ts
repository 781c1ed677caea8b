/**
 * Floors and ceilings from the plan's areas. Areas nest in real models (a room inside the apartment's
 * outline), so each is lifted a little by its nesting depth: the inner floor wins the depth test
 * instead of flickering against the outer one. Ceilings face down, so from above (the `top` and
 * `orbit` views) back-face culling leaves the room open to look into.
 */
import type { PlanGeometry } from '../model/types.js';
import { MeshData } from './mesh-data.js';
import { counterClockwise, triangulate } from './polygon.js';

/** Centimetres between nested floors (and ceilings). */
export const NESTING_STEP = 0.4;

export interface Surfaces {
  floors: Map<string, MeshData>;
  ceilings: Map<string, MeshData>;
}

export function buildFloorsAndCeilings(plan: PlanGeometry): Surfaces {
  const floors = new Map<string, MeshData>();
  const ceilings = new Map<string, MeshData>();
  const take = (map: Map<string, MeshData>, key: string) => {
    let data = map.get(key);
    if (!data) map.set(key, (data = new MeshData()));
    return data;
  };
  for (const area of plan.areas) {
    const ring = counterClockwise(area.polygon);
    const triangles = triangulate(ring);
    if (!triangles.length) continue;
    const lift = NESTING_STEP * (area.depth + 1);
    const floor = take(floors, area.floorMaterial ?? '');
    const ceiling = take(ceilings, area.ceilingMaterial ?? '');
    const zc = plan.height - lift;
    // the surfaces' tags (issue 37): each area's floor and ceiling can be painted on its own
    floor.mark(`area:${area.name}:floor`);
    ceiling.mark(`area:${area.name}:ceiling`);
    for (const [a, b, c] of triangles) {
      for (const i of [a!, b!, c!])
        floor.vertex(ring[i]![0], ring[i]![1], lift, 0, 0, 1, ring[i]![0], ring[i]![1]);
      for (const i of [a!, c!, b!])
        ceiling.vertex(ring[i]![0], ring[i]![1], zc, 0, 0, -1, ring[i]![0], ring[i]![1]);
    }
  }
  for (const data of [...floors.values(), ...ceilings.values()]) data.mark(undefined);
  return { floors, ceilings };
}
