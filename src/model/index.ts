/**
 * Pure functions over a room model (no DOM, no three.js): read it tolerantly, derive its plan
 * geometry, and format its figures. Units: centimetres, z up, angles in degrees (docs/room-model.md).
 */
export * from './types.js';
export { readModel, DEFAULT_WALL_HEIGHT, DEFAULT_WALL_THICKNESS } from './read-model.js';
export { planGeometry } from './plan-geometry.js';
export { wallFootprints, type WallLine } from './wall-joins.js';
export { signedArea, pointInRing, poleOfInaccessibility, centroid } from './polygon.js';
// FML floor plans (docs/fml.md): the reader and the bridge to the room model
export * from './fml/index.js';
export {
  formatArea,
  formatLength,
  convertArea,
  parseUnits,
  CM_PER_FOOT,
  CM_PER_INCH,
  CM2_PER_FT2,
  CM2_PER_M2,
  type Units,
} from './units.js';

import type { PlanGeometry } from './types.js';
import { useSpatialIndex } from './near.js';
import { SpatialIndex } from './spatial-index.js';

// tools, servers and the model worker work out models of any size: the spatial index at once (near.ts)
useSpatialIndex(SpatialIndex);

/** The total floor area of the outermost areas (cm²): nested areas are not counted twice. */
export function totalFloorArea(plan: PlanGeometry): number {
  return plan.areas.filter((a) => a.depth === 0).reduce((sum, a) => sum + a.area, 0);
}

// the room's products and quantities (docs/shop-the-look.md)
export { roomProducts, furnitureOf, type RoomProduct } from './products.js';
export { roomQuantities, type AreaQuantities, type RoomQuantities } from './quantities.js';
