/**
 * `<room-viewer>`'s floor switcher, fetched when a plan with floors to switch is shown (an FML source): a
 * room's first frame has none and does without its code (issue 33, the fifteenth round).
 */
import { nothing, type ReactiveElement } from 'lit';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { floorSwitcher } from '../../../features/model-source/floor-switcher.js';

const loadSwitcher = lazyModule(() => import('../../../features/model-source/floor-switcher.js'));

export class FloorSwitcherLater {
  #code?: typeof floorSwitcher;

  constructor(private readonly host: ReactiveElement) {}

  /** The switcher as floor-switcher.ts renders it; nothing while its code is on its way (drawn once it is here). */
  render(options: Parameters<typeof floorSwitcher>[0]): unknown {
    if (this.#code) return this.#code(options);
    if (!options.plan || options.plan.floors.length < 2) return nothing;
    loadSwitcher().then(
      (module) => {
        this.#code = module.floorSwitcher;
        this.host.requestUpdate();
      },
      // a failed fetch: no switcher (`floor` still works); the next render tries again
      () => undefined,
    );
    return nothing;
  }
}
