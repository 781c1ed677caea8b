/**
 * `<room-viewer>` feature: selectable furniture (`component-select`, `selected`, `highlight()`,
 * `focus-component`) and the room description list. A mixin over RoomViewerBase (base.ts).
 *
 * A click or tap on the canvas (not the end of a drag: ClickTracker) casts a ray through the room as
 * drawn (src/three/picking.ts); the piece it meets first fires `component-select`. The selection and
 * the highlight are drawn in the view's own render (src/three/selection-outline.ts). Picking, the
 * outline and framing go through the drawing (src/three/drawing.ts), on whichever thread it draws. The
 * selection's controller comes with the viewer's parts (after-frame.ts, after the first frame; with the
 * room when `focus-component` or `selected` is set): until `model-load`, `selectComponent()` and
 * `highlight()` are held (applied then, in order) and `selectComponent()` answers false.
 */
import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { idListConverter } from '../../../features/selection/id-list.js';
// types only: the selection's code comes with the viewer's parts, after its first frame (after-frame.ts,
// selection-part.ts)
import type { SelectionPart } from './selection-part.js';
import type { DescriptionCode } from '../../../features/selection/description-code.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import { afterFirstFrame, LazyPart } from './lazy-part.js';
import { yieldToPage } from '../../../platform/yield.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { ViewerParts } from '../hooks.js';
import type { Constructor } from '../../../internal/mixin.js';

/** The room description's code and styles (features/description-part.ts): after the first frame. */
const loadDescription = lazyModule(() => import('./description-part.js'));

/** What the mixin adds (documented on the class below). */
export interface ViewerSelectionProperties {
  selected: string[];
  focusComponent?: string;
  highlight(ids?: Iterable<string> | string): void;
  selectComponent(id: string): boolean;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerSelection<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerSelectionProperties> {
  /**
   * @fires {CustomEvent<ComponentSelectDetail>} component-select - A piece of furniture was picked: a click or tap on it
   *   (not the end of a drag), Enter or Space on its button in the room description, or `selectComponent()`.
   *   Cancelable (cancelled: the selection stays as it was). Detail `{ component: { id, componentId, category, model,
   *   position: { x, y, z }, size: { width, depth, height } }, source }`, in the model's units (centimetres);
   *   `componentId` is the model's `component_id`; `source` is `pointer`, `keyboard` or `api`.
   *
   * @csspart description - The room described in words (areas with their floor area, the furniture, what is
   *   selected): visually hidden (shown as a panel while focus is in it) unless the page styles this part.
   * @csspart component - A piece of furniture's button in the description (`aria-pressed` when selected).
   * @csspart selected-component - Beside `component`: the button of a selected piece.
   * @csspart area-button - An area's button in the description (when the viewer can fly to areas).
   * @csspart description-selected - The sentence saying what is selected (a polite live region).
   */
  abstract class WithSelection extends Base {
    /**
     * The selected components' ids, space-separated in the attribute (reflected). Outlined in the view; a
     * click, a tap or the description's buttons set it (Shift, Ctrl or ⌘ adds to it).
     */
    @property({ converter: idListConverter, reflect: true }) selected: string[] = [];

    /** A component id: the viewer opens framed on that component (and moves to it when changed). */
    @property({ attribute: 'focus-component' }) focusComponent?: string;

    /** The description's code, fetched after the first frame (drawn once it is here). */
    #description = new LazyPart<DescriptionCode, unknown>(this, undefined, loadDescription);
    /** The selection at work (selection-part.ts), made with the viewer's parts. */
    #part?: SelectionPart;
    /**
     * The room on screen may be described: false from a room's drawing until the task after the features
     * rendered it with their parts (partsRendered), so the description's render is a task of its own.
     */
    #describe = false;

    protected override partsIn(parts: ViewerParts): void {
      super.partsIn(parts);
      this.#part = new parts.SelectionPart(
        {
          element: this,
          language: this.language,
          context: () => this.viewContext,
          furnitureHidden: () => this.furnitureHidden(),
          cart: () => this.pieceCart(),
          picked: (component) => this.analytics.track('select', { componentId: component.componentId }),
        },
        parts,
      );
      // the room already drawn (the parts came after its first frame): as viewReady would
      const context = this.viewContext;
      if (context) this.#shown(context);
    }

    /**
     * Highlights the components `ids` (a list, or space-separated in a string) apart from the
     * selection, e.g. while the page's product card is hovered; `highlight()` clears it.
     */
    highlight(ids: Iterable<string> | string = []): void {
      // (a list given before model-load is read then, as it was when given)
      const list = typeof ids === 'string' ? ids : [...ids];
      this.whenPartsIn(() => this.#part?.selection.highlight(list));
    }

    /** Selects a component as a click would (firing `component-select`, source `api`); false if unknown or cancelled. */
    selectComponent(id: string): boolean {
      const part = this.#part;
      if (!part) return this.whenPartsIn(() => this.selectComponent(id)) && false;
      return part.selection.select(id);
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.#shown(context);
    }

    /** A room is drawn, on either thread. */
    #shown(context: ViewerContext): void {
      if (!this.#part) return;
      this.#part.shown(context, true);
      this.requestUpdate();
    }

    // a piece swapped (features/swap.ts): the pieces, the outline and the description follow
    protected override roomEdited(): void {
      super.roomEdited();
      const context = this.viewContext;
      // the camera stays where it is: only the pieces and their outline
      if (context) this.#part?.shown(context, false);
    }

    /** The description, a button per piece and surface, rendered in a task of its own before `model-load`. */
    protected override async partsRendered(): Promise<void> {
      await super.partsRendered();
      if (this.#describe) return;
      await yieldToPage();
      this.#describe = true;
      this.requestUpdate();
      await this.updateComplete;
    }

    protected override viewGone(): void {
      this.#describe = false;
      this.#part?.gone();
      this.requestUpdate();
      super.viewGone();
    }

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      // the room is on screen: its description's code now (drawn when it arrives)
      if (frame.frames === 1 && !this.#description.value) afterFirstFrame(() => this.#description.start());
    }

    protected override featuresAtStart(): boolean {
      // the opening view is framed on `focus-component`, with the selection outlined
      return super.featuresAtStart() || !!this.focusComponent || this.selected.length > 0;
    }

    protected override partsBeforeFrame(): boolean {
      // …which the selection's controller works out: it comes with the room then
      return super.partsBeforeFrame() || !!this.focusComponent || this.selected.length > 0;
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('focusComponent') && changed.get('focusComponent') !== undefined)
        this.#part?.frame(true);
    }

    protected override renderFeatures(): unknown[] {
      const code = this.#description.value;
      const selection = this.#part?.selection;
      return [
        ...super.renderFeatures(),
        this.roomShown && code && selection && this.#describe ? selection.description(code) : nothing,
      ];
    }
  }
  return WithSelection;
}
