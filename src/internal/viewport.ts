/**
 * Viewport watching over two page-wide IntersectionObservers shared by every element (one observer for
 * many targets is much cheaper than one per element):
 * - `near`: within NEAR_MARGIN of the viewport: time to fetch, so the element is ready when it scrolls in
 *   (`loading="lazy"` starts here; the shared renderer keeps drawing views this close).
 * - `visible`: actually in the viewport (zero margin): time to spend a live WebGL viewer.
 * Without IntersectionObserver (old engines, server-side shims) everything counts as near and visible.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export const NEAR_MARGIN = '300px';

export interface ViewportCallbacks {
  near?(near: boolean): void;
  visible?(visible: boolean): void;
}

type Host = ReactiveControllerHost & HTMLElement;

const watchers = new Map<Element, Set<ViewportController>>();
let nearObserver: IntersectionObserver | undefined;
let visibleObserver: IntersectionObserver | undefined;

function observers(): [IntersectionObserver, IntersectionObserver] {
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        for (const c of watchers.get(entry.target) ?? []) c.setNear(entry.isIntersecting);
      }
    },
    { rootMargin: NEAR_MARGIN },
  );
  visibleObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      for (const c of watchers.get(entry.target) ?? []) c.setVisible(entry.isIntersecting);
    }
  });
  return [nearObserver, visibleObserver];
}

export class ViewportController implements ReactiveController {
  #near = false;
  #visible = false;

  constructor(
    private readonly host: Host,
    private readonly callbacks: ViewportCallbacks = {},
  ) {
    host.addController(this);
  }

  get near(): boolean {
    return this.#near;
  }

  get visible(): boolean {
    return this.#visible;
  }

  hostConnected(): void {
    if (typeof IntersectionObserver === 'undefined') {
      // nothing tells us otherwise: count as on screen (after this connect, as an observer would)
      queueMicrotask(() => {
        if (!this.host.isConnected) return;
        this.setNear(true);
        this.setVisible(true);
      });
      return;
    }
    let set = watchers.get(this.host);
    if (!set) watchers.set(this.host, (set = new Set()));
    set.add(this);
    for (const observer of observers()) observer.observe(this.host);
  }

  hostDisconnected(): void {
    // off the page nothing is near or visible; said silently, as the element is leaving anyway. When it
    // comes back (a move, or a later insert) the observers report afresh and the callbacks fire again.
    this.#near = false;
    this.#visible = false;
    const set = watchers.get(this.host);
    set?.delete(this);
    if (set && set.size === 0) {
      watchers.delete(this.host);
      nearObserver?.unobserve(this.host);
      visibleObserver?.unobserve(this.host);
    }
  }

  /** @internal called by the shared observers */
  setNear(near: boolean): void {
    if (near === this.#near) return;
    this.#near = near;
    this.callbacks.near?.(near);
  }

  /** @internal called by the shared observers */
  setVisible(visible: boolean): void {
    if (visible === this.#visible) return;
    this.#visible = visible;
    this.callbacks.visible?.(visible);
  }
}
