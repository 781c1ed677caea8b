/**
 * Watches whether the element is near the viewport (IntersectionObserver with a margin): `loading="lazy"`
 * starts the viewer when it first is, and the shared renderer skips views that are far off screen.
 * Without IntersectionObserver (old engines, server-side shims) everything counts as visible.
 */
export const NEAR_MARGIN = '200px';

export class VisibilityWatcher {
  #observer?: IntersectionObserver;
  visible = false;

  constructor(
    private readonly element: Element,
    private readonly onChange: (visible: boolean) => void,
  ) {}

  start(): void {
    if (this.#observer) return;
    if (typeof IntersectionObserver === 'undefined') {
      this.#set(true);
      return;
    }
    this.#observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) this.#set(entry.isIntersecting);
      },
      { rootMargin: NEAR_MARGIN },
    );
    this.#observer.observe(this.element);
  }

  stop(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
  }

  #set(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    this.onChange(visible);
  }
}
