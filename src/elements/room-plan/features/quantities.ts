/**
 * `quantities` (floor area, net wall area, perimeter and skirting per area and in total,
 * src/model/quantities.ts) and, with `show-quantities`, a printable table of them (`part="quantities"`,
 * src/features/quantities/quantities-table.ts), written over ProductsHost (its host also needs
 * `units`). `<room-plan>` has it. It stays in the plan's folder: it imports src/model/quantities.ts,
 * which the CDN build puts in the plan's own chunk, and from src/features/ it went into
 * `room-plan-deps`, which then imported the plan's chunk back: one file more in the plan's preload
 * chain than an HTTP/1.1 round holds (test/node/cdn-integrity.test.ts).
 */
import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Constructor } from '../../../internal/mixin.js';
import { roomQuantities, type RoomQuantities } from '../../../model/quantities.js';
import type { PlanGeometry } from '../../../model/types.js';
import { parseUnits } from '../../../model/units.js';
import type { ProductsHost } from '../../../features/products/products-host.js';
import { quantitiesTable, QUANTITIES_STRINGS } from '../../../features/quantities/quantities-table.js';
import {
  surfaceQuantities,
  type SurfaceQuantities,
} from '../../../features/quantities/surface-quantities.js';
import type { SurfaceValue } from '../../../features/changes/surface-value.js';

/** The plan's quantities, with its surfaces' materials (issue 37: paint and floor m² per material). */
export type PlanQuantities = RoomQuantities & { materials: SurfaceQuantities };

/** What the mixin adds (documented on the class below). */
export interface QuantitiesProperties {
  showQuantities: boolean;
  readonly quantities: PlanQuantities | undefined;
}

const cache = new WeakMap<PlanGeometry, RoomQuantities>();
/** The materials' share per plan, for the changes it was worked out with. */
const materialCache = new WeakMap<
  PlanGeometry,
  { changed: ReadonlyMap<string, SurfaceValue>; value: SurfaceQuantities }
>();
const NO_CHANGES: ReadonlyMap<string, SurfaceValue> = new Map();

export function QuantitiesFeature<T extends Constructor<ProductsHost & { units: string }>>(
  Base: T,
): T & Constructor<QuantitiesProperties> {
  // its parts are declared on the element (room-plan.ts): the manifest's analyzer does not read a mixin's class tags
  abstract class WithQuantities extends Base {
    /** Shows the quantities table (`part="quantities"`) below the plan; it prints with the plan. */
    @property({ type: Boolean, attribute: 'show-quantities', reflect: true }) showQuantities = false;

    /**
     * The plan's quantities, to quote a renovation: `{ areas, totals }`, per area `floorArea` and the net
     * `wallArea` (m², walls' length along the area × their height, minus doors and windows), `perimeter`
     * and `skirting` (m, the walled perimeter minus openings down to the floor), `doors`, `windows`; the
     * totals over the areas not inside another. For room models and FML designs alike (the design and
     * floor shown). `materials` (`{ walls, floors, ceilings }`): per material (the model's material id, or a
     * `setSurface()` change: `#rrggbb` or the texture's URL) its `area` in m² and the `surfaces` it covers: wall faces
     * net of doors and windows, floors and ceilings net of the areas inside them, to quote paint or floor packs.
     * Undefined until a plan is drawn. Read-only; `roomQuantities()` from
     * `room-elements/model.js` gives the same for scripts.
     */
    get quantities(): PlanQuantities | undefined {
      const shown = this.roomShown;
      if (!shown) return undefined;
      let quantities = cache.get(shown.plan);
      if (!quantities) cache.set(shown.plan, (quantities = roomQuantities(shown.model, shown.plan)));
      // the surfaces as changed (surfaces.ts), else as the model has them
      const changed =
        (this as { changedSurfaces?(): ReadonlyMap<string, SurfaceValue> }).changedSurfaces?.() ?? NO_CHANGES;
      let materials = materialCache.get(shown.plan);
      if (materials?.changed !== changed) {
        const heights = new Map(shown.model.walls.map((w) => [w.name, w.height]));
        const value = surfaceQuantities(
          shown.plan,
          changed,
          (wall) => heights.get(wall.name) || shown.plan.height,
        );
        materialCache.set(shown.plan, (materials = { changed, value }));
      }
      return { ...quantities, materials: materials.value };
    }

    protected override renderFeatures(): unknown[] {
      const quantities = this.showQuantities ? this.quantities : undefined;
      return [
        ...super.renderFeatures(),
        quantities
          ? quantitiesTable(quantities, parseUnits(this.units), this.language.lang, (key, values) =>
              this.language.t(QUANTITIES_STRINGS, key, values),
            )
          : nothing,
      ];
    }
  }
  return WithQuantities;
}
