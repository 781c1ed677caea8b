/**
 * `<room-plan>` feature: "you are here" for a `<room-tour>` named by `for` (docs/tour.md). The stop and
 * the view cone come from the tour's camera feed through the plan's sync feature (sync.ts: the tour
 * publishes the stop and where its panorama looks, every frame it turns); a click in a room already goes
 * there through the tour's `flyTo(area)`. This adds the tour's stops on the floor shown, each a button
 * (Tab, Enter or a click goes there), redrawn when the tour is built or moves on; and when the tour goes
 * to a stop on another floor (up or down its stairs) the plan shows that floor. A mixin over the plan's
 * features (needs PlanSync's `linkedViewer`).
 */
import { nothing, svg } from 'lit';
import type { Constructor } from '../../../internal/mixin.js';
import type { TourStop } from '../../../model/tour/types.js';
import type { PlanShown, RoomPlanBase } from '../base.js';
import { r } from '../drawing/svg.js';
import type { PlanSyncProperties } from './sync.js';

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

// the declared return type: the declaration build cannot name the anonymous class's private members
export function PlanYouAreHere<T extends Constructor<RoomPlanBase>>(Base: T): T {
  /**
   * @csspart tour-stop - A stop of the linked `<room-tour>` (`for`): a button on the plan (also `tour-stop-current` for the stop shown).
   * @csspart tour-stop-current - The stop the linked tour shows.
   */
  abstract class WithYouAreHere extends Base {
    #heard?: LinkedTour;

    protected override updated(): void {
      super.updated();
      this.#hear(this.#linked());
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#hear(undefined);
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      const layers = super.renderSvgLayers(shown);
      const tour = this.#linked();
      if (!isTour(tour) || !tour.tour) return layers;
      const stops = tour.tour.stops.filter((s) => s.floor === this.#floorShown());
      const { fit } = shown.drawing;
      const radius = Math.max(fit.width, fit.height) * 0.014;
      return [
        ...layers,
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
            cx=${r(stop.position[0])}
            cy=${r(-stop.position[1])}
            r=${r(radius)}
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

    /** The element `for` names, found by the sync feature under this one. */
    #linked(): HTMLElement | undefined {
      return (this as unknown as Partial<PlanSyncProperties>).linkedViewer;
    }

    /** Redraws the stops when the linked tour is built or moves on. */
    #hear(tour: HTMLElement | undefined): void {
      const next = isTour(tour) ? tour : undefined;
      if (next === this.#heard) return;
      for (const name of TOUR_EVENTS) this.#heard?.removeEventListener(name, this.#redraw);
      this.#heard = next;
      for (const name of TOUR_EVENTS) next?.addEventListener(name, this.#redraw);
      if (next?.tour) this.#redraw();
    }

    /** The floor (index) the plan shows: its `floor` when an index, else the first. */
    #floorShown(): number {
      return this.floor !== undefined && /^\d+$/.test(this.floor.trim()) ? Number(this.floor) : 0;
    }

    #redraw = (): void => {
      // you are here on another floor (the tour went up or down the stairs): the plan shows that floor
      const tour = this.#heard;
      const stop = tour?.tour?.stops.find((s) => s.id === tour.stop);
      if (stop && stop.floor !== this.#floorShown()) this.floor = String(stop.floor);
      this.requestUpdate();
    };
  }
  return WithYouAreHere;
}
