/**
 * `<room-viewer>` feature: `cutaway` and the `measure` mode. A mixin over RoomViewerBase (base.ts).
 */
import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { afterFirstFrame, LazyPart } from './lazy-part.js';
import type { MeasurePartHost, ViewerMeasurePart } from './measure-part.js';

/**
 * The mode itself (its toggle, points, overlay and styles: features/measure-part.ts): after the first
 * frame, or with the room when `measure` is set.
 */
const loadPart = lazyModule(() => import('./measure-part.js'));

/** Section height of lowered walls (cm) when the page gives none (src/three/cutaway.ts's default). */
const CUTAWAY_HEIGHT = 100;

/** What the mixin adds (documented on the class below). */
export interface ViewerMeasureProperties {
  cutaway: boolean;
  cutawayHeight?: number;
  measure: boolean;
  units: 'metric' | 'imperial';
  clearMeasure(): void;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerMeasure<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerMeasureProperties> {
  /**
   * @fires {CustomEvent<MeasureDetail>} measure - In `measure` mode, a second point was picked. Detail
   *   `{ from, to, distance, text }`: the points in model space (centimetres, z up), the straight distance
   *   between them in centimetres and that distance as shown (`units`, language).
   * @csspart measure - The measuring overlay over the canvas: the line, its end points and the distance label.
   * @csspart measure-label - The distance shown at the middle of the measured line.
   * @csspart measure-hint - What to do next in `measure` mode (also read out: it is a live region).
   * @csspart measure-button - The button that turns `measure` mode on and off.
   * @cssprop --room-viewer-measure-color - Colour of the measured line and its label. Default `#c2410c`.
   * @cssstate measuring - `measure` mode is on.
   */
  abstract class WithMeasure extends Base {
    /**
     * Lowers the walls between the camera and the point it looks at to `cutaway-height` (their cut tops
     * dark) and hides the ceilings unless the camera is inside a room, following the camera as it moves.
     */
    @property({ type: Boolean, reflect: true }) cutaway = false;

    /** Height (cm) the `cutaway` lowers walls to. Default 100. */
    @property({ type: Number, attribute: 'cutaway-height' }) cutawayHeight?: number;

    /**
     * Measure mode: a click (or tap) on a floor or wall places a point, a second one gives the distance
     * (drawn, and the `measure` event); a third starts again. Corners within a few pixels are snapped to.
     * Dragging still moves the camera. Esc clears the points, and a second Esc leaves the mode.
     */
    @property({ type: Boolean, reflect: true }) measure = false;

    /** `metric` (m, the default) or `imperial` (feet and inches) for measured distances. */
    @property() units: 'metric' | 'imperial' = 'metric';

    /** The cutaway height the drawing was given (undefined: off). */
    #cut?: number;
    /** The mode (its toggle, points, overlay and words), once its part arrived. */
    #part = new LazyPart<ViewerMeasurePart, MeasurePartHost>(
      this,
      {
        element: this,
        lang: () => this.language.lang,
        context: () => this.viewContext,
        measured: (detail) => {
          this.emit('measure', detail);
          this.analytics.track('measure');
        },
      },
      loadPart,
    );
    /** The part is to come after the room's first frame. */
    #waitingForFrame = false;

    /** Takes the measured points away (the mode stays on). */
    clearMeasure(): void {
      this.#part.value?.mode.clear();
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.#cut = undefined;
      this.#part.value?.viewReady();
      this.#applyCutaway();
      // turned on while the room was loading
      if (this.measure) this.#part.start();
      // the toggle over the room comes with the mode's part, right after the first frame
      else if (!this.#part.value) this.#waitingForFrame = true;
    }

    protected override viewGone(): void {
      this.#cut = undefined;
      this.#part.value?.viewGone();
      super.viewGone();
    }

    protected override featuresAtStart(): boolean {
      return super.featuresAtStart() || this.cutaway || this.measure;
    }

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      if (this.#waitingForFrame && frame.frames === 1) {
        this.#waitingForFrame = false;
        afterFirstFrame(() => this.#part.start());
      }
      this.#part.value?.frame(frame);
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('cutaway') || changed.has('cutawayHeight')) this.#applyCutaway();
      if (changed.has('measure')) {
        this.toggleState('measuring', this.measure);
        if (!this.measure) this.clearMeasure();
        // the mode's part (a failure: tried again as the mode starts next), its overlay as it starts
        else this.#part.start();
      }
      this.#part.value?.updated();
    }

    #applyCutaway(): void {
      const drawing = this.viewContext?.drawing;
      if (!drawing) return;
      const h = Number(this.cutawayHeight);
      const height = this.cutaway ? (Number.isFinite(h) && h > 0 ? h : CUTAWAY_HEIGHT) : undefined;
      if (height === this.#cut) return;
      this.#cut = height;
      drawing.setCutaway(height);
    }

    protected override renderFeatures(): unknown[] {
      // the same three places before the part arrived: what other features render after them stays in
      // place (Lit matches an array's items by position)
      return [
        ...super.renderFeatures(),
        ...(this.#part.value?.render(!!this.roomShown) ?? [nothing, nothing, nothing]),
      ];
    }
  }
  return WithMeasure;
}
