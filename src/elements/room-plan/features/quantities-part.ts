/**
 * `<room-plan>`'s quantities at work (features/quantities.ts keeps the contract): the room's quantities
 * (src/model/quantities.ts) with its surfaces' materials, worked out once per plan and set of changes,
 * and the printable table. Made with the plan's parts, right after its first paint (after-paint.ts;
 * issue 33, the sixteenth round).
 */
import type { LanguageController } from '../../../internal/language.js';
import { roomQuantities, type RoomQuantities } from '../../../model/quantities.js';
import type { PlanGeometry } from '../../../model/types.js';
import { parseUnits } from '../../../model/units.js';
import type { RoomShown } from '../../../features/products/products-host.js';
import { quantitiesTable, QUANTITIES_STRINGS } from '../../../features/quantities/quantities-table.js';
import {
  surfaceQuantities,
  type SurfaceQuantities,
} from '../../../features/quantities/surface-quantities.js';
import type { SurfaceValue } from '../../../features/changes/surface-value.js';

/** The plan's quantities, with its surfaces' materials (issue 37: paint and floor m² per material). */
export type PlanQuantities = RoomQuantities & { materials: SurfaceQuantities };

const cache = new WeakMap<PlanGeometry, RoomQuantities>();
/** The materials' share per plan, for the changes it was worked out with. */
const materialCache = new WeakMap<
  PlanGeometry,
  { changed: ReadonlyMap<string, SurfaceValue>; value: PlanQuantities }
>();

/** The quantities of the room shown with its surfaces as `changed` (one object per plan and set of changes). */
export function planQuantities(shown: RoomShown, changed: ReadonlyMap<string, SurfaceValue>): PlanQuantities {
  let quantities = cache.get(shown.plan);
  if (!quantities) cache.set(shown.plan, (quantities = roomQuantities(shown.model, shown.plan)));
  // one object per plan and set of changes: the same object read twice (a page may compare them)
  let withMaterials = materialCache.get(shown.plan);
  if (withMaterials?.changed !== changed) {
    const heights = new Map(shown.model.walls.map((w) => [w.name, w.height]));
    const materials = surfaceQuantities(
      shown.plan,
      changed,
      (wall) => heights.get(wall.name) || shown.plan.height,
    );
    materialCache.set(shown.plan, (withMaterials = { changed, value: { ...quantities, materials } }));
  }
  return withMaterials.value;
}

/** The table of `quantities` (`part="quantities"`), in the element's units and language. */
export function planQuantitiesTable(
  quantities: PlanQuantities,
  units: string,
  language: LanguageController,
): unknown {
  return quantitiesTable(quantities, parseUnits(units), language.lang, (key, values) =>
    language.t(QUANTITIES_STRINGS, key, values),
  );
}
