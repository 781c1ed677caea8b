/**
 * `furniture="hidden"` on `<room-viewer>` and `<room-plan>`, written once over ProductsHost: the room
 * empty, every piece of furniture hidden (not drawn, no shadow, not pickable, not in the description),
 * walls, floors, areas, doors, windows and stairs as they were; toggled live. The viewer draws the
 * change (its showFurniture(), on either thread); the plan hides the pieces with a style rule on the
 * reflected attribute (furnitureStyles), so its drawing is not redone.
 */
import { css, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { Constructor } from '../../internal/mixin.js';
import type { ProductsHost } from './products-host.js';

/** What the mixin adds (documented on the class below). */
export interface FurnitureProperties {
  furniture: 'shown' | 'hidden';
}

/** The plan's rule: its furniture (FML items, the pieces' footprints and their selection) hidden. */
export const planFurnitureStyles = css`
  :host([furniture='hidden']) .items > polygon:not(.stair),
  :host([furniture='hidden']) .component-footprints,
  :host([furniture='hidden']) .component-selection {
    display: none;
  }
`;

export function FurnitureFeature<T extends Constructor<ProductsHost>>(
  Base: T,
): T & Constructor<FurnitureProperties> {
  abstract class WithFurniture extends Base {
    /**
     * `hidden`: the room empty, every piece of furniture hidden (walls, floors, areas, doors, windows and
     * stairs stay as they are); `shown` (default) draws it. Reflected; changes apply at once.
     */
    @property({ reflect: true }) furniture: 'shown' | 'hidden' = 'shown';

    protected override furnitureHidden(): boolean {
      return this.furniture === 'hidden' || super.furnitureHidden();
    }

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      // what is hidden cannot stay selected (in this update: the selection's outline follows at once)
      const self = this as { selected?: string[] };
      if (changed.has('furniture') && this.furnitureHidden() && self.selected?.length) self.selected = [];
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('furniture')) this.showFurniture(!this.furnitureHidden());
    }
  }
  return WithFurniture;
}
