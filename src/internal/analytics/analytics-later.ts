/**
 * `room-analytics` of an element whose first chunk does not carry the controller (analytics-controller.ts):
 * the gallery's, whose first cards are the page's first result (issue 35: the controller was about 0.4 KB
 * gzip of the 20 KB a CDN gallery may load before them). This stand-in only records: the visitor's trusted
 * presses, keys and clicks on the element (with their paths, read as they are dispatched) and the
 * element's `track()` calls, in order. Once the element's first result is on screen (a state other than
 * `loading`), a second and an idle moment later (after-result.ts), it loads the controller (on the CDN with the other elements' `kit`, which the gallery's list
 * client brings after its first cards anyway) and hands everything over as it happened; from then on the
 * controller hears the visitor itself. So a press on the skeleton cards still counts as the first
 * `interaction`. What counts only in the task of the visitor's own input (`trackIfVisitor()`,
 * `answeringVisitor`) needs the controller from the start: an element with such methods sets
 * `RoomElement.analyticsController` to it (the viewer, the plan, the panorama, the tour, the export button).
 */
import type { RoomAnalyticsDetail } from '../../events/room-analytics.js';
import type { Analytics, AnalyticsAction, AnalyticsController } from './analytics-controller.js';
import type { AnalyticsHost, TrackerOptions } from './analytics-tracker.js';
import type { ReactiveController } from 'lit';
import { afterResult } from './after-result.js';

/** The visitor's input the tracker reads (the first `interaction`, a click in a hotspot). */
const INPUT = ['pointerdown', 'keydown', 'click'];
/** At most this many records wait for the controller (presses before a first result that never comes). */
const MAX_WAITING = 32;

type Call = (controller: AnalyticsController) => void;

export class AnalyticsLater implements Analytics, ReactiveController {
  #controller?: AnalyticsController;
  /** The wait for the controller after the first result; a removed element cancels it (not held by it). */
  #wait?: ReturnType<typeof setTimeout>;
  #waiting: Call[] = [];
  /** The state the element's first result was shown in, once it was: the controller is loaded then. */
  #settled?: string;
  #loading?: boolean;

  constructor(
    private readonly host: AnalyticsHost,
    private readonly options: TrackerOptions = {},
  ) {
    host.addController(this);
    // the element's own listeners (they go with it): once the controller is here it listens itself
    for (const type of INPUT)
      host.addEventListener(
        type,
        (event) => {
          const path = event.isTrusted && !this.#controller && event.composedPath();
          if (path) this.#hand((controller) => controller.heard(type, path));
        },
        true,
      );
  }

  hostConnected(): void {
    if (this.#settled && !this.#controller) this.#waitForController();
  }

  hostDisconnected(): void {
    // a removed element is not held until the wait ends (the leak test: a gallery's whole shadow tree a round)
    clearTimeout(this.#wait);
  }

  track(action: AnalyticsAction, extra?: Partial<RoomAnalyticsDetail>): void {
    this.#hand((controller) => controller.track(action, extra));
  }

  /** Never the visitor's here: an element whose methods count only the visitor's takes the controller. */
  trackIfVisitor(): void {}

  readonly answeringVisitor = false;

  stateChanged(state: string): void {
    if (this.#controller) return this.#controller.stateChanged(state);
    if (this.#settled || state === 'loading') return;
    this.#settled = state;
    this.#waitForController();
  }

  /** Not with the first result: as the controller waits for its tracker (a second, an idle moment). */
  #waitForController(): void {
    clearTimeout(this.#wait);
    this.#wait = afterResult(() => this.#load());
  }

  /** The controller, once the first result was shown (at once for something to count after it). */
  #load(): void {
    const state = this.#settled;
    if (!state || this.#loading) return;
    this.#loading = true;
    import('./analytics-controller.js').then(
      ({ AnalyticsController }) => {
        // connected at once if the element is (addController), and with it from then on
        const controller = (this.#controller ??= new AnalyticsController(this.host, this.options));
        for (const call of this.#waiting.splice(0)) call(controller);
        controller.stateChanged(state);
      },
      // no analytics for now: the next state the element shows tries again (what waits is kept)
      () => (this.#settled = this.#loading = undefined),
    );
  }

  /**
   * `call` for the controller: at once when it is here, else kept (bounded) until it is; after the first
   * result it is asked for at once (as the controller asks for its tracker).
   */
  #hand(call: Call): void {
    if (this.#controller) return call(this.#controller);
    if (this.#waiting.length < MAX_WAITING) this.#waiting.push(call);
    this.#load();
  }
}
