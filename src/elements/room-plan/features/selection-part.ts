/**
 * `<room-plan>`'s selection at work (features/selection.ts keeps the contract): the selection's
 * controller made for the plan, the pieces' footprints and their outlines, the smallest footprint under
 * a click, and the room's description. Made with the plan's parts, right after its first paint
 * (after-paint.ts; issue 33, the sixteenth round).
 */
import { nothing, svg, type ReactiveControllerHost } from 'lit';
import * as descriptionCode from '../../../features/selection/description-code.js';
import { selectableComponents } from '../../../features/selection/component-selection.js';
import { ComponentSelection, type SelectionHost } from '../../../features/selection/selection-controller.js';
import { pointInRing } from '../../../model/polygon.js';
import type { ModelComponent, RoomModel, Vec2 } from '../../../model/types.js';
import { parseUnits } from '../../../model/units.js';
import type { PlanPartHost, PlanShown } from '../base.js';
import { itemFootprints, MAX_ITEMS } from '../drawing/items.js';
import { pointsOf } from '../drawing/svg.js';

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

/** What the part asks of its plan (the mixin's closures over its protected members). */
export interface PlanSelectionHost extends PlanPartHost {
  element: ReactiveControllerHost & HTMLElement & { selected: string[]; units: string };
  cart(): ((component: ModelComponent) => void) | undefined;
  picked(component: ModelComponent): void;
}

export class PlanSelectionPart {
  readonly selection: ComponentSelection;

  constructor(private readonly host: PlanSelectionHost) {
    const { element } = host;
    this.selection = new ComponentSelection(element as unknown as SelectionHost, {
      language: host.language,
      startsOn: (event) => {
        const viewport = element.shadowRoot?.querySelector('[part~="viewport"]');
        return !!viewport && event.composedPath().includes(viewport);
      },
      pick: (event) => this.#pick(event),
      components: () => (host.furnitureHidden() ? NONE : selectableOf(host.shown()?.model)),
      cart: () => host.cart(),
      areas: () => host.shown()?.plan.areas ?? [],
      picked: (component) => host.picked(component),
      units: () => parseUnits(element.units),
    });
  }

  /** The footprints, and the selection's and the highlight's outlines over them. */
  layers(shown: PlanShown): unknown[] {
    const footprints = footprintsOf(shown.model);
    const selected = new Set(this.host.element.selected);
    const highlighted = this.selection.highlighted;
    const outline = (f: Footprint, kind: 'selected' | 'highlighted') =>
      svg`<polygon part=${kind} class=${kind} data-component-id=${f.component.id} points=${pointsOf(f.ring)}></polygon>`;
    return [
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

  /** The room's description (its areas, furniture and surfaces, what is selected). */
  description(): unknown {
    return this.selection.description(descriptionCode);
  }

  /** The smallest footprint under the pointer (a lamp on a table before the table). */
  #pick(event: PointerEvent): ModelComponent | undefined {
    const shown = this.host.shown();
    const point = shown && this.host.pointUnder(event);
    if (this.host.furnitureHidden() || !shown || !point) return undefined;
    let best: Footprint | undefined;
    for (const f of footprintsOf(shown.model)) {
      if ((!best || f.size < best.size) && pointInRing(point, f.ring)) best = f;
    }
    return best?.component;
  }
}
