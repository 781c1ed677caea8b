/**
 * `<room-plan>` feature: selectable furniture (`component-select`, `selected`, `highlight()`) and the
 * room description list. A mixin over RoomPlanBase (base.ts).
 *
 * Every piece of furniture is drawn as its footprint (`part="component-footprint"`; FML items were
 * already drawn as items, room-model furniture was not drawn before). A click or tap on the plan (not
 * the end of a drag) picks the smallest footprint under the pointer, so a lamp on a table can be
 * picked; the selection and the highlight are a layer of their own over the plan. The working code
 * (selection-part.ts) comes with the plan's parts, right after its first paint (after-paint.ts): until
 * `model-load`, `selectComponent()` and `highlight()` are held (applied then, in order) and
 * `selectComponent()` answers false.
 */
import { nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { idListConverter } from '../../../features/selection/id-list.js';
import type { PlanParts, PlanShown, RoomPlanBase } from '../base.js';
// types only: the selection's code comes with the plan's parts (after-paint.ts)
import type { PlanSelectionPart } from './selection-part.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface PlanSelectionProperties {
  selected: string[];
  highlight(ids?: Iterable<string> | string): void;
  selectComponent(id: string): boolean;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function PlanSelection<T extends Constructor<RoomPlanBase>>(
  Base: T,
): T & Constructor<PlanSelectionProperties> {
  /**
   * @fires {CustomEvent<ComponentSelectDetail>} component-select - A piece of furniture was picked: a click or tap on its
   *   footprint (not the end of a drag), Enter or Space on its button in the room description, or `selectComponent()`.
   *   Cancelable. Detail as `<room-viewer>`'s: `{ component: { id, componentId, category, model, position, size }, source }`.
   *
   * @csspart component-footprint - A piece of furniture's footprint (every model; FML items are also drawn as `item`).
   * @csspart selected - The outline of a selected piece's footprint.
   * @csspart highlighted - The outline of a piece given to `highlight()`.
   * @csspart description - The room described in words (areas with their floor area, the furniture, what is
   *   selected): visually hidden (shown as a panel while focus is in it) unless the page styles this part.
   * @csspart component - A piece of furniture's button in the description (`aria-pressed` when selected).
   * @csspart selected-component - Beside `component`: the button of a selected piece.
   * @csspart area-button - An area's button in the description (when the plan is linked to a viewer).
   * @csspart description-selected - The sentence saying what is selected (a polite live region).
   *
   * @cssprop --room-plan-selected - Outline and tint of selected pieces (default #2563eb).
   * @cssprop --room-plan-highlight - Outline and tint of highlighted pieces (default #f59e0b).
   */
  abstract class WithPlanSelection extends Base {
    /** The selected components' ids, space-separated in the attribute (reflected); outlined on the plan. */
    @property({ converter: idListConverter, reflect: true }) selected: string[] = [];

    protected override partsIn(parts: PlanParts): void {
      super.partsIn(parts);
      this.#part = new parts.PlanSelectionPart({
        ...this.planHost(),
        element: this,
        cart: () => this.pieceCart(),
        picked: (component) => this.analytics.track('select', { componentId: component.componentId }),
      });
    }

    /** The selection at work (selection-part.ts), made with the parts. */
    #part?: PlanSelectionPart;

    /**
     * Highlights the components `ids` (a list, or space-separated) apart from the selection; `highlight()` clears.
     * Before `model-load` it is held and applied then.
     */
    highlight(ids: Iterable<string> | string = []): void {
      // (a list given before model-load is read then, as it was when given)
      const list = typeof ids === 'string' ? ids : [...ids];
      this.whenPartsIn(() => this.#part?.selection.highlight(list));
    }

    /**
     * Selects a component as a click would (firing `component-select`, source `api`); false if unknown or cancelled.
     * Before `model-load` the call is held (made then, firing its event) and this answers false.
     */
    selectComponent(id: string): boolean {
      // (held: false now, its event when it is made)
      return this.#part?.selection.select(id) ?? (this.whenPartsIn(() => this.selectComponent(id)) && false);
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      return [...super.renderSvgLayers(shown), ...(this.#part?.layers(shown) ?? [])];
    }

    protected override renderFeatures(): unknown[] {
      // the description (a button per piece and surface: more DOM than the drawing) goes in once the
      // drawing has painted (base.ts, REVEAL)
      const part = this.#part;
      return [
        ...super.renderFeatures(),
        part && this.planShown && this.planRevealed('description') ? part.description() : nothing,
      ];
    }
  }
  return WithPlanSelection;
}
