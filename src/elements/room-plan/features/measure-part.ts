/**
 * `<room-plan>`'s measure mode at work (features/measure.ts keeps the contract): the points picked and
 * snapped to the walls (snap.ts), the wall under the pointer, the measured line with its length, the
 * toggle among the zoom buttons and the hint. Made with the plan's parts, right after its first paint
 * (after-paint.ts; issue 33, the sixteenth round).
 */
import { nothing, svg, type ReactiveControllerHost } from 'lit';
import { MeasureMode } from '../../../features/measure/measure-mode.js';
import type { MeasureDetail } from '../../../events/measure.js';
import type { Vec2 } from '../../../model/types.js';
import type { PlanPartHost, PlanShown } from '../base.js';
import { r } from '../drawing/svg.js';
import { modelPointAt, unitsPerPixel } from '../view-box.js';
import { snapPoint, wallAt, wallLength } from './snap.js';

/** Text size of the measure labels on screen (CSS px), whatever the zoom. */
const LABEL_PX = 12;

/** The angle (degrees, SVG frame) that lays text along a–b, kept upright. */
function alongAngle(a: Vec2, b: Vec2): number {
  let angle = (Math.atan2(-(b[1] - a[1]), b[0] - a[0]) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  if (angle <= -90) angle += 180;
  return angle;
}

/** What the part asks of its plan (the mixin's closures over its protected members). */
export interface PlanMeasureHost extends PlanPartHost {
  element: ReactiveControllerHost & HTMLElement & { measure: boolean; units: string; renderRoot: ParentNode };
  /** Fires `measure` (and tells the analytics). */
  measured(detail: MeasureDetail): void;
}

export class PlanMeasurePart {
  /** Measured points (model coordinates). */
  readonly mode: MeasureMode<Vec2>;
  /** Where the pointer is (snapped), and the wall under it, while measuring. */
  #hover?: Vec2;
  #hoverWall = -1;

  constructor(private readonly host: PlanMeasureHost) {
    const { element } = host;
    this.mode = new MeasureMode<Vec2>(element, () => host.language.lang);
    element.addEventListener('pointermove', this.#onPointerMove);
    element.addEventListener('pointerup', this.#onPointerUp);
    element.addEventListener('pointerleave', this.leave);
  }

  /** Another plan, floor or design, or the mode turned off: points on the one before mean nothing here. */
  reset(): void {
    this.mode.points = [];
    this.#hover = undefined;
    this.#hoverWall = -1;
  }

  /** The pointer left the plan (or the mode ended): no wall or point under it. */
  leave = (): void => {
    if (this.#hover === undefined && this.#hoverWall < 0) return;
    this.#hover = undefined;
    this.#hoverWall = -1;
    this.host.element.requestUpdate();
  };

  /** The plan point under a pointer event and how many cm a CSS pixel is, or undefined off the plan. */
  #planPoint(event: PointerEvent): { point: Vec2; perPixel: number } | undefined {
    const shown = this.host.shown();
    const viewport = this.host.element.renderRoot.querySelector<HTMLElement>('[part~="viewport"]');
    if (!shown || !viewport || !event.composedPath().includes(viewport)) return undefined;
    const view = this.host.navigation.view ?? shown.drawing.fit;
    return modelPointAt(view, viewport.getBoundingClientRect(), event.clientX, event.clientY);
  }

  #onPointerMove = (event: PointerEvent) => {
    if (!this.host.element.measure) return;
    const shown = this.host.shown();
    const at = this.#planPoint(event);
    if (!shown || !at) return this.leave();
    this.#hover = snapPoint(shown.plan, at.point, at.perPixel).point;
    this.#hoverWall = wallAt(shown.plan, at.point, 4 * at.perPixel);
    this.host.element.requestUpdate();
  };

  #onPointerUp = (event: PointerEvent) => {
    if (!this.mode.clicked(event)) return;
    const shown = this.host.shown();
    const at = this.#planPoint(event);
    const pair = shown && at && this.mode.place(snapPoint(shown.plan, at.point, at.perPixel).point);
    if (!pair) return;
    const [a, b] = pair;
    const distance = Math.hypot(b[0] - a[0], b[1] - a[1]);
    this.host.measured({
      from: [a[0], a[1], 0],
      to: [b[0], b[1], 0],
      distance,
      text: this.mode.format(distance),
    });
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

  /** The wall under the pointer with its length, and the measured line. */
  layers(shown: PlanShown): unknown[] {
    const { element, navigation } = this.host;
    const measure = element.measure;
    if (!measure && !this.mode.points.length) return [];
    const viewport = element.renderRoot.querySelector<HTMLElement>('[part~="viewport"]');
    const view = navigation.view ?? shown.drawing.fit;
    const k = viewport ? unitsPerPixel(view, viewport.clientWidth, viewport.clientHeight) : 1;
    const wall = measure ? shown.plan.walls[this.#hoverWall] : undefined;
    const [a, b] = this.mode.points;
    // the line being measured: to the second point, or to the pointer after the first click
    const end = b ?? (measure ? this.#hover : undefined);
    const dot = (p: Vec2) => svg`<circle cx=${r(p[0])} cy=${r(-p[1])} r=${r(4 * k)}></circle>`;
    return [
      wall
        ? svg`<g class="measure-wall">
            <polygon points=${wall.polygon.map((p) => `${r(p[0])},${r(-p[1])}`).join(' ')}></polygon>
            ${this.#label(wall.start, wall.end, this.mode.format(wallLength(wall)), k, wall.thickness / 2 / k + 4, 'wall-length')}
          </g>`
        : nothing,
      a
        ? svg`<g part="measure" class=${b ? 'measure' : 'measure pending'}>
            ${end ? svg`<line x1=${r(a[0])} y1=${r(-a[1])} x2=${r(end[0])} y2=${r(-end[1])}></line>` : nothing}
            ${dot(a)} ${end ? dot(end) : nothing}
            ${end ? this.#label(a, end, this.mode.format(Math.hypot(end[0] - a[0], end[1] - a[1])), k, 6, 'measure-label') : nothing}
          </g>`
        : nothing,
    ];
  }

  /** The hint (what to do next, or the distance measured). */
  hint(): unknown {
    const [a, b] = this.mode.points;
    return this.mode.renderHint(a && b ? Math.hypot(b[0] - a[0], b[1] - a[1]) : undefined);
  }
}
