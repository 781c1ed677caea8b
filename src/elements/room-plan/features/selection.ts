/**
 * `<room-plan>` feature: selectable furniture (`component-select`, `selected`, `highlight()`) and the
 * room description list. A mixin over RoomPlanBase (base.ts).
 *
 * Every piece of furniture is drawn as its footprint (`part="component-footprint"`; FML items were
 * already drawn as items, room-model furniture was not drawn before). A click or tap on the plan (not
 * the end of a drag) picks the smallest footprint under the pointer, so a lamp on a table can be
 * picked; the selection and the highlight are a layer of their own over the plan.
 */
import { nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';
import { idListConverter, selectableComponents } from '../../../features/selection/component-selection.js';
import { ComponentSelection, type SelectionHost } from '../../../features/selection/selection-controller.js';
import * as descriptionCode from '../../../features/selection/description-code.js';
import { pointInRing } from '../../../model/polygon.js';
import type { ModelComponent, RoomModel, Vec2 } from '../../../model/types.js';
import { parseUnits } from '../../../model/units.js';
import type { PlanShown, RoomPlanBase } from '../base.js';
import { itemFootprints, MAX_ITEMS } from '../drawing/items.js';
import { pointsOf } from '../drawing/svg.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface PlanSelectionProperties {
  selected: string[];
  highlight(ids?: Iterable<string> | string): void;
  selectComponent(id: string): boolean;
}

interface Footprint {
  component: ModelComponent;
  ring: Vec2[];
  /** Floor area of the footprint, to pick the smallest of those under the pointer. */
  size: number;
}

const footprintCache = new WeakMap<RoomModel, Footprint[]>();
/** No pieces (furniture hidden): one array, so what is cached per list stays cached. */
const NONE: readonly ModelComponent[] = [];
const selectableCache = new WeakMap<RoomModel, ModelComponent[]>();

/** The pickable pieces, one array per model (the description caches its names per array). */
function selectableOf(model: RoomModel | undefined): readonly ModelComponent[] {
  if (!model) return NONE;
  let list = selectableCache.get(model);
  if (!list) selectableCache.set(model, (list = selectableComponents(model)));
  return list;
}

/** The selectable pieces' footprints (at most MAX_ITEMS, as the plan draws items). */
function footprintsOf(model: RoomModel): Footprint[] {
  let list = footprintCache.get(model);
  if (list) return list;
  list = [];
  for (const component of selectableComponents(model).slice(0, MAX_ITEMS)) {
    // the items' own footprint (drawing/items.ts), one component at a time so each keeps its id
    const ring = itemFootprints({ components: [component] } as RoomModel)[0];
    if (!ring) continue;
    const [min, max] = component.boundingBox;
    list.push({ component, ring, size: Math.abs((max[0] - min[0]) * (max[1] - min[1])) });
  }
  footprintCache.set(model, list);
  return list;
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

    #selection = new ComponentSelection(this as unknown as SelectionHost, {
      language: this.language,
      startsOn: (event) => {
        const viewport = this.shadowRoot?.querySelector('[part~="viewport"]');
        return !!viewport && event.composedPath().includes(viewport);
      },
      pick: (event) => this.#pick(event),
      components: () => (this.furnitureHidden() ? NONE : selectableOf(this.planShown?.model)),
      cart: () => this.pieceCart(),
      areas: () => this.planShown?.plan.areas ?? [],
      picked: (component) => this.analytics.track('select', { componentId: component.componentId }),
      units: () => parseUnits(this.units),
    });

    /** Highlights the components `ids` (a list, or space-separated) apart from the selection; `highlight()` clears. */
    highlight(ids: Iterable<string> | string = []): void {
      this.#selection.highlight(ids);
    }

    /** Selects a component as a click would (firing `component-select`, source `api`); false if unknown or cancelled. */
    selectComponent(id: string): boolean {
      return this.#selection.select(id);
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      const footprints = footprintsOf(shown.model);
      const selected = new Set(this.selected);
      const highlighted = this.#selection.highlighted;
      const outline = (f: Footprint, kind: 'selected' | 'highlighted') =>
        svg`<polygon part=${kind} class=${kind} data-component-id=${f.component.id} points=${pointsOf(f.ring)}></polygon>`;
      return [
        ...super.renderSvgLayers(shown),
        svg`<g class="component-footprints">${footprints.map(
          (f) =>
            svg`<polygon part="component-footprint" data-component-id=${f.component.id} points=${pointsOf(f.ring)}></polygon>`,
        )}</g>`,
        selected.size || highlighted.size
          ? svg`<g class="component-selection">${footprints
              .filter((f) => highlighted.has(f.component.id) && !selected.has(f.component.id))
              .map((f) => outline(f, 'highlighted'))}${footprints
              .filter((f) => selected.has(f.component.id))
              .map((f) => outline(f, 'selected'))}</g>`
          : nothing,
      ];
    }

    protected override renderFeatures(): unknown[] {
      // the description (a button per piece and surface: more DOM than the drawing) goes in once the
      // drawing has painted (base.ts, REVEAL)
      return [
        ...super.renderFeatures(),
        this.planShown && this.planRevealed('description')
          ? this.#selection.description(descriptionCode)
          : nothing,
      ];
    }

    /** The smallest footprint under the pointer (a lamp on a table before the table). */
    #pick(event: PointerEvent): ModelComponent | undefined {
      const shown = this.planShown;
      const point = shown && this.navigation.modelPointUnder(event);
      if (this.furnitureHidden() || !shown || !point) return undefined;
      let best: Footprint | undefined;
      for (const f of footprintsOf(shown.model)) {
        if ((!best || f.size < best.size) && pointInRing(point, f.ring)) best = f;
      }
      return best?.component;
    }
  }
  return WithPlanSelection;
}
