/**
 * `<room-viewer>` feature: `furniture="hidden"`, the room empty: every piece of furniture hidden (not
 * drawn, no shadow, not pickable, not in the description), walls, floors, doors and windows as they
 * were; toggled live. A mixin over RoomViewerBase (viewer-base.ts).
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface FurnitureProperties {
  furniture: 'shown' | 'hidden';
}

export function ViewerFurniture<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<FurnitureProperties> {
  abstract class WithFurniture extends Base {
    /**
     * `hidden`: the room empty, every piece of furniture hidden (walls, floors, doors and windows stay as
     * they are); `shown` (default) draws it. Reflected; changes apply at once.
     */
    @property({ reflect: true }) furniture: 'shown' | 'hidden' = 'shown';

    protected override furnitureHidden(): boolean {
      return this.furniture === 'hidden' || super.furnitureHidden();
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      context.drawing.setFurnitureVisible(!this.furnitureHidden());
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (!changed.has('furniture')) return;
      // on the page's thread or in the render worker (renderer="worker")
      this.showFurniture(!this.furnitureHidden());
      // what is hidden cannot stay selected
      const self = this as { selected?: string[] };
      if (this.furnitureHidden() && self.selected?.length) self.selected = [];
    }
  }
  return WithFurniture;
}
