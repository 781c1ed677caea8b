/**
 * `<room-viewer>`'s selection at work (features/selection.ts keeps the contract): the selection's
 * controller made for the viewer, the pieces that can be picked in the room shown, the outline, framing
 * `focus-component`, the ray through a click. Made with the viewer's parts, after its first frame
 * (after-frame.ts; issue 33, the fifteenth round: about 0.5 KB gzip that the first frame never ran).
 */
import type { ReactiveControllerHost } from 'lit';
import { prefersReducedMotion } from '../../../features/motion/reduced-motion.js';
import type { ComponentSelection, SelectionHost } from '../../../features/selection/selection-controller.js';
import type { LanguageController } from '../../../internal/language.js';
import type { ModelComponent } from '../../../model/types.js';
import type { ViewerParts } from '../hooks.js';
import type { ViewerContext } from '../load.js';

/** No pieces (furniture hidden): one array, so what is cached per list stays cached. */
const NONE: readonly ModelComponent[] = [];

/** What the part asks of its viewer (the mixin's closures over its protected members). */
export interface SelectionPartHost {
  element: ReactiveControllerHost & HTMLElement & { selected: string[]; focusComponent?: string };
  language: LanguageController;
  context(): ViewerContext | undefined;
  furnitureHidden(): boolean;
  cart(): ((component: ModelComponent) => void) | undefined;
  picked(component: ModelComponent): void;
}

export class SelectionPart {
  readonly selection: ComponentSelection;
  #pickable: readonly ModelComponent[] = [];

  constructor(
    private readonly host: SelectionPartHost,
    private readonly parts: ViewerParts,
  ) {
    const onCanvas = (event: PointerEvent) => {
      const target = event.composedPath()[0] as Element | undefined;
      return target?.localName === 'canvas' && target.getAttribute('part') === 'canvas';
    };
    this.selection = new parts.ComponentSelection(host.element as unknown as SelectionHost, {
      language: host.language,
      startsOn: onCanvas,
      pick: (event) => this.#pick(event),
      components: () => (host.furnitureHidden() ? NONE : this.#pickable),
      cart: () => host.cart(),
      areas: () => host.context()?.plan.areas ?? [],
      picked: (component) => host.picked(component),
      // the viewer's `units` when a feature gives it one (measure)
      units: () => parts.parseUnits((host.element as { units?: string }).units),
      changed: () => this.showOutline(),
    });
  }

  /** A room is drawn (or its pieces changed: `frame` false keeps the camera where it is). */
  shown(context: ViewerContext, frame: boolean): void {
    this.#pickable = this.parts.selectableComponents(context.model);
    this.showOutline();
    if (frame) this.frame(false);
  }

  gone(): void {
    this.#pickable = [];
  }

  /** Outlines the selection and the highlight (the drawing makes the outline when there is first one to show). */
  showOutline(): void {
    const drawing = this.host.context()?.drawing;
    if (!drawing) return;
    const { selection } = this;
    const ids = (list: readonly ModelComponent[]) => list.map((c) => c.id);
    drawing.outline(
      ids(selection.components(new Set(this.host.element.selected))),
      ids(selection.components(selection.highlighted)),
    );
  }

  /** Frames the view on `focus-component`: at once when the room opens, with a flight later. */
  frame(fly: boolean): void {
    const drawing = this.host.context()?.drawing;
    const id = this.host.element.focusComponent;
    const component = id ? this.selection.component(id) : undefined;
    if (!drawing || !component) return;
    // a flight under reduced motion is a jump (asked here: the render worker has no media queries)
    drawing.moveCamera({ component: component.id }, fly && !prefersReducedMotion()).catch(() => undefined);
  }

  /** The piece a ray through the pointer meets first (walls and doors stop it). */
  #pick(event: PointerEvent): Promise<ModelComponent | undefined> | undefined {
    const context = this.host.context();
    const rect = this.host.element.shadowRoot?.querySelector('canvas[part=canvas]')?.getBoundingClientRect();
    if (!context || !rect?.width || !rect.height) return undefined;
    const x = ((event.clientX - rect.left) / rect.width) * 2 - 1;
    const y = 1 - ((event.clientY - rect.top) / rect.height) * 2;
    const only = (this.host.furnitureHidden() ? [] : this.#pickable).map((c) => c.id);
    // the same ray on either thread (a message each way in the render worker, well within the click)
    return context.drawing.pick(x, y, only).then(
      (id) => (id && this.host.context() === context ? this.selection.component(id) : undefined),
      () => undefined,
    );
  }
}
