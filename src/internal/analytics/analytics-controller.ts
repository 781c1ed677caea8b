/**
 * `room-analytics`, one reactive controller for every element: `view` once at least half the element
 * has been on screen for a second (IntersectionObserver, threshold 0.5, and a one-second timer),
 * `dwell` with the time in view when it leaves the screen (scrolled away, the page hidden, the element
 * removed), the visitor's first `interaction` (a trusted press or key), and whatever the element's
 * features report through `track()` (a pick, a hotspot, a measure, a snapshot, full screen, an export,
 * add-to-cart). Every event carries the element's `experiment` and `tracking-tag` back, with the room
 * or project shown.
 *
 * Only the visitor's actions count: the features call `track()` from input handlers, and
 * `trackIfVisitor()` for methods a page calls (a snapshot, addToCart(), an export), which counts only
 * in the task of a trusted click, press or key on the element itself (or in its shadow tree or a
 * slotted hotspot). The page's transient user activation was not enough: it lasts 5 s after any click
 * anywhere, so a page's script calling toBlob() on a timer after an unrelated click counted as the
 * visitor's snapshot (issue 34). Setting a property or an attribute never fires anything. Nothing is
 * sent over the network: the page listens.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RoomAnalyticsDetail } from '../../events/room-analytics.js';
import { hotspotClick } from './hotspot-click.js';

/** How long (ms) at least half the element must stay on screen to count as a view. */
export const VIEW_DELAY = 1000;
/** The share of the element that must be on screen. */
export const VIEW_THRESHOLD = 0.5;

export type AnalyticsAction = RoomAnalyticsDetail['action'];

export type AnalyticsHost = ReactiveControllerHost &
  HTMLElement & {
    experiment?: string;
    trackingTag?: string;
    roomId?: string | number | null;
    projectId?: string | number | null;
  };

const text = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, 200) : undefined;
};

/** The visitor's input on the element that attributes a method call to them (in the same task). */
const VISITOR_INPUT = ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup'] as const;

export class AnalyticsController implements ReactiveController {
  #observer?: IntersectionObserver;
  #timer?: ReturnType<typeof setTimeout>;
  /** Since when (performance.now()) the element is in view, once that counted as a view. */
  #viewedAt?: number;
  #visible = false;
  #interacted = false;
  /** True from a trusted input event on the element until the end of its task (#onVisitorInput). */
  #answering = false;
  #answeringTimer?: ReturnType<typeof setTimeout>;
  constructor(
    private readonly host: AnalyticsHost,
    private readonly options: {
      /** The product hash of a component id a hotspot's `data-component-id` names (else it is given as it is). */
      productOf?(id: string): string | undefined;
    } = {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    // (an element moved in the page keeps its first interaction: it is still the same visit)
    this.host.addEventListener('pointerdown', this.#onInput, { capture: true });
    this.host.addEventListener('keydown', this.#onInput, { capture: true });
    this.host.addEventListener('click', this.#onClick);
    for (const type of VISITOR_INPUT)
      this.host.addEventListener(type, this.#onVisitorInput, { capture: true });
    document.addEventListener('visibilitychange', this.#onPageVisibility);
    if (typeof IntersectionObserver === 'function') {
      this.#observer = new IntersectionObserver(this.#onIntersect, { threshold: VIEW_THRESHOLD });
      this.#observer.observe(this.host);
    }
  }

  hostDisconnected(): void {
    this.host.removeEventListener('pointerdown', this.#onInput, { capture: true });
    this.host.removeEventListener('keydown', this.#onInput, { capture: true });
    this.host.removeEventListener('click', this.#onClick);
    for (const type of VISITOR_INPUT)
      this.host.removeEventListener(type, this.#onVisitorInput, { capture: true });
    clearTimeout(this.#answeringTimer);
    this.#answering = false;
    document.removeEventListener('visibilitychange', this.#onPageVisibility);
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#visible = false;
    this.#leave();
  }

  /** Fires `room-analytics` for a visitor's action (call from input handlers only). */
  track(action: AnalyticsAction, extra: Partial<RoomAnalyticsDetail> = {}): void {
    const host = this.host;
    const detail: RoomAnalyticsDetail = { action };
    const roomId = text(extra.roomId) ?? text(host.roomId);
    const projectId = text(extra.projectId) ?? text(host.projectId);
    const componentId = text(extra.componentId);
    const trackingTag = text(host.trackingTag) ?? text(extra.trackingTag);
    const experiment = text(host.experiment);
    if (roomId) detail.roomId = roomId;
    if (projectId) detail.projectId = projectId;
    if (componentId) detail.componentId = componentId;
    if (trackingTag) detail.trackingTag = trackingTag;
    if (experiment) detail.experiment = experiment;
    if (extra.duration !== undefined) detail.duration = Math.round(extra.duration);
    host.dispatchEvent(new CustomEvent('room-analytics', { detail, bubbles: true, composed: true }));
  }

  /**
   * `track()` for a method the page calls: counted only in the task of the visitor's own click, press
   * or key on this element (its buttons, a hotspot in it), never for a page's script on its own.
   */
  trackIfVisitor(action: AnalyticsAction, extra?: Partial<RoomAnalyticsDetail>): void {
    if (this.#answering) this.track(action, extra);
  }

  /**
   * A trusted input event reached the element (capture: before any handler of its own or of its
   * shadow tree runs): what runs in this task answers the visitor. Cleared in the next task; the
   * browser dispatches each input event in a task of its own.
   */
  #onVisitorInput = (event: Event) => {
    if (!event.isTrusted) return;
    this.#answering = true;
    clearTimeout(this.#answeringTimer);
    this.#answeringTimer = setTimeout(() => (this.#answering = false), 0);
  };

  #onInput = (event: Event) => {
    // a page's synthetic event is not the visitor's
    if (this.#interacted || !event.isTrusted) return;
    this.#interacted = true;
    this.track('interaction');
  };

  /** A visitor's click in one of the page's hotspots (`slot="hotspot"`): `hotspot`. */
  #onClick = (event: MouseEvent) => {
    if (!event.isTrusted) return;
    const hit = hotspotClick(this.host, event);
    if (!hit) return;
    const id = hit.hotspot.getAttribute('data-component-id')?.trim();
    this.track('hotspot', id ? { componentId: this.options.productOf?.(id) ?? id } : {});
  };

  #onIntersect = (entries: IntersectionObserverEntry[]) => {
    const entry = entries[entries.length - 1];
    if (!entry) return;
    this.#visible = entry.isIntersecting && entry.intersectionRatio >= VIEW_THRESHOLD;
    this.#update();
  };

  #onPageVisibility = () => this.#update();

  /** In view (half on screen, the page shown): a view after a second; out of view: the dwell. */
  #update(): void {
    const inView = this.#visible && document.visibilityState !== 'hidden';
    if (!inView) return this.#leave();
    if (this.#viewedAt !== undefined || this.#timer !== undefined) return;
    const since = performance.now();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#viewedAt = since;
      this.track('view');
    }, VIEW_DELAY);
  }

  #leave(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#viewedAt === undefined) return;
    const duration = performance.now() - this.#viewedAt;
    this.#viewedAt = undefined;
    this.track('dwell', { duration });
  }
}
