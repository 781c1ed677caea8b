/**
 * `<room-viewer>` feature: `cutaway` and the `measure` mode. A mixin over RoomViewerBase (base.ts).
 */
import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { MeasureMode } from '../../../features/measure/measure-mode.js';
import type { Vec3 } from '../../../model/types.js';
import type { DrawnFrame, ScreenSpot } from '../../../three/drawing.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { afterFirstFrame, LazyPart } from './lazy-part.js';

/** The measuring overlay (features/measure-overlay.ts): loaded as the mode first starts. */
const loadOverlay = lazyModule(() => import('./measure-overlay.js'));
type Overlay = typeof import('./measure-overlay.js');
/** The mode itself with its styles (features/measure-part.ts): after the first frame, or as it starts. */
const loadPart = lazyModule(() => import('./measure-part.js'));
/** No points. */
const NONE: readonly Vec3[] = [];

/** Section height of lowered walls (cm) when the page gives none (src/three/cutaway.ts's default). */
const CUTAWAY_HEIGHT = 100;
/** The measured points' anchor set in the drawing's frames. */
const KEY = 'measure';

/** The straight distance between two model-space points (cm). */
const distanceBetween = (a: Vec3, b: Vec3) => Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);

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
    /** The overlay's code, once loaded. */
    #overlay?: Overlay;
    /** The mode (its toggle, points and words), once its part arrived. */
    #part = new LazyPart(this, { element: this, lang: () => this.language.lang }, loadPart);
    get #mode(): MeasureMode<Vec3> | undefined {
      return this.#part.value;
    }
    /** The points the drawing follows, the version of that set, and where the last frame put them. */
    #followed: readonly Vec3[] = [];
    #version = -1;
    #spots: ScreenSpot[] = [];

    // a mixin's constructor must take any arguments
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.addEventListener('pointerup', this.#onPointerUp);
    }

    /** Takes the measured points away (the mode stays on). */
    clearMeasure(): void {
      this.#mode?.clear();
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.#cut = undefined;
      this.#followed = [];
      this.#applyCutaway();
      // turned on while the room was loading
      if (this.measure) this.#loadOverlay();
      // the toggle over the room comes with the mode's part, right after the first frame
      else if (!this.#mode) this.#waitingForFrame = true;
    }

    protected override viewGone(): void {
      this.#cut = undefined;
      if (this.#mode) this.#mode.points = [];
      this.#followed = [];
      this.#spots = [];
      super.viewGone();
    }

    protected override featuresAtStart(): boolean {
      return super.featuresAtStart() || this.cutaway || this.measure;
    }

    /** The part is to come after the room's first frame. */
    #waitingForFrame = false;

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      if (this.#waitingForFrame && frame.frames === 1) {
        this.#waitingForFrame = false;
        afterFirstFrame(() => this.#part.start());
      }
      const answer = frame.anchors?.[KEY];
      if (!answer || answer.version !== this.#version) return;
      this.#spots = answer.spots;
      this.#place();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('cutaway') || changed.has('cutawayHeight')) this.#applyCutaway();
      if (changed.has('measure')) {
        this.toggleState('measuring', this.measure);
        if (!this.measure) this.clearMeasure();
        // the overlay is loaded as the mode starts
        else this.#loadOverlay();
      }
      this.#follow();
      // the overlay was just rendered: put it where the points were on screen in the last frame
      this.#place();
    }

    #loadOverlay(): void {
      // the mode itself first (a failure: tried again as the mode starts next)
      this.#part.start();
      if (this.#overlay) return;
      loadOverlay().then(
        (overlay) => {
          this.#overlay = overlay;
          this.requestUpdate();
        },
        () => undefined,
      );
    }

    /** The drawing follows the points placed now (the next frame says where they are). */
    #follow(): void {
      const drawing = this.viewContext?.drawing;
      const points = this.#mode?.points ?? NONE;
      if (!drawing || points === this.#followed) return;
      this.#followed = points;
      this.#spots = [];
      this.#version = drawing.setAnchors(
        KEY,
        points.length ? { specs: points.map((point) => ({ point })), occlude: false } : undefined,
      );
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

    #canvas(): HTMLCanvasElement | null {
      return this.renderRoot.querySelector('canvas');
    }

    #onPointerUp = (event: PointerEvent) => {
      if (!this.#mode?.clicked(event)) return;
      const context = this.viewContext;
      const canvas = this.#canvas();
      // only clicks on the room itself (not on the button, the floor switcher or a hotspot)
      if (!context || !canvas || event.composedPath()[0] !== canvas) return;
      const rect = canvas.getBoundingClientRect();
      const at = [event.clientX - rect.left, event.clientY - rect.top, rect.width, rect.height] as const;
      context.drawing.pickSurface(...at).then(
        (pick) => {
          if (this.viewContext !== context || !pick) return;
          const mode = this.#mode;
          const pair = mode?.place(pick.point);
          this.requestUpdate();
          if (!pair) return;
          const [from, to] = pair;
          const distance = distanceBetween(from, to);
          this.emit('measure', { from, to, distance, text: mode!.format(distance) });
          this.analytics.track('measure');
        },
        () => undefined,
      );
    };

    /** Moves the overlay's line, dots and label to where the last frame drew the points. */
    #place(): void {
      const overlay = this.renderRoot.querySelector<HTMLElement>('[part~="measure"]');
      if (!overlay || !this.#overlay || this.#spots.length !== (this.#mode?.points.length ?? 0)) return;
      this.#overlay.placeOverlay(
        overlay,
        this.#spots.map((spot) => (spot ? { x: spot[0], y: spot[1] } : undefined)),
      );
    }

    protected override renderFeatures(): unknown[] {
      const mode = this.#mode;
      // the same three places before the part arrived: what other features render after them stays in
      // place (Lit matches an array's items by position)
      if (!mode) return [...super.renderFeatures(), nothing, nothing, nothing];
      const [a, b] = mode.points;
      const overlay = this.#overlay;
      const distance = a && b ? distanceBetween(a, b) : undefined;
      return [
        ...super.renderFeatures(),
        // only over a room on screen (not while loading, nor over an error), on either thread
        this.roomShown ? mode.renderToggle('measure-button', true) : nothing,
        a && overlay
          ? overlay.measureOverlay(!!b, distance === undefined ? undefined : mode.format(distance))
          : nothing,
        this.measure ? mode.renderHint(distance) : nothing,
      ];
    }
  }
  return WithMeasure;
}
