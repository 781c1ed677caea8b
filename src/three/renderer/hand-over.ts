/**
 * The canvas hand-over: when exactly one view is on screen (the common page: one viewer) and a GPU
 * draws, that view is given the WebGL canvas itself, laid over its own canvas, and is drawn straight
 * into it (no copy, no second buffer of its size), as model-viewer's Renderer does. A second view coming
 * on screen takes the canvas back off the page (the first view is then drawn by copy again); so does
 * the view leaving. Which views are on screen is watched by one IntersectionObserver.
 */
import type { WebGLRenderer } from 'three';
import { IN_DOCUMENT, type RenderView } from './render-view.js';
import { drawsInSoftware } from './software.js';

export class CanvasHandOver {
  /**
   * `true`, `false`, or `'auto'` (the default): hand over when the context is drawn by a GPU, copy
   * when a software rasteriser draws it (see SharedRenderer.handOverCanvas, which sets this).
   */
  static policy: boolean | 'auto' = 'auto';

  /** The one view on screen, which has the WebGL canvas itself. */
  #solo?: RenderView;
  /**
   * Which views' canvases are in the viewport (no margin: `visible` means near, this means seen); a
   * change asks for a frame, which hands the canvas over.
   */
  readonly #seen = new Set<RenderView>();
  readonly #byCanvas = new WeakMap<Element, RenderView>();
  #observer?: IntersectionObserver;
  #software?: boolean;

  constructor(
    private readonly renderer: WebGLRenderer,
    private readonly canvas: HTMLCanvasElement,
    private readonly views: ReadonlySet<RenderView>,
    private readonly request: () => void,
  ) {}

  /**
   * Whether a software rasteriser draws the context (read once): the `'auto'` hand-over policy
   * copies there. Where the browser hides the renderer's name, it counts as a GPU.
   */
  get softwareRendering(): boolean {
    this.#software ??= drawsInSoftware(this.renderer);
    return this.#software;
  }

  /** Whether the hand-over is on now (the policy, with `'auto'` decided for this context). */
  get handsOver(): boolean {
    // a worker's canvas cannot be laid over a view's: it is on no page
    if (!IN_DOCUMENT) return false;
    const policy = CanvasHandOver.policy;
    return policy === 'auto' ? !this.softwareRendering : policy;
  }

  /** The view that has the WebGL canvas itself, if one does. */
  get solo(): RenderView | undefined {
    return this.#solo;
  }

  /** Starts watching whether the view's canvas is on screen. */
  watch(view: RenderView): void {
    if (typeof IntersectionObserver === 'undefined') return;
    this.#observer ??= new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const seen = this.#byCanvas.get(entry.target);
        if (!seen || !this.views.has(seen)) continue;
        if (entry.isIntersecting) this.#seen.add(seen);
        else this.#seen.delete(seen);
      }
      this.request();
    });
    this.#byCanvas.set(view.target.canvas, view);
    this.#observer.observe(view.target.canvas);
  }

  /** The view left the renderer: no longer watched, and it gives the canvas back if it had it. */
  unwatch(view: RenderView): void {
    this.#seen.delete(view);
    this.#observer?.unobserve(view.target.canvas);
    if (this.#solo === view) this.setSolo(undefined);
  }

  /** The one view on screen, if exactly one is (without IntersectionObserver: near it). */
  onlyOnScreen(): RenderView | undefined {
    if (!this.handsOver) return undefined;
    const onScreen = this.#observer ? [...this.#seen] : [...this.views].filter((v) => v.visible);
    const only = onScreen.length === 1 ? onScreen[0]! : undefined;
    // a view whose own canvas is not in a document (between a move's two halves) cannot hold ours
    return only && only.visible && only.target.canvas.isConnected ? only : undefined;
  }

  /** Gives `view` the WebGL canvas (laid over its own), or takes it back off the page. */
  setSolo(view: RenderView | undefined): void {
    if (view === this.#solo) return;
    // the view that had the canvas shows its own canvas again: it needs a fresh copy there
    if (this.#solo) this.#solo.dirty = true;
    this.#solo = view;
    if (view) {
      view.target.canvas.after(this.canvas);
      view.dirty = true;
    } else {
      this.canvas.remove();
    }
  }

  /** The renderer is dropped: the canvas off the page, nothing watched. */
  drop(): void {
    this.setSolo(undefined);
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#seen.clear();
  }
}
