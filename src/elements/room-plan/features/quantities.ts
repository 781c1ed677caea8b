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

/** What the mixin adds (documented on the class below). */
export interface QuantitiesProperties {
  showQuantities: boolean;
  readonly quantities: RoomQuantities | undefined;
}

const cache = new WeakMap<PlanGeometry, RoomQuantities>();

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
     * floor shown). Undefined until a plan is drawn. Read-only; `roomQuantities()` from
     * `room-elements/model.js` gives the same for scripts.
     */
    get quantities(): RoomQuantities | undefined {
      const shown = this.roomShown;
      if (!shown) return undefined;
      let quantities = cache.get(shown.plan);
      if (!quantities) cache.set(shown.plan, (quantities = roomQuantities(shown.model, shown.plan)));
      return quantities;
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
