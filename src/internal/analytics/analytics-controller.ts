/**
 * `room-analytics`, one reactive controller for every element, in two parts (issue 35's bytes): this
 * one, in every element's first chunk, hears the visitor from the start and decides what is theirs;
 * the tracker (analytics-tracker.ts: view, dwell, the events' details) is loaded after the element's
 * first result is on screen (its state left `loading`, then a second and an idle moment), or at
 * once when something must be counted before that. Calls made before it arrives wait in order and
 * lose nothing; a tracker that cannot be loaded costs the page nothing but its analytics.
 *
 * Only the visitor's actions count: the features call `track()` from input handlers, and
 * `trackIfVisitor()` for methods a page calls (a snapshot, addToCart(), an export), which counts only
 * in the task of a trusted click, press or key on the element itself (or in its shadow tree or a
 * slotted hotspot). The page's transient user activation was not enough: it lasts 5 s after any click
 * anywhere, so a page's script calling toBlob() on a timer after an unrelated click counted as the
 * visitor's snapshot (issue 34). Setting a property or an attribute never fires anything. Nothing is
 * sent over the network: the page listens.
 */
import type { ReactiveController } from 'lit';
import type { RoomAnalyticsDetail } from '../../events/room-analytics.js';
import { lazyModule } from '../lazy-module.js';
import { afterResult } from './after-result.js';
import { hotspotClick } from './hotspot-click.js';
import type { AnalyticsHost, AnalyticsTracker, TrackerOptions } from './analytics-tracker.js';

export type { AnalyticsHost } from './analytics-tracker.js';
export type AnalyticsAction = RoomAnalyticsDetail['action'];

/** The visitor's input on the element: it attributes a method call in its task to them. */
const VISITOR_INPUT = ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup'];

const loadTracker = lazyModule(() => import('./analytics-tracker.js'));

/** A call for the tracker, kept until it arrived. */
type Call = (tracker: AnalyticsTracker) => void;

/** What an element counts `room-analytics` through: this controller, or analytics-later.ts's stand-in. */
export interface Analytics {
  track(action: AnalyticsAction, extra?: Partial<RoomAnalyticsDetail>): void;
  trackIfVisitor(action: AnalyticsAction, extra?: Partial<RoomAnalyticsDetail>): void;
  readonly answeringVisitor: boolean;
  stateChanged(state: string): void;
}

export class AnalyticsController implements ReactiveController, Analytics {
  #tracker?: AnalyticsTracker;
  /** Calls made before the tracker arrived, in order. */
  #queue: Call[] = [];
  #loading = false;
  /** The element's first result is on screen (a state other than `loading` was set). */
  #settled = false;
  /**
   * The wait for the tracker after the first result: a second (what a `view` waits for anyway; the page's
   * own work around its first paint comes first, on a slow phone too), then an idle moment (2 s at most).
   */
  #wait?: ReturnType<typeof setTimeout>;
  /** True from a trusted input event on the element until the end of its task (#onInput). */
  #answering = false;

  /** Whether a state means the element's first result is on screen (settlesWhen). */
  #settles = (state: string): boolean => state !== 'loading';

  constructor(
    private readonly host: AnalyticsHost,
    private readonly options: TrackerOptions = {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    for (const type of VISITOR_INPUT) this.host.addEventListener(type, this.#onInput, true);
    if (this.#settled) this.#waitForTracker();
  }

  hostDisconnected(): void {
    for (const type of VISITOR_INPUT) this.host.removeEventListener(type, this.#onInput, true);
    this.#answering = false;
    // a removed element is not held until the wait ends
    clearTimeout(this.#wait);
    this.#wait = undefined;
  }

  /**
   * Which states mean the element's first result is on screen (the tracker may come a second after one):
   * any but `loading` unless the element says otherwise. The viewer's is its first frame (`loaded`), an
   * error or a held poster, not its `idle` before it nears the viewport or has a source (issue 33: asked
   * for by a timer from `idle`, the tracker came before the first frame in some runs).
   */
  settlesWhen(rule: (state: string) => boolean): void {
    this.#settles = rule;
  }

  /**
   * The element's state changed (RoomElement.setState): once its first result is on screen (a state
   * other than `loading`), the tracker comes, so `view` and `dwell` count without the first result
   * waiting for its bytes.
   */
  stateChanged(state: string): void {
    if (this.#settled || !this.#settles(state)) return;
    this.#settled = true;
    this.#waitForTracker();
  }

  #waitForTracker(): void {
    if (this.#tracker || this.#loading || this.#wait) return;
    this.#wait = afterResult(() => this.#call());
  }

  /** Fires `room-analytics` for a visitor's action (call from input handlers only). */
  track(action: AnalyticsAction, extra: Partial<RoomAnalyticsDetail> = {}): void {
    this.#call((tracker) => tracker.track(action, extra));
  }

  /**
   * True in the task of the visitor's own click, press or key on this element: a change asked for now is
   * the visitor's (the change log, issue 37, tells it as source `user` and counts it once it is made).
   */
  get answeringVisitor(): boolean {
    return this.#answering;
  }

  /**
   * `track()` for a method the page calls: counted only in the task of the visitor's own click, press
   * or key on this element (its buttons, a hotspot in it), never for a page's script on its own.
   */
  trackIfVisitor(action: AnalyticsAction, extra?: Partial<RoomAnalyticsDetail>): void {
    if (this.#answering) this.track(action, extra);
  }

  /**
   * A trusted input event reached the element (capture: before any handler of its own, its shadow
   * tree's or a hotspot's runs): what runs in this task answers the visitor, until the next task (the
   * browser dispatches each input event in a task of its own). The tracker hears it too (the first
   * interaction, a click in a hotspot), with the event's path read now, while it is dispatched.
   */
  #onInput = (event: Event) => {
    if (!event.isTrusted) return;
    this.#answering = true;
    setTimeout(() => (this.#answering = false));
    this.heard(event.type, event.composedPath());
  };

  /**
   * The visitor's trusted input of `type` (its path read as it was dispatched), for the tracker: with the
   * hotspot a click landed in, found here (hotspot-click.ts, which the cart shares: the tracker's chunk
   * then needs nothing of another element's code).
   */
  heard(type: string, path: EventTarget[]): void {
    const hit = type === 'click' ? hotspotClick(this.host, { composedPath: () => path } as Event) : undefined;
    this.#call((tracker) => tracker.input(type, hit?.hotspot));
  }

  /** `call` for the tracker (none: it is only loaded), at once when it is here, else once it arrived. */
  #call(call?: Call): void {
    if (this.#tracker) return call?.(this.#tracker);
    if (call) this.#queue.push(call);
    if (this.#loading) return;
    this.#loading = true;
    clearTimeout(this.#wait);
    this.#wait = undefined;
    loadTracker().then(
      ({ AnalyticsTracker }) => {
        // a controller of its own: connected now if the element is, and with it from then on
        this.#tracker = new AnalyticsTracker(this.host, this.options);
        for (const waiting of this.#queue.splice(0)) waiting(this.#tracker);
      },
      () => {
        // no analytics for now (the next call tries again); the element works on
        this.#loading = false;
        this.#queue.length = 0;
      },
    );
  }
}
