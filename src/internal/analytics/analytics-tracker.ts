/**
 * `room-analytics`, the part loaded after an element's first result is on screen (or at the visitor's
 * first input): `view` once at least half the element has been on screen for a second
 * (IntersectionObserver, threshold 0.5, and a one-second timer), `dwell` with the time in view when it
 * leaves the screen (scrolled away, the page hidden, the element removed), the visitor's first
 * `interaction`, a click in a hotspot, and whatever the element's features report through `track()`.
 * Every event carries the element's `experiment` and `tracking-tag` back, with the room or project
 * shown. What listens to the visitor from the start, and decides which method calls are the visitor's,
 * is analytics-controller.ts (in every element's first chunk); it hands its calls over here.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RoomAnalyticsDetail } from '../../events/room-analytics.js';

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

export interface TrackerOptions {
  /** The product hash of a component id a hotspot's `data-component-id` names (else it is given as it is). */
  productOf?(id: string): string | undefined;
}

export class AnalyticsTracker implements ReactiveController {
  #observer?: IntersectionObserver;
  #timer?: ReturnType<typeof setTimeout>;
  /** Since when (performance.now()) the element is in view, once that counted as a view. */
  #viewedAt?: number;
  #visible = false;
  #interacted = false;
  constructor(
    private readonly host: AnalyticsHost,
    private readonly options: TrackerOptions = {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.#onPageVisibility);
    if (typeof IntersectionObserver === 'function') {
      this.#observer = new IntersectionObserver(this.#onIntersect, { threshold: VIEW_THRESHOLD });
      this.#observer.observe(this.host);
    }
  }

  hostDisconnected(): void {
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
   * The visitor's trusted input on the element (analytics-controller.ts): a press or a key is the first
   * `interaction` (once; an element moved in the page keeps it), a click in one of the page's hotspots
   * (`slot="hotspot"`, `hotspot`: found by the controller from the event's path as it was dispatched) is
   * a `hotspot`.
   */
  input(type: string, hotspot?: HTMLElement): void {
    if (type === 'pointerdown' || type === 'keydown') {
      if (this.#interacted) return;
      this.#interacted = true;
      this.track('interaction');
    } else if (hotspot) {
      const id = hotspot.getAttribute('data-component-id')?.trim();
      this.track('hotspot', id ? { componentId: this.options.productOf?.(id) ?? id } : {});
    }
  }

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
