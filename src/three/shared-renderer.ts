/**
 * ONE WebGLRenderer (one WebGL context) for every <room-viewer> on the page, in the manner of
 * <model-viewer>'s Renderer: it draws into an off-screen canvas as large as the largest live view, and after
 * each view is drawn its pixels are copied (drawImage) into that view's own 2D canvas. Browsers keep
 * about 16 live WebGL contexts per page and drop the oldest beyond that; with one shared context,
 * 50 viewers cost one. The only view on screen may be given the WebGL canvas itself instead
 * (renderer/hand-over.ts); views drawn plain in one frame are read back once (renderer/batch.ts).
 *
 * Antialiasing only when still (still-frame.ts, renderer/motion.ts): the context has no multisampling;
 * a view drawn in three frames in a row (orbiting, damping, auto-rotate, a drag) is drawn straight in
 * from the third, and once it stops it is drawn once more through a multisampled framebuffer, so what
 * stays on screen is smooth.
 *
 * Frames are drawn on demand: a view is drawn only when it is marked dirty (model built, texture
 * arrived, camera moved, resized, context restored), and no animation frame is requested while
 * nothing is dirty. A view out of the viewport is not redrawn (it stays dirty and is drawn when it
 * comes back), except for its first frame.
 *
 * The context is not released when the last view leaves: creating contexts again and again is what
 * makes browsers drop old ones. A lost context is waited out (renderer/context-loss.ts).
 */
import { NoToneMapping, SRGBColorSpace, WebGLRenderer } from 'three';
import { CanvasHandOver } from './renderer/hand-over.js';
import { ContextLoss } from './renderer/context-loss.js';
import { STILL_FRAMES_PER_FRAME, ViewPainter } from './renderer/painter.js';
import { IN_DOCUMENT, newCanvas, type RenderView } from './renderer/render-view.js';
import { StagedStart } from './renderer/staged-start.js';

export type { RenderView } from './renderer/render-view.js';

/**
 * The registry of views and the frame loop; its collaborators each do one job: the canvas hand-over
 * (renderer/hand-over.ts), the staged start of a first frame (renderer/staged-start.ts), moving and
 * still views (renderer/motion.ts), the batch of plain views read back once (renderer/batch.ts).
 */
export class SharedRenderer {
  /**
   * Give the only viewer on screen the WebGL canvas itself instead of copying its picture (as
   * model-viewer's Renderer.ts does): `true`, `false`, or `'auto'` (the default), which hands over
   * when the context is drawn by a GPU and copies when a software rasteriser draws it (SwiftShader,
   * llvmpipe). On a GPU the copy is a read-back that makes the page wait for the GPU every frame. Under
   * SwiftShader (`npm run bench`, scenario viewer) handing over cuts the page's own work per frame
   * (0.8 vs 5.5 ms orbiting the real sample) but not the time between frames (16.7 ms either way; 18-19
   * vs 17 ms in earlier runs), and moving the live canvas between shadow roots once froze headless
   * Chromium's software GL in long test runs: there the copy stays. Tests set it to `true`.
   */
  static get handOverCanvas(): boolean | 'auto' {
    return CanvasHandOver.policy;
  }
  static set handOverCanvas(policy: boolean | 'auto') {
    CanvasHandOver.policy = policy;
  }

  /**
   * How long (ms) a lost context may take to come back before it counts as lost for good: Chromium
   * restores a context after a GPU process restart within a second or two, and never one it took
   * away because a page holds more than 16 contexts (nor one lost through WEBGL_lose_context without
   * restoreContext()). Then every view hears contextGone() (the viewer shows its error, and a retry
   * makes a new renderer), instead of staying frozen on its last frame.
   */
  static restoreWait = 5000;

  static #instance?: SharedRenderer;

  /**
   * The page's one renderer, created on first use, and again after the last one's context was lost
   * for good. Throws when the browser gives no WebGL context (the caller shows `no-webgl`).
   */
  static get(): SharedRenderer {
    if (SharedRenderer.#instance) return SharedRenderer.#instance;
    const made = new SharedRenderer();
    // a context lost at birth (the GPU gone, the browser out of contexts) is no renderer: the viewer
    // says so at once instead of waiting for a restore
    if (made.renderer.getContext().isContextLost()) {
      made.#drop();
      throw new Error('the WebGL context was lost as it was made');
    }
    return (SharedRenderer.#instance = made);
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
  readonly #context: ContextLoss;
  readonly #handOver: CanvasHandOver;
  readonly #staged: StagedStart;
  readonly #painter: ViewPainter;

  private constructor() {
    this.canvas = newCanvas();
    this.canvas.width = this.canvas.height = 1;
    this.renderer = new WebGLRenderer({
      canvas: this.canvas,
      alpha: true,
      // multisampling only for still frames (still-frame.ts): under software WebGL it cost ~40 % of every frame
      antialias: false,
      // the copy happens right after drawing, in the same task, so the buffer need not be preserved
      preserveDrawingBuffer: false,
      powerPreference: 'high-performance',
    });
    this.renderer.setPixelRatio(1); // device pixels are handled per view
    // three asks every new program whether it linked: a question the page's thread must wait on until
    // the GPU has compiled it (under SwiftShader, most of a first frame). Our shaders are three's own
    // and look-shader.ts's, tested (three-look.test.ts); without the question they compile off-thread.
    this.renderer.debug.checkShaderErrors = false;
    this.renderer.outputColorSpace = SRGBColorSpace;
    this.renderer.toneMapping = NoToneMapping;
    this.renderer.setClearColor(0x000000, 0);
    if (IN_DOCUMENT) {
      // CSSOM, not a style attribute: allowed under a strict Content-Security-Policy
      const style = this.canvas.style;
      style.position = 'absolute';
      style.inset = '0';
      style.width = '100%';
      style.height = '100%';
      style.pointerEvents = 'none';
      this.canvas.setAttribute('aria-hidden', 'true');
    }
    this.#context = new ContextLoss(this.canvas, () => SharedRenderer.restoreWait, {
      lost: () => this.#cancelFrame(),
      restored: () => {
        this.#painter.still.forget();
        for (const view of this.#views) {
          view.contextRestored?.();
          view.dirty = true;
        }
        this.request();
      },
      // lost for good: the renderer is dropped and every view told (their elements show an error)
      gone: () => {
        const views = [...this.#views];
        this.#drop();
        for (const view of views) view.contextGone?.();
      },
    });
    this.#painter = new ViewPainter(this.renderer, this.canvas);
    this.#handOver = new CanvasHandOver(this.renderer, this.canvas, this.#views, () => this.request());
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the staged start reads the renderer's live state
    const self = this;
    this.#staged = new StagedStart({
      renderer: this.renderer,
      canvas: this.canvas,
      views: this.#views,
      get contextLost() {
        return self.#context.lost;
      },
      get handsOver() {
        return self.handsOver;
      },
      get renders() {
        return self.#painter.renders;
      },
      resize: (width, height) => this.#painter.resize(width, height),
      render: (view, w, h, still) => this.#painter.render(view, w, h, still),
      warmed: (view) => this.#painter.motion.warmed(view),
    });
  }

  get views(): ReadonlySet<RenderView> {
    return this.#views;
  }

  get contextLost(): boolean {
    return this.#context.lost;
  }

  /** Adds a view to the frames; `drawn`: its first frame is on its canvas already (warm()). */
  register(view: RenderView, drawn = false): void {
    this.#views.add(view);
    this.#handOver.watch(view);
    // a view warmed is dirty again only if it changed since (a texture, the camera)
    if (!drawn) view.dirty = true;
    this.request();
  }

  unregister(view: RenderView): void {
    this.#views.delete(view);
    this.#painter.motion.rough.delete(view);
    // the multisampled target is as large as the canvas: no views, no target (made again when needed)
    if (!this.#views.size) this.#painter.still.release();
    this.#handOver.unwatch(view);
    // one view fewer on screen may leave exactly one, which then gets the canvas
    this.request();
  }

  /**
   * Whether a software rasteriser draws the context (read once): the `'auto'` hand-over policy
   * copies there. Where the browser hides the renderer's name, it counts as a GPU.
   */
  get softwareRendering(): boolean {
    return this.#handOver.softwareRendering;
  }

  /** Whether the hand-over is on now (handOverCanvas, with `'auto'` decided for this context). */
  get handsOver(): boolean {
    return this.#handOver.handsOver;
  }

  /** Draws `view`'s first frame ahead, in steps, and copies it out once done (renderer/staged-start.ts). */
  warm(view: RenderView): Promise<boolean> {
    return this.#staged.warm(view);
  }

  /** A first frame's steps after a parallel compile (renderer/staged-start.ts); never rejects. */
  prepare(view: RenderView): Promise<void> {
    return this.#staged.prepare(view);
  }

  /**
   * Whether the view's picture on screen was drawn without antialiasing (while it moved, or past the
   * frame's still frames): it is drawn again, smooth, once still. Tests read it.
   */
  drawnMoving(view: RenderView): boolean {
    return this.#painter.motion.rough.has(view);
  }

  /** The view that has the WebGL canvas itself, if one does. */
  get solo(): RenderView | undefined {
    return this.#handOver.solo;
  }

  /**
   * The view's current picture in a new 2D canvas (tests and tools: a view drawn into the WebGL canvas
   * itself has no copy in its own canvas). Draws the view now, without advancing its animation.
   */
  snapshot(view: RenderView): HTMLCanvasElement {
    const out = this.#painter.snapshot(view);
    // the WebGL canvas may have been resized or drawn over: the view on it draws again
    const solo = this.#handOver.solo;
    if (solo) {
      solo.dirty = true;
      this.request();
    }
    return out;
  }

  /** Asks for a frame (does nothing if one is already coming). */
  request(): void {
    if (this.#frame || this.#context.lost || typeof requestAnimationFrame === 'undefined') return;
    this.#frame = requestAnimationFrame(this.#draw);
  }

  #cancelFrame(): void {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  /** Forgets this renderer: the next get() makes a new one with a new context. */
  #drop(): void {
    if (SharedRenderer.#instance === this) SharedRenderer.#instance = undefined;
    this.#context.stop();
    this.#cancelFrame();
    this.#handOver?.drop();
    this.#views.clear();
    this.#painter.motion.rough.clear();
    this.#painter.still.release();
    this.renderer.dispose();
  }

  #draw = (time: number): void => {
    this.#frame = 0;
    if (this.#context.lost) return;
    const delta = this.#last ? Math.min(0.1, (time - this.#last) / 1000) : 1 / 60;
    this.#last = time;
    const solo = this.#handOver.onlyOnScreen();
    this.#handOver.setSolo(solo);
    const motion = this.#painter.motion;
    // a view last drawn plain that did not change since is drawn once more, still (antialiased)
    const settling = motion.settle(STILL_FRAMES_PER_FRAME);
    const due = [...this.#views].filter((v) => v.dirty && (v.visible || v.frames === 0));
    if (!due.length) return;
    motion.nextFrame();
    this.#painter.paint(
      due.filter((v) => v !== solo),
      solo,
      delta,
      time,
      settling,
    );
    if (
      [...this.#views].some((v) => v.dirty && (v.visible || v.frames === 0)) ||
      [...motion.rough].some((v) => v.visible)
    )
      this.request();
  };
}
