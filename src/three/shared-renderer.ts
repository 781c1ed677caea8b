/**
 * ONE WebGLRenderer (one WebGL context) for every <room-viewer> on the page, in the manner of
 * <model-viewer>'s Renderer: it draws into an off-screen canvas as large as the largest live view, and after
 * each view is drawn its pixels are copied (drawImage) into that view's own 2D canvas. Browsers keep
 * about 16 live WebGL contexts per page and drop the oldest beyond that; with one shared context,
 * 50 viewers cost one.
 *
 * When exactly one view is on screen (the common page: one viewer), that view is given the WebGL canvas
 * itself, laid over its own canvas, and is drawn straight into it: no copy, no second buffer of its
 * size. A second view coming on screen takes the canvas back off the page (the first view is then
 * drawn by copy again); so does the view leaving. The view's own canvas stays below, as the element's
 * labelled image and the target of its pointer and keyboard controls (the WebGL canvas lets pointer
 * events through and is hidden from assistive technology).
 *
 * Frames are drawn on demand: a view is drawn only when it is marked dirty (model built, texture
 * arrived, camera moved, resized, context restored), and no animation frame is requested while
 * nothing is dirty. A view out of the viewport is not redrawn (it stays dirty and is drawn when it
 * comes back), except for its first frame.
 *
 * The context is not released when the last view leaves: creating contexts again and again is what
 * makes browsers drop old ones. A lost context (GPU reset, too many contexts on the page, or
 * WEBGL_lose_context in tests) is waited out: three restores its GPU state when the browser restores
 * the context, re-uploads geometries and textures on the next draw, and every view is drawn again.
 */
import {
  ColorManagement,
  NoToneMapping,
  SRGBColorSpace,
  WebGLRenderer,
  type Camera,
  type Scene,
} from 'three';

/** What the shared renderer needs from each view. */
export interface RenderView {
  /** Size of the view's drawing buffer in device pixels. */
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** Drawn on the next frame. */
  dirty: boolean;
  /** In (or near) the viewport. */
  visible: boolean;
  /** Frames drawn so far. */
  frames: number;
  readonly scene: Scene;
  readonly camera: Camera;
  /** Where the pixels go. */
  readonly target: CanvasRenderingContext2D;
  /** Called before drawing with the time since the previous frame (seconds); may mark the view dirty again. */
  beforeRender(delta: number): void;
  /** Called after the view's pixels were copied into its canvas. */
  afterRender(): void;
  /** The context was restored: GPU state is gone and comes back on the next draw. */
  contextRestored?(): void;
}

export class SharedRenderer {
  /**
   * Give the only viewer on screen the WebGL canvas itself instead of copying its picture (as
   * model-viewer's Renderer.ts does). Off for now: moving the live WebGL canvas into and out of a
   * viewer's shadow root froze headless Chromium's software GL in long test runs (the page stopped
   * answering; alone the same test passed), so every view is drawn by copy until that is understood.
   */
  static handOverCanvas = false;

  static #instance?: SharedRenderer;

  /** The page's one renderer, created on first use. */
  static get(): SharedRenderer {
    return (SharedRenderer.#instance ??= new SharedRenderer());
  }

  /** The page's renderer if one was created (tests and benches read its info). */
  static peek(): SharedRenderer | undefined {
    return SharedRenderer.#instance;
  }

  readonly canvas: HTMLCanvasElement;
  readonly renderer: WebGLRenderer;
  readonly #views = new Set<RenderView>();
  #frame = 0;
  #last = 0;
  #lost = false;
  /** The one view on screen, which has the WebGL canvas itself (see the top of this file). */
  #solo?: RenderView;
  /**
   * Which views' canvases are in the viewport (no margin: `visible` means near, this means seen),
   * watched by one IntersectionObserver; a change asks for a frame, which hands the canvas over.
   */
  #seen = new Set<RenderView>();
  #byCanvas = new WeakMap<Element, RenderView>();
  #observer?: IntersectionObserver;

  private constructor() {
    this.canvas = document.createElement('canvas');
    this.canvas.width = this.canvas.height = 1;
    this.renderer = new WebGLRenderer({
      canvas: this.canvas,
      alpha: true,
      antialias: true,
      // the copy happens right after drawing, in the same task, so the buffer need not be preserved
      preserveDrawingBuffer: false,
      powerPreference: 'high-performance',
    });
    this.renderer.setPixelRatio(1); // device pixels are handled per view
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.toneMapping = NoToneMapping;
    this.renderer.setClearColor(0x000000, 0);
    // CSSOM, not a style attribute: allowed under a strict Content-Security-Policy
    const style = this.canvas.style;
    style.position = 'absolute';
    style.inset = '0';
    style.width = '100%';
    style.height = '100%';
    style.pointerEvents = 'none';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.canvas.addEventListener('webglcontextlost', this.#onLost);
    this.canvas.addEventListener('webglcontextrestored', this.#onRestored);
  }

  get views(): ReadonlySet<RenderView> {
    return this.#views;
  }

  get contextLost(): boolean {
    return this.#lost;
  }

  register(view: RenderView): void {
    this.#views.add(view);
    this.#watch(view);
    view.dirty = true;
    this.request();
  }

  unregister(view: RenderView): void {
    this.#views.delete(view);
    this.#seen.delete(view);
    this.#observer?.unobserve(view.target.canvas);
    if (this.#solo === view) this.#setSolo(undefined);
    // one view fewer on screen may leave exactly one, which then gets the canvas
    this.request();
  }

  #watch(view: RenderView): void {
    if (typeof IntersectionObserver === 'undefined') return;
    this.#observer ??= new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const seen = this.#byCanvas.get(entry.target);
        if (!seen || !this.#views.has(seen)) continue;
        if (entry.isIntersecting) this.#seen.add(seen);
        else this.#seen.delete(seen);
      }
      this.request();
    });
    this.#byCanvas.set(view.target.canvas, view);
    this.#observer.observe(view.target.canvas);
  }

  /** The one view on screen, if exactly one is (without IntersectionObserver: near it). */
  #onlyOnScreen(): RenderView | undefined {
    if (!SharedRenderer.handOverCanvas) return undefined;
    const onScreen = this.#observer ? [...this.#seen] : [...this.#views].filter((v) => v.visible);
    const only = onScreen.length === 1 ? onScreen[0]! : undefined;
    // a view whose own canvas is not in a document (between a move's two halves) cannot hold ours
    return only && only.visible && only.target.canvas.isConnected ? only : undefined;
  }

  /** The view that has the WebGL canvas itself, if one does. */
  get solo(): RenderView | undefined {
    return this.#solo;
  }

  /**
   * The view's current picture in a new 2D canvas (tests and tools: a view drawn into the WebGL canvas
   * itself has no copy in its own canvas). Draws the view now, without advancing its animation.
   */
  snapshot(view: RenderView): HTMLCanvasElement {
    const out = document.createElement('canvas');
    const w = (out.width = Math.max(1, view.pixelWidth));
    const h = (out.height = Math.max(1, view.pixelHeight));
    if (this.canvas.width < w || this.canvas.height < h)
      this.renderer.setSize(Math.max(w, this.canvas.width), Math.max(h, this.canvas.height), false);
    const colourManagement = ColorManagement.enabled;
    ColorManagement.enabled = true;
    try {
      this.#place(w, h);
      this.renderer.render(view.scene, view.camera);
      out.getContext('2d')!.drawImage(this.canvas, 0, 0, w, h, 0, 0, w, h);
    } finally {
      ColorManagement.enabled = colourManagement;
    }
    // the WebGL canvas may have been resized or drawn over: the view on it draws again
    if (this.#solo) {
      this.#solo.dirty = true;
      this.request();
    }
    return out;
  }

  /** Gives `view` the WebGL canvas (laid over its own), or takes it back off the page. */
  #setSolo(view: RenderView | undefined): void {
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

  #place(w: number, h: number): void {
    // WebGL's origin is bottom-left: the view's rectangle is the canvas's top-left w × h
    const top = this.canvas.height - h;
    this.renderer.setViewport(0, top, w, h);
    this.renderer.setScissor(0, top, w, h);
    this.renderer.setScissorTest(true);
  }

  /** Asks for a frame (does nothing if one is already coming). */
  request(): void {
    if (this.#frame || this.#lost || typeof requestAnimationFrame === 'undefined') return;
    this.#frame = requestAnimationFrame(this.#draw);
  }

  #onLost = (): void => {
    // three calls preventDefault() itself, which tells the browser we want the context back
    this.#lost = true;
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  };

  #onRestored = (): void => {
    this.#lost = false;
    for (const view of this.#views) {
      view.contextRestored?.();
      view.dirty = true;
    }
    this.request();
  };

  #draw = (time: number): void => {
    this.#frame = 0;
    if (this.#lost) return;
    const delta = this.#last ? Math.min(0.1, (time - this.#last) / 1000) : 1 / 60;
    this.#last = time;
    const solo = this.#onlyOnScreen();
    this.#setSolo(solo);
    const due = [...this.#views].filter((v) => v.dirty && (v.visible || v.frames === 0));
    if (!due.length) return;
    const copied = due.filter((v) => v !== solo);

    // photo-sphere-viewer turns colour management off page-wide; draw with it on, whatever the page did
    const colourManagement = ColorManagement.enabled;
    ColorManagement.enabled = true;
    try {
      if (copied.length) {
        // The off-screen canvas is as large as the largest view drawn now, not the largest view ever
        // seen: one big viewer that left the page must not keep a huge drawing buffer (GPU memory,
        // and a clear of every pixel on each frame) for the small ones that stay.
        this.#resize(
          Math.max(1, ...copied.map((v) => v.pixelWidth)),
          Math.max(1, ...copied.map((v) => v.pixelHeight)),
        );
        for (const view of copied) this.#drawView(view, delta, true);
      }
      if (solo && (solo.dirty || copied.length)) {
        // the canvas on the page is exactly the view's size; drawing the others above cleared it
        this.#resize(Math.max(1, solo.pixelWidth), Math.max(1, solo.pixelHeight));
        this.#drawView(solo, delta, false);
      }
    } finally {
      ColorManagement.enabled = colourManagement;
    }
    if ([...this.#views].some((v) => v.dirty && (v.visible || v.frames === 0))) this.request();
  };

  #resize(width: number, height: number): void {
    if (width !== this.canvas.width || height !== this.canvas.height)
      this.renderer.setSize(width, height, false);
  }

  #drawView(view: RenderView, delta: number, copy: boolean): void {
    view.dirty = false;
    try {
      view.beforeRender(delta);
      const w = Math.max(1, view.pixelWidth);
      const h = Math.max(1, view.pixelHeight);
      this.#place(w, h);
      this.renderer.render(view.scene, view.camera);
      if (this.renderer.getContext().isContextLost()) return;
      // the view's own canvas keeps the picture's size even while covered (tools read its size)
      const target = view.target;
      if (target.canvas.width !== w || target.canvas.height !== h) {
        target.canvas.width = w;
        target.canvas.height = h;
      }
      if (copy) {
        target.clearRect(0, 0, w, h);
        target.drawImage(this.canvas, 0, 0, w, h, 0, 0, w, h);
      }
      view.frames++;
      view.afterRender();
    } catch (error) {
      // a view that cannot draw must not stop the others (nor throw into the page)
      console.error('room-viewer: a view failed to draw', error);
    }
  }
}
