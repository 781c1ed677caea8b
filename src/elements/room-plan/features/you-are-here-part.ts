/**
 * `<room-plan for>`'s "you are here" at work (features/you-are-here.ts keeps the contract): the linked
 * `<room-tour>`'s stops on the floor shown, each a button, redrawn when the tour is built or moves on,
 * and the floor the tour went to shown. Made with the plan's parts, right after its first paint
 * (after-paint.ts; issue 33, the sixteenth round).
 */
import { nothing, svg } from 'lit';
import type { TourStop } from '../../../model/tour/types.js';
import type { PlanShown } from '../base.js';
import type { r as R } from '../drawing/svg.js';

/** What the plan needs of a tour (structural: no import of the element). */
interface LinkedTour extends HTMLElement {
  readonly tour?: { stops: TourStop[] };
  stop?: string;
  goTo(id: string): Promise<void>;
}

const isTour = (element: HTMLElement | undefined): element is LinkedTour =>
  !!element && typeof (element as Partial<LinkedTour>).goTo === 'function';

/** The tour's events that change what the plan draws. */
const TOUR_EVENTS = ['tour-ready', 'stop-change'] as const;

/** What the part asks of its plan. */
export interface YouAreHereHost {
  element: HTMLElement & { floor?: string; requestUpdate(): void };
  /** The element `for` names (sync.ts). */
  linked(): HTMLElement | undefined;
  /** The plan's number writer (drawing/svg.ts), handed in: this chunk imports nothing of the element's modules. */
  r: typeof R;
}

export class YouAreHerePart {
  #heard?: LinkedTour;

  constructor(private readonly host: YouAreHereHost) {}

  /** The tour's stops on the floor shown. */
  layers(shown: PlanShown): unknown[] {
    const tour = this.host.linked();
    if (!isTour(tour) || !tour.tour) return [];
    const stops = tour.tour.stops.filter((s) => s.floor === this.#floorShown());
    const { fit } = shown.drawing;
    const radius = Math.max(fit.width, fit.height) * 0.014;
    return [
      svg`<g class="tour-stops">${stops.map((stop) => {
        const current = stop.id === tour.stop;
        const go = () => void tour.goTo(stop.id).catch(() => undefined);
        return svg`<circle
          part=${current ? 'tour-stop tour-stop-current' : 'tour-stop'}
          class="tour-stop"
          role="button"
          tabindex="0"
          aria-label=${stop.name}
          aria-current=${current ? 'location' : nothing}
          data-stop=${stop.id}
          cx=${this.host.r(stop.position[0])}
          cy=${this.host.r(-stop.position[1])}
          r=${this.host.r(radius)}
          fill=${current ? '#1f5fbf' : '#fff'}
          stroke="#1f5fbf"
          stroke-width="2"
          vector-effect="non-scaling-stroke"
          style="cursor:pointer"
          @click=${(event: Event) => {
            event.stopPropagation();
            go();
          }}
          @keydown=${(event: KeyboardEvent) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            go();
          }}
        ><title>${stop.name}</title></circle>`;
      })}</g>`,
    ];
  }

  /** Hears the linked tour (or none): redraws the stops when it is built or moves on. */
  hear(tour: HTMLElement | undefined): void {
    const next = isTour(tour) ? tour : undefined;
    if (next === this.#heard) return;
    for (const name of TOUR_EVENTS) this.#heard?.removeEventListener(name, this.#redraw);
    this.#heard = next;
    for (const name of TOUR_EVENTS) next?.addEventListener(name, this.#redraw);
    if (next?.tour) this.#redraw();
  }

  /** The floor (index) the plan shows: its `floor` when an index, else the first. */
  #floorShown(): number {
    const { floor } = this.host.element;
    return floor !== undefined && /^\d+$/.test(floor.trim()) ? Number(floor) : 0;
  }

  #redraw = (): void => {
    // you are here on another floor (the tour went up or down the stairs): the plan shows that floor
    const tour = this.#heard;
    const stop = tour?.tour?.stops.find((s) => s.id === tour.stop);
    if (stop && stop.floor !== this.#floorShown()) this.host.element.floor = String(stop.floor);
    this.host.element.requestUpdate();
  };
}
