/**
 * `<room-plan>` feature: `quantities` (floor area, net wall area, perimeter and skirting per area and
 * in total, src/model/quantities.ts) and, with `show-quantities`, a printable table of them
 * (`part="quantities"`, src/features/quantities/quantities-table.ts). A mixin over RoomPlanBase.
 */
import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { quantitiesTable, QUANTITIES_STRINGS } from '../../../features/quantities/quantities-table.js';
import { roomQuantities, type RoomQuantities } from '../../../model/quantities.js';
import type { PlanGeometry } from '../../../model/types.js';
import { parseUnits } from '../../../model/units.js';
import type { RoomPlanBase } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface PlanQuantitiesProperties {
  showQuantities: boolean;
  readonly quantities: RoomQuantities | undefined;
}

const cache = new WeakMap<PlanGeometry, RoomQuantities>();

export function PlanQuantities<T extends Constructor<RoomPlanBase>>(
  Base: T,
): T & Constructor<PlanQuantitiesProperties> {
  // its event and parts are declared on RoomPlan (room-plan.ts): the manifest's analyzer does not read a mixin's class tags
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
      const plan = this.plan;
      const model = this.planShown?.model;
      if (!plan || !model) return undefined;
      let quantities = cache.get(plan);
      if (!quantities) cache.set(plan, (quantities = roomQuantities(model, plan)));
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
