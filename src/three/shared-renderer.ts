/**
 * ONE WebGLRenderer (one WebGL context) for every <room-viewer> on the page, in the manner of
 * <model-viewer>'s Renderer: it draws into an off-screen canvas as large as the largest view, and after
 * each view is drawn its pixels are copied (drawImage) into that view's own 2D canvas. Browsers keep
 * about 16 live WebGL contexts per page and drop the oldest beyond that; with one shared context,
 * 50 viewers cost one.
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
    view.dirty = true;
    this.request();
  }

  unregister(view: RenderView): void {
    this.#views.delete(view);
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
    const due = [...this.#views].filter((v) => v.dirty && (v.visible || v.frames === 0));
    if (!due.length) return;

    let width = this.canvas.width;
    let height = this.canvas.height;
    for (const view of due) {
      width = Math.max(width, view.pixelWidth);
      height = Math.max(height, view.pixelHeight);
    }
    if (width !== this.canvas.width || height !== this.canvas.height)
      this.renderer.setSize(width, height, false);

    // photo-sphere-viewer turns colour management off page-wide; draw with it on, whatever the page did
    const colourManagement = ColorManagement.enabled;
    ColorManagement.enabled = true;
    try {
      for (const view of due) this.#drawView(view, height, delta);
    } finally {
      ColorManagement.enabled = colourManagement;
    }
    if ([...this.#views].some((v) => v.dirty && (v.visible || v.frames === 0))) this.request();
  };

  #drawView(view: RenderView, canvasHeight: number, delta: number): void {
    view.dirty = false;
    try {
      view.beforeRender(delta);
      const w = Math.max(1, view.pixelWidth);
      const h = Math.max(1, view.pixelHeight);
      // WebGL's origin is bottom-left: the view's rectangle is the canvas's top-left w × h
      this.renderer.setViewport(0, canvasHeight - h, w, h);
      this.renderer.setScissor(0, canvasHeight - h, w, h);
      this.renderer.setScissorTest(true);
      this.renderer.render(view.scene, view.camera);
      if (this.renderer.getContext().isContextLost()) return;
      const target = view.target;
      if (target.canvas.width !== w || target.canvas.height !== h) {
        target.canvas.width = w;
        target.canvas.height = h;
      }
      target.clearRect(0, 0, w, h);
      target.drawImage(this.canvas, 0, 0, w, h, 0, 0, w, h);
      view.frames++;
      view.afterRender();
    } catch (error) {
      // a view that cannot draw must not stop the others (nor throw into the page)
      console.error('room-viewer: a view failed to draw', error);
    }
  }
}
