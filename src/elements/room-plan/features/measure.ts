/**
 * `<room-plan>` feature: the `measure` mode and wall lengths on hover. A mixin over RoomPlanBase (base.ts).
 */
import { nothing, svg, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { MeasureMode } from '../../../features/measure/measure-mode.js';
import type { Vec2 } from '../../../model/types.js';
import type { PlanShown, RoomPlanBase } from '../base.js';
import { snapPoint, wallAt, wallLength } from './snap.js';
import { r } from '../drawing/svg.js';
import { modelPointAt, unitsPerPixel } from '../view-box.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface PlanMeasureProperties {
  measure: boolean;
  clearMeasure(): void;
}

/** Text size of the measure labels on screen (CSS px), whatever the zoom. */
const LABEL_PX = 12;

/** The angle (degrees, SVG frame) that lays text along a–b, kept upright. */
function alongAngle(a: Vec2, b: Vec2): number {
  let angle = (Math.atan2(-(b[1] - a[1]), b[0] - a[0]) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  if (angle <= -90) angle += 180;
  return angle;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function PlanMeasure<T extends Constructor<RoomPlanBase>>(
  Base: T,
): T & Constructor<PlanMeasureProperties> {
  /**
   * @fires {CustomEvent<MeasureDetail>} measure - In `measure` mode, a second point was picked. Detail
   *   `{ from, to, distance, text }`: the points in model coordinates (centimetres; z is 0), the distance in
   *   centimetres and as shown (`units`, language).
   * @csspart measure - The measured line (SVG group over the plan) with its end points and distance.
   * @csspart wall-length - In `measure` mode, the length of the wall under the pointer, along the wall.
   * @csspart measure-hint - What to do next in `measure` mode (a live region).
   * @csspart control measure - The button that turns `measure` mode on and off (among the zoom controls).
   * @cssprop --room-plan-measure-color - Colour of measured lines, their labels and the hovered wall. Default `#c2410c`.
   * @cssstate measuring - `measure` mode is on.
   */
  abstract class WithMeasure extends Base {
    /**
     * Measure mode: a click (or tap) places a point, snapped to a wall's end or corner within a few pixels
     * (or else to its edge), a second one gives the distance (drawn, and the `measure` event); a third
     * starts again. The wall under the pointer shows its length. Dragging still pans. Esc clears the
     * points, and a second Esc leaves the mode.
     */
    @property({ type: Boolean, reflect: true }) measure = false;

    /** Measured points (model coordinates). */
    #mode = new MeasureMode<Vec2>(this, () => this.language.lang);
    /** Where the pointer is (snapped), and the wall under it, while measuring. */
    #hover?: Vec2;
    #hoverWall = -1;

    // a mixin's constructor must take any arguments
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.addEventListener('pointermove', this.#onPointerMove);
      this.addEventListener('pointerup', this.#onPointerUp);
      this.addEventListener('pointerleave', this.#onLeave);
    }

    /** Takes the measured points away (the mode stays on). */
    clearMeasure(): void {
      this.#mode.clear();
    }

    protected override planReady(shown: PlanShown): void {
      super.planReady(shown);
      // another plan, floor or design: points on the one before mean nothing here
      this.#mode.points = [];
      this.#hover = undefined;
      this.#hoverWall = -1;
    }

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      if (changed.has('measure')) {
        this.toggleState('measuring', this.measure);
        if (!this.measure) {
          this.#mode.points = [];
          this.#onLeave();
        }
      }
    }

    /** The plan point under a pointer event and how many cm a CSS pixel is, or undefined off the plan. */
    #planPoint(event: PointerEvent): { point: Vec2; perPixel: number } | undefined {
      const shown = this.planShown;
      const viewport = this.renderRoot.querySelector<HTMLElement>('[part~="viewport"]');
      if (!shown || !viewport || !event.composedPath().includes(viewport)) return undefined;
      const view = this.navigation.view ?? shown.drawing.fit;
      return modelPointAt(view, viewport.getBoundingClientRect(), event.clientX, event.clientY);
    }

    #onPointerMove = (event: PointerEvent) => {
      if (!this.measure) return;
      const shown = this.planShown;
      const at = this.#planPoint(event);
      if (!shown || !at) return this.#onLeave();
      this.#hover = snapPoint(shown.plan, at.point, at.perPixel).point;
      this.#hoverWall = wallAt(shown.plan, at.point, 4 * at.perPixel);
      this.requestUpdate();
    };

    #onLeave = () => {
      if (this.#hover === undefined && this.#hoverWall < 0) return;
      this.#hover = undefined;
      this.#hoverWall = -1;
      this.requestUpdate();
    };

    #onPointerUp = (event: PointerEvent) => {
      if (!this.#mode.clicked(event)) return;
      const shown = this.planShown;
      const at = this.#planPoint(event);
      const pair = shown && at && this.#mode.place(snapPoint(shown.plan, at.point, at.perPixel).point);
      if (!pair) return;
      const [a, b] = pair;
      const distance = Math.hypot(b[0] - a[0], b[1] - a[1]);
      this.emit('measure', {
        from: [a[0], a[1], 0],
        to: [b[0], b[1], 0],
        distance,
        text: this.#mode.format(distance),
      });
      this.analytics.track('measure');
    };

    /** A label of `text` at the middle of a–b, along it, lifted `lift` CSS px off it. */
    #label(a: Vec2, b: Vec2, text: string, k: number, lift: number, part: string) {
      const angle = alongAngle(a, b);
      const mx = (a[0] + b[0]) / 2;
      const my = -(a[1] + b[1]) / 2;
      return svg`<text part=${part} class="measure-text" direction="ltr" unicode-bidi="isolate" x=${r(mx)} y=${r(my)} dy=${r(-lift * k)}
        font-size=${r(LABEL_PX * k)} text-anchor="middle"
        transform=${`rotate(${r(angle)} ${r(mx)} ${r(my)})`}>${text}</text>`;
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      const layers = super.renderSvgLayers(shown);
      if (!this.measure && !this.#mode.points.length) return layers;
      const viewport = this.renderRoot.querySelector<HTMLElement>('[part~="viewport"]');
      const view = this.navigation.view ?? shown.drawing.fit;
      const k = viewport ? unitsPerPixel(view, viewport.clientWidth, viewport.clientHeight) : 1;
      const wall = this.measure ? shown.plan.walls[this.#hoverWall] : undefined;
      const [a, b] = this.#mode.points;
      // the line being measured: to the second point, or to the pointer after the first click
      const end = b ?? (this.measure ? this.#hover : undefined);
      const dot = (p: Vec2) => svg`<circle cx=${r(p[0])} cy=${r(-p[1])} r=${r(4 * k)}></circle>`;
      return [
        ...layers,
        wall
          ? svg`<g class="measure-wall">
              <polygon points=${wall.polygon.map((p) => `${r(p[0])},${r(-p[1])}`).join(' ')}></polygon>
              ${this.#label(wall.start, wall.end, this.#mode.format(wallLength(wall)), k, wall.thickness / 2 / k + 4, 'wall-length')}
            </g>`
          : nothing,
        a
          ? svg`<g part="measure" class=${b ? 'measure' : 'measure pending'}>
              ${end ? svg`<line x1=${r(a[0])} y1=${r(-a[1])} x2=${r(end[0])} y2=${r(-end[1])}></line>` : nothing}
              ${dot(a)} ${end ? dot(end) : nothing}
              ${end ? this.#label(a, end, this.#mode.format(Math.hypot(end[0] - a[0], end[1] - a[1])), k, 6, 'measure-label') : nothing}
            </g>`
          : nothing,
      ];
    }

    protected override renderControls(): unknown[] {
      return [...super.renderControls(), this.#mode.renderToggle('control measure', false)];
    }

    protected override renderFeatures(): unknown[] {
      if (!this.measure) return super.renderFeatures();
      const [a, b] = this.#mode.points;
      return [
        ...super.renderFeatures(),
        this.#mode.renderHint(a && b ? Math.hypot(b[0] - a[0], b[1] - a[1]) : undefined),
      ];
    }
  }
  return WithMeasure;
}
