/**
 * `quantities` (floor area, net wall area, perimeter and skirting per area and in total,
 * src/model/quantities.ts) and, with `show-quantities`, a printable table of them (`part="quantities"`,
 * src/features/quantities/quantities-table.ts), written over ProductsHost (its host also needs
 * `units`). `<room-plan>` has it. It stays in the plan's folder: it imports src/model/quantities.ts,
 * which the CDN build puts in the plan's own chunk, and from src/features/ it went into
 * `room-plan-deps`, which then imported the plan's chunk back: one file more in the plan's preload
 * chain than an HTTP/1.1 round holds (test/node/cdn-integrity.test.ts).
 *
 * The working code (quantities-part.ts: the quantities worked out, the table) is handed in by the element
 * (`code`): the plan's comes with its parts, right after its first paint (after-paint.ts), so `quantities`
 * is undefined and no table shows until then (both are there at `model-load`).
 */
import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Constructor } from '../../../internal/mixin.js';
import type { ProductsHost } from '../../../features/products/products-host.js';
import type { SurfaceValue } from '../../../features/changes/surface-value.js';
// types only: the code is handed in (the plan's parts)
import type * as QuantitiesCode from './quantities-part.js';
import type { PlanQuantities } from './quantities-part.js';

export type { PlanQuantities };

/** What the mixin adds (documented on the class below). */
export interface QuantitiesProperties {
  showQuantities: boolean;
  readonly quantities: PlanQuantities | undefined;
}

export interface QuantitiesOptions {
  /** The quantities' code (quantities-part.ts) for `host`, or undefined while it has not arrived. */
  code: (host: ProductsHost) => typeof QuantitiesCode | undefined;
}

const NO_CHANGES: ReadonlyMap<string, SurfaceValue> = new Map();

export function QuantitiesFeature<T extends Constructor<ProductsHost & { units: string }>>(
  Base: T,
  { code }: QuantitiesOptions,
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
     * Undefined until a plan is drawn (and its API is: `model-load`). Read-only; `roomQuantities()` from
     * `room-elements/model.js` gives the same for scripts.
     */
    get quantities(): PlanQuantities | undefined {
      const shown = this.roomShown;
      const work = code(this);
      if (!shown || !work) return undefined;
      // the surfaces as changed (surfaces.ts), else as the model has them
      const changed =
        (this as { changedSurfaces?(): ReadonlyMap<string, SurfaceValue> }).changedSurfaces?.() ?? NO_CHANGES;
      return work.planQuantities(shown, changed);
    }

    protected override renderFeatures(): unknown[] {
      const quantities = this.showQuantities ? this.quantities : undefined;
      const work = code(this);
      return [
        ...super.renderFeatures(),
        quantities && work ? work.planQuantitiesTable(quantities, this.units, this.language) : nothing,
      ];
    }
  }
  return WithQuantities;
}
