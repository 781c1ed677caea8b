/**
 * `<room-plan>` feature: `furniture="hidden"`, the plan empty: every piece of furniture's footprint
 * (FML items, the pieces' outlines and their selection) hidden, walls, areas, doors, windows and stairs
 * as they were; toggled live (a style rule on the reflected attribute: the drawing is not redone).
 * Hidden pieces cannot be picked and leave the description. A mixin over RoomPlanBase (plan-base.ts).
 */
import { css, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { RoomPlanBase } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface PlanFurnitureProperties {
  furniture: 'shown' | 'hidden';
}

export const planFurnitureStyles = css`
  :host([furniture='hidden']) .items > polygon:not(.stair),
  :host([furniture='hidden']) .component-footprints,
  :host([furniture='hidden']) .component-selection {
    display: none;
  }
`;

export function PlanFurniture<T extends Constructor<RoomPlanBase>>(
  Base: T,
): T & Constructor<PlanFurnitureProperties> {
  abstract class WithPlanFurniture extends Base {
    /**
     * `hidden`: the plan empty, every piece of furniture hidden (walls, areas, doors, windows and stairs
     * stay as they are); `shown` (default) draws it. Reflected; changes apply at once.
     */
    @property({ reflect: true }) furniture: 'shown' | 'hidden' = 'shown';

    protected override furnitureHidden(): boolean {
      return this.furniture === 'hidden' || super.furnitureHidden();
    }

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      const self = this as { selected?: string[] };
      // what is hidden cannot stay selected
      if (changed.has('furniture') && this.furnitureHidden() && self.selected?.length) self.selected = [];
    }
  }
  return WithPlanFurniture;
}
