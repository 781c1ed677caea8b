/**
 * Selectable furniture as `<room-viewer>` and `<room-plan>` both run it: a click or tap (not the end
 * of a drag) asks the element what is under the pointer, `component-select` is fired (cancelable) and
 * the element's `selected` follows; `highlight()`; the room description with its buttons. The element
 * supplies only what differs: where a click may start and how a point finds a piece (a ray through
 * the 3D room, or the plan's footprints).
 */
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import type { AreaGeometry, ModelComponent } from '../../model/types.js';
import type { Units } from '../../model/units.js';
import { additive, idSet, selectedComponentDetail, selectionAfter } from './component-selection.js';
import { HostClicks } from './host-clicks.js';
import type { LanguageController } from '../../internal/language.js';
import type { DescribedSurface } from './room-description.js';
import type { DescriptionCode } from './description-code.js';

type Source = 'pointer' | 'keyboard' | 'api';
type Seen = [string[] | undefined, ReadonlySet<string> | undefined];

/** The element: its `selected`, and what other features may add (measure mode, area navigation). */
export type SelectionHost = ReactiveControllerHost &
  HTMLElement & {
    selected: string[];
    measure?: boolean;
    areaActivated?(area: AreaGeometry): void;
    // surfaces (issue 37): listed in the description when the element offers them
    describedSurfaces?(): readonly DescribedSurface[];
    surfaceActivated?(surface: string, event: MouseEvent): void;
  };

export interface SelectionOptions {
  language: LanguageController;
  /** Whether a press here may start a click that picks (the canvas, the plan's viewport). */
  startsOn(event: PointerEvent): boolean;
  /** The piece under the pointer at the end of a click, if any (later when what picks is still loading). */
  pick(event: PointerEvent): ModelComponent | undefined | Promise<ModelComponent | undefined>;
  /** The pieces that can be picked now (the same array while the room is the same). */
  components(): readonly ModelComponent[];
  areas(): readonly AreaGeometry[];
  units(): Units;
  /** After an update in which the selection or the highlight changed. */
  changed?(): void;
  /** With the `cart` attribute: what a piece's "add to cart" button in the description calls. */
  cart?(): ((component: ModelComponent) => void) | undefined;
  /** The visitor picked a piece (a click, a tap, the keyboard; not `selectComponent()`), not cancelled. */
  picked?(component: ModelComponent): void;
}

export class ComponentSelection implements ReactiveController {
  /** The ids `highlight()` was given. */
  highlighted: ReadonlySet<string> = new Set();
  /** The selection and highlight of the last update (to tell `changed` only when they change). */
  #seen: Seen = [undefined, undefined];
  #index?: { of: readonly ModelComponent[]; byId: Map<string, ModelComponent> };

  constructor(
    private readonly host: SelectionHost,
    private readonly options: SelectionOptions,
  ) {
    host.addController(this);
    new HostClicks(host, { startsOn: (event) => options.startsOn(event), clicked: this.#onClick });
  }

  hostUpdated(): void {
    const now: Seen = [this.host.selected, this.highlighted];
    if (now[0] === this.#seen[0] && now[1] === this.#seen[1]) return;
    this.#seen = now;
    this.options.changed?.();
  }

  /** The pickable piece with this id. */
  component(id: string): ModelComponent | undefined {
    const components = this.options.components();
    if (this.#index?.of !== components)
      this.#index = { of: components, byId: new Map(components.map((c) => [c.id, c])) };
    return this.#index.byId.get(id);
  }

  /** The pieces of `ids` that can be picked, in that order. */
  components(ids: Iterable<string>): ModelComponent[] {
    return [...ids].map((id) => this.component(id)).filter((c): c is ModelComponent => !!c);
  }

  highlight(ids: Iterable<string> | string): void {
    this.highlighted = idSet(typeof ids === 'string' ? ids : [...ids]);
    this.host.requestUpdate();
  }

  /** Fires `component-select`; unless cancelled, the piece becomes the selection (or joins it). */
  choose(component: ModelComponent, source: Source, add = false): boolean {
    const event = new CustomEvent('component-select', {
      detail: selectedComponentDetail(component, source),
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    if (!this.host.dispatchEvent(event)) return false;
    this.host.selected = selectionAfter(this.host.selected, component.id, add);
    if (source !== 'api') this.options.picked?.(component);
    return true;
  }

  /** `selectComponent(id)`: as a click would, with source `api`. */
  select(id: string): boolean {
    const component = this.component(id);
    return component ? this.choose(component, 'api') : false;
  }

  /**
   * The room description (room-description.ts) in the element's language, drawn by its `code`
   * (description-code.ts: the plan imports it, the viewer loads it after its first frame).
   */
  description(code: DescriptionCode): TemplateResult {
    const { language } = this.options;
    const host = this.host;
    return code.roomDescription({
      lang: language.lang,
      units: this.options.units(),
      areas: this.options.areas(),
      components: this.options.components(),
      selected: new Set(host.selected),
      words: (key, values) => language.t(code.DESCRIPTION_STRINGS, key, values),
      // a click from the keyboard (Enter, Space) has no pointer: detail 0
      onComponent: (c, event) => this.choose(c, event.detail === 0 ? 'keyboard' : 'pointer', additive(event)),
      onAddToCart: this.options.cart?.(),
      onArea: typeof host.areaActivated === 'function' ? (area) => host.areaActivated!(area) : undefined,
      ...(typeof host.describedSurfaces === 'function' && typeof host.surfaceActivated === 'function'
        ? {
            surfaces: host.describedSurfaces(),
            onSurface: (surface: string, event: MouseEvent) => host.surfaceActivated!(surface, event),
          }
        : {}),
    });
  }

  #onClick = (event: PointerEvent) => {
    // measuring: a click places a point, it does not pick
    if (this.host.measure) return;
    const add = additive(event);
    const picked = this.options.pick(event);
    if (picked instanceof Promise)
      void picked.then((component) => component && this.choose(component, 'pointer', add));
    else if (picked) this.choose(picked, 'pointer', add);
  };
}
