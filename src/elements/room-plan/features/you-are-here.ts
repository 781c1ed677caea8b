/**
 * `<room-plan>` feature: "you are here" for a `<room-tour>` named by `for` (docs/tour.md). The stop and
 * the view cone come from the tour's camera feed through the plan's sync feature (sync.ts: the tour
 * publishes the stop and where its panorama looks, every frame it turns); a click in a room already goes
 * there through the tour's `flyTo(area)`. This adds the tour's stops on the floor shown, each a button
 * (Tab, Enter or a click goes there), redrawn when the tour is built or moves on; and when the tour goes
 * to a stop on another floor (up or down its stairs) the plan shows that floor. A mixin over the plan's
 * features (needs PlanSync's `linkedViewer`). The working code (you-are-here-part.ts) comes with the
 * link's (sync-part.ts).
 */
import type { Constructor } from '../../../internal/mixin.js';
import type { PlanShown, RoomPlanBase } from '../base.js';
// types only: the code comes with the link's (sync-part.ts), which a linked element implies
import type { YouAreHerePart } from './you-are-here-part.js';
import { loadLink, type PlanSyncProperties } from './sync.js';
import { r } from '../drawing/svg.js';

// the declared return type: the declaration build cannot name the anonymous class's private members
export function PlanYouAreHere<T extends Constructor<RoomPlanBase>>(Base: T): T {
  /**
   * @csspart tour-stop - A stop of the linked `<room-tour>` (`for`): a button on the plan (also `tour-stop-current` for the stop shown).
   * @csspart tour-stop-current - The stop the linked tour shows.
   */
  abstract class WithYouAreHere extends Base {
    #part?: YouAreHerePart;

    protected override updated(): void {
      super.updated();
      const linked = this.#linked();
      if (this.#part || !linked) this.#part?.hear(linked);
      // the link's chunk is in (it found the element): a tour's stops come with it
      else
        loadLink().then(
          (code) => {
            this.#part ??= new code.YouAreHerePart({ element: this, linked: () => this.#linked(), r });
            this.#part.hear(this.#linked());
            this.requestUpdate();
          },
          () => undefined,
        );
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      this.#part?.hear(undefined);
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      return [...super.renderSvgLayers(shown), ...(this.#part?.layers(shown) ?? [])];
    }

    /** The element `for` names, found by the sync feature under this one. */
    #linked(): HTMLElement | undefined {
      return (this as unknown as Partial<PlanSyncProperties>).linkedViewer;
    }
  }
  return WithYouAreHere;
}
