/**
 * The working part of `<room-viewer>`'s measure mode (features/measure.ts holds its contract and the
 * cutaway): the mode shared with `<room-plan>` (points picked by a click, Esc, the toggle, the words and
 * the distance as text), the points followed by the drawing, the overlay placed where each frame drew
 * them, and the viewer's measure styles. A chunk fetched right after the first frame, for the toggle
 * over the room, or at once when `measure` is set (issue 33).
 */
import { nothing } from 'lit';
import type { Language } from '../../../internal/language.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import { MeasureMode, type MeasureHost } from '../../../features/measure/measure-mode.js';
import type { MeasureDetail } from '../../../events/measure.js';
import type { Vec3 } from '../../../model/types.js';
import type { DrawnFrame, ScreenSpot } from '../../../three/drawing.js';
import type { ViewerContext } from '../base.js';
import { viewerMeasureStyles } from './measure.styles.js';

export const styles = viewerMeasureStyles;

/** The measuring overlay (features/measure-overlay.ts): loaded as the mode first starts. */
const loadOverlay = lazyModule(() => import('./measure-overlay.js'));
type Overlay = typeof import('./measure-overlay.js');

/** No points. */
const NONE: readonly Vec3[] = [];
/** The measured points' anchor set in the drawing's frames. */
const KEY = 'measure';

/** The straight distance between two model-space points (cm). */
const distanceBetween = (a: Vec3, b: Vec3) => Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);

/** What the part reads of its viewer (features/measure.ts makes it). */
export interface MeasurePartHost {
  element: MeasureHost;
  lang(): Language;
  /** The room shown now (undefined: none). */
  context(): ViewerContext | undefined;
  /** A distance was measured: the `measure` event and the visitor's analytics. */
  measured(detail: MeasureDetail): void;
}

/** The part of one viewer, its words in the viewer's language. */
export const make = (host: MeasurePartHost): ViewerMeasurePart => new ViewerMeasurePart(host);

export class ViewerMeasurePart {
  readonly mode: MeasureMode<Vec3>;
  /** The overlay's code, once loaded. */
  #overlay?: Overlay;
  /** The points the drawing follows, the version of that set, and where the last frame put them. */
  #followed: readonly Vec3[] = [];
  #version = -1;
  #spots: ScreenSpot[] = [];

  constructor(private readonly host: MeasurePartHost) {
    this.mode = new MeasureMode<Vec3>(host.element, () => host.lang());
    host.element.addEventListener('pointerup', this.#onPointerUp);
  }

  /** A new room: nothing is followed yet. */
  viewReady(): void {
    this.#followed = [];
  }

  viewGone(): void {
    this.mode.points = [];
    this.#followed = [];
    this.#spots = [];
  }

  frame(frame: DrawnFrame): void {
    const answer = frame.anchors?.[KEY];
    if (!answer || answer.version !== this.#version) return;
    this.#spots = answer.spots;
    this.#place();
  }

  /** After the element's update: the overlay's code while measuring, the points followed, the overlay placed. */
  updated(): void {
    if (this.host.element.measure) this.#loadOverlay();
    this.#follow();
    // the overlay was just rendered: put it where the points were on screen in the last frame
    this.#place();
  }

  #loadOverlay(): void {
    if (this.#overlay) return;
    loadOverlay().then(
      (overlay) => {
        this.#overlay = overlay;
        this.host.element.requestUpdate();
      },
      () => undefined,
    );
  }

  /** The drawing follows the points placed now (the next frame says where they are). */
  #follow(): void {
    const drawing = this.host.context()?.drawing;
    const points = this.mode.points ?? NONE;
    if (!drawing || points === this.#followed) return;
    this.#followed = points;
    this.#spots = [];
    this.#version = drawing.setAnchors(
      KEY,
      points.length ? { specs: points.map((point) => ({ point })), occlude: false } : undefined,
    );
  }

  #onPointerUp = (event: PointerEvent) => {
    if (!this.mode.clicked(event)) return;
    const context = this.host.context();
    const canvas = this.host.element.shadowRoot?.querySelector('canvas');
    // only clicks on the room itself (not on the button, the floor switcher or a hotspot)
    if (!context || !canvas || event.composedPath()[0] !== canvas) return;
    const rect = canvas.getBoundingClientRect();
    const at = [event.clientX - rect.left, event.clientY - rect.top, rect.width, rect.height] as const;
    context.drawing.pickSurface(...at).then(
      (pick) => {
        if (this.host.context() !== context || !pick) return;
        const pair = this.mode.place(pick.point);
        this.host.element.requestUpdate();
        if (!pair) return;
        const [from, to] = pair;
        const distance = distanceBetween(from, to);
        this.host.measured({ from, to, distance, text: this.mode.format(distance) });
      },
      () => undefined,
    );
  };

  /** Moves the overlay's line, dots and label to where the last frame drew the points. */
  #place(): void {
    const overlay = this.host.element.shadowRoot?.querySelector<HTMLElement>('[part~="measure"]');
    if (!overlay || !this.#overlay || this.#spots.length !== this.mode.points.length) return;
    this.#overlay.placeOverlay(
      overlay,
      this.#spots.map((spot) => (spot ? { x: spot[0], y: spot[1] } : undefined)),
    );
  }

  /** The toggle (over a room `shown`), the overlay and the hint: always three places. */
  render(shown: boolean): unknown[] {
    const mode = this.mode;
    const [a, b] = mode.points;
    const overlay = this.#overlay;
    const distance = a && b ? distanceBetween(a, b) : undefined;
    return [
      // only over a room on screen (not while loading, nor over an error), on either thread
      shown ? mode.renderToggle('measure-button', true) : nothing,
      a && overlay
        ? overlay.measureOverlay(!!b, distance === undefined ? undefined : mode.format(distance))
        : nothing,
      this.host.element.measure ? mode.renderHint(distance) : nothing,
    ];
  }
}
