/**
 * `<room-plan>` feature: the `measure` mode and wall lengths on hover. A mixin over RoomPlanBase (base.ts).
 * The working code (measure-part.ts: the points, the snapping, the toggle, the hint) comes with the plan's
 * parts, right after its first paint (after-paint.ts); `measure` set before is taken up then.
 */
import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { PlanParts, PlanShown, RoomPlanBase } from '../base.js';
// types only: the measure mode's code comes with the plan's parts (after-paint.ts)
import type { PlanMeasurePart } from './measure-part.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface PlanMeasureProperties {
  measure: boolean;
  clearMeasure(): void;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function PlanMeasure<T extends Constructor<RoomPlanBase>>(
  Base: T,
): T & Constructor<PlanMeasureProperties> {
  /**
   * @fires {CustomEvent<MeasureDetail>} measure - In `measure` mode, a second point was picked. Detail
   *   `{ from, to, distance, text }`: the points in model coordinates (centimetres; z is 0), the distance in
   *   centimetres and as shown (`units`, language).
   * @csspart measure - The measured line (SVG group over the plan) with its end points and distance.
   * @csspart wall-length - In `measure` mode, the length of the wall under the pointer, along the wall.
   * @csspart measure-hint - What to do next in `measure` mode (a live region).
   * @csspart control measure - The button that turns `measure` mode on and off (among the zoom controls).
   * @cssprop --room-plan-measure-color - Colour of measured lines, their labels and the hovered wall. Default `#c2410c`.
   * @cssstate measuring - `measure` mode is on.
   */
  abstract class WithMeasure extends Base {
    /**
     * Measure mode: a click (or tap) places a point, snapped to a wall's end or corner within a few pixels
     * (or else to its edge), a second one gives the distance (drawn, and the `measure` event); a third
     * starts again. The wall under the pointer shows its length. Dragging still pans. Esc clears the
     * points, and a second Esc leaves the mode.
     */
    @property({ type: Boolean, reflect: true }) measure = false;

    protected override partsIn(parts: PlanParts): void {
      super.partsIn(parts);
      this.#part = new parts.PlanMeasurePart({
        ...this.planHost(),
        element: this,
        measured: (detail) => {
          this.emit('measure', detail);
          this.analytics.track('measure');
        },
      });
    }

    /** The measure mode at work (measure-part.ts), made with the parts. */
    #part?: PlanMeasurePart;

    /** Takes the measured points away (the mode stays on). */
    clearMeasure(): void {
      this.#part?.mode.clear();
    }

    protected override planReady(shown: PlanShown): void {
      super.planReady(shown);
      // another plan, floor or design: points on the one before mean nothing here
      this.#part?.reset();
    }

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      if (changed.has('measure')) {
        this.toggleState('measuring', this.measure);
        if (!this.measure && this.#part) {
          this.#part.mode.points = [];
          this.#part.leave();
        }
      }
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      return [...super.renderSvgLayers(shown), ...(this.#part?.layers(shown) ?? [])];
    }

    protected override renderControls(): unknown[] {
      const part = this.#part;
      return [...super.renderControls(), part ? part.mode.renderToggle('control measure', false) : nothing];
    }

    protected override renderFeatures(): unknown[] {
      const part = this.#part;
      return [...super.renderFeatures(), this.measure && part ? part.hint() : nothing];
    }
  }
  return WithMeasure;
}
