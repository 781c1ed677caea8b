/**
 * `<room-viewer>` feature: `cutaway` and the `measure` mode. A mixin over RoomViewerBase (base.ts).
 */
import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import { MeasureMode } from '../../../features/measure/measure-mode.js';
import type { Vec3 } from '../../../model/types.js';
import type { Cutaway } from '../../../three/index.js';
import type { FeaturesModule, RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

/** The measuring overlay (features/measure-overlay.ts): loaded as the mode first starts. */
const loadOverlay = lazyModule(() => import('./measure-overlay.js'));
type Overlay = typeof import('./measure-overlay.js');

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

    #cut?: Cutaway;
    /** What measures, once loaded: the features' three.js side and the overlay. */
    #tools?: { three: FeaturesModule; overlay: Overlay };
    #mode = new MeasureMode<Vec3>(this, () => this.language.lang);

    // a mixin's constructor must take any arguments
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.addEventListener('pointerup', this.#onPointerUp);
    }

    /** Takes the measured points away (the mode stays on). */
    clearMeasure(): void {
      this.#mode.clear();
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      context.view.frameListeners.add(this.#onFrame);
      this.#applyCutaway();
      // turned on while the room was loading
      if (this.measure) this.#loadTools(context).catch(() => undefined);
    }

    protected override viewGone(): void {
      this.#cut?.dispose();
      this.#cut = undefined;
      this.#mode.points = [];
      super.viewGone();
    }

    protected override featuresAtStart(inWorker = false): boolean {
      return super.featuresAtStart(inWorker) || this.cutaway || this.measure;
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('cutaway') || changed.has('cutawayHeight')) this.#applyCutaway();
      if (changed.has('measure')) {
        this.toggleState('measuring', this.measure);
        if (!this.measure) this.clearMeasure();
        // what finds the point under a click is loaded as the mode starts
        else if (this.viewContext) this.#loadTools(this.viewContext).catch(() => undefined);
      }
      // the overlay was just rendered: put it where the points are on screen now
      this.#place();
    }

    async #loadTools(context: ViewerContext): Promise<{ three: FeaturesModule; overlay: Overlay }> {
      const [three, overlay] = await Promise.all([context.features ?? context.loadFeatures(), loadOverlay()]);
      return (this.#tools = { three, overlay });
    }

    #applyCutaway(): void {
      const context = this.viewContext;
      if (!context) return;
      const { features } = context;
      if (!features) {
        if (this.cutaway)
          context.loadFeatures().then(
            () => this.viewContext === context && this.#applyCutaway(),
            () => undefined,
          );
        return;
      }
      const h = Number(this.cutawayHeight);
      const height = Number.isFinite(h) && h > 0 ? h : features.CUTAWAY_HEIGHT;
      if (this.cutaway && !this.#cut) this.#cut = new features.Cutaway(context.view, height);
      else if (!this.cutaway && this.#cut) {
        this.#cut.dispose();
        this.#cut = undefined;
      } else if (this.#cut) this.#cut.height = height;
    }

    #onFrame = () => {
      this.#cut?.update();
      // nothing to move while no point is placed (the common case: no per-frame DOM queries)
      if (this.#mode.points.length) this.#place();
    };

    #canvas(): HTMLCanvasElement | null {
      return this.renderRoot.querySelector('canvas');
    }

    #onPointerUp = (event: PointerEvent) => {
      if (!this.#mode.clicked(event)) return;
      const context = this.viewContext;
      const canvas = this.#canvas();
      // only clicks on the room itself (not on the button, the floor switcher or a hotspot)
      if (!context || !canvas || event.composedPath()[0] !== canvas) return;
      const rect = canvas.getBoundingClientRect();
      const at = [event.clientX - rect.left, event.clientY - rect.top, rect.width, rect.height] as const;
      const measure = ({ three }: { three: FeaturesModule }) => {
        if (this.viewContext !== context) return;
        const pick = three.pickSurface(context.view, ...at);
        const pair = pick && this.#mode.place(pick.point);
        if (!pair) return;
        const [from, to] = pair;
        const distance = three.distanceBetween(from, to);
        this.emit('measure', { from, to, distance, text: this.#mode.format(distance) });
        this.analytics.track('measure');
      };
      // the code that finds the point is loaded as the mode starts; a click before it arrived waits
      if (this.#tools) measure(this.#tools);
      else this.#loadTools(context).then(measure, () => undefined);
    };

    /** Moves the overlay's line, dots and label to where the points show now (every frame drawn). */
    #place(): void {
      const overlay = this.renderRoot.querySelector<HTMLElement>('[part~="measure"]');
      const context = this.viewContext;
      const tools = this.#tools;
      const canvas = this.#canvas();
      // points are only placed once the code that measures is loaded
      if (!overlay || !context || !tools || !canvas) return;
      const { width, height } = canvas.getBoundingClientRect();
      const { three } = tools;
      tools.overlay.placeOverlay(
        overlay,
        this.#mode.points.map((p) => three.screenPoint(context.view, p, width, height)),
      );
    }

    protected override renderFeatures(): unknown[] {
      const mode = this.#mode;
      const [a, b] = mode.points;
      const tools = this.#tools;
      const distance = a && b ? tools?.three.distanceBetween(a, b) : undefined;
      return [
        ...super.renderFeatures(),
        // only over a room on screen (not while loading, nor over an error); pressed over a room drawn in the
        // render worker, it draws the room on the page's thread, where measuring reads the scene
        this.roomShown ? mode.renderToggle('measure-button', true) : nothing,
        a && tools
          ? tools.overlay.measureOverlay(!!b, distance === undefined ? undefined : mode.format(distance))
          : nothing,
        this.measure ? mode.renderHint(distance) : nothing,
      ];
    }
  }
  return WithMeasure;
}
