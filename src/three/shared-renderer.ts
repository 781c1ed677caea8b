/**
 * ONE WebGLRenderer (one WebGL context) for every <room-viewer> on the page, in the manner of
 * <model-viewer>'s Renderer: it draws into an off-screen canvas as large as the largest live view, and after
 * each view is drawn its pixels are copied (drawImage) into that view's own 2D canvas. Browsers keep
 * about 16 live WebGL contexts per page and drop the oldest beyond that; with one shared context,
 * 50 viewers cost one.
 *
 * When exactly one view is on screen (the common page: one viewer) and a GPU draws (handOverCanvas),
 * that view is given the WebGL canvas itself, laid over its own canvas, and is drawn straight into it: no copy, no second buffer of its
 * size. A second view coming on screen takes the canvas back off the page (the first view is then
 * drawn by copy again); so does the view leaving. The view's own canvas stays below, as the element's
 * labelled image and the target of its pointer and keyboard controls (the WebGL canvas lets pointer
 * events through and is hidden from assistive technology).
 *
 * Antialiasing only when still (still-frame.ts): the context has no multisampling; a view drawn in
 * three frames in a row (orbiting, damping, auto-rotate, a drag) is drawn straight in from the third,
 * and once it stops it is drawn once more through a multisampled framebuffer, so what stays on screen
 * is smooth.
 *
 * Views drawn plain in the same frame (several moving, or a page of thumbnails due for their first
 * frames, which are then drawn plain and smoothed in the frames after) are laid out side by side in the
 * canvas, all drawn, and read back once (#drawBatch): reading back waits for the GPU, and once per view
 * that wait kept the page and the GPU taking turns.
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
  type Light,
  type Scene,
} from 'three';
import { gpuFence } from '../platform/gpu-fence.js';
import { delay, nextTask } from '../platform/yield.js';
import { StillFrame } from './still-frame.js';

/**
 * A view drawn in the previous frame and due again within this long (ms) is moving: drawn without
 * antialiasing. Longer than a slow software frame (the 10 000-component orbit takes 80 ms), shorter
 * than the gap between two separate clicks or key presses.
 */
const MOVING_GAP_MS = 250;

/** Longest wait for the GPU to finish a view's warm-up draw (warm()) before it is drawn anyway. */
const WARM_WAIT_MS = 5000;

/**
 * Multisampled (still) frames drawn per animation frame at most. A still frame costs about 1.5× a plain
 * one under software WebGL (the resolve switches framebuffers): when many views are due at once (50
 * thumbnails loading), the others are drawn plain first and smoothed in the frames after.
 */
const STILL_FRAMES_PER_FRAME = 4;

/**
 * Side (device pixels) of the WebGL canvas within which the views drawn plain in one frame are laid out
 * side by side (see #drawBatch), unless one view alone is larger.
 */
const BATCH_SIDE = 2048;

/**
 * In a worker (the render worker, src/three/worker/render-worker.ts) there is no document: the renderer
 * draws into an OffscreenCanvas, and the views' own canvases are OffscreenCanvases too (transferred from
 * the page's canvases), which count as on the page.
 */
const IN_DOCUMENT = typeof document !== 'undefined';

/** A canvas of our own: an element on the page's thread, an OffscreenCanvas in a worker. */
function newCanvas(): HTMLCanvasElement {
  return IN_DOCUMENT
    ? document.createElement('canvas')
    : (new OffscreenCanvas(1, 1) as unknown as HTMLCanvasElement);
}

/** Whether a view's canvas can show what is drawn (an OffscreenCanvas always can). */
function onPage(canvas: HTMLCanvasElement | OffscreenCanvas): boolean {
  return !('isConnected' in canvas) || canvas.isConnected;
}

/** Where a view is drawn in the WebGL canvas: x from the left, y from the top. */
interface Slot {
  view: RenderView;
  x: number;
  y: number;
}

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
  /**
   * The renderer drew the scene's shadow maps ahead of the first frame (warm()): the view need not ask
   * for them again. A view without this has its shadows drawn with its first frame.
   */
  shadowsDrawn?(): void;
  /**
   * Taken down (its scene's GPU resources released): nothing may be drawn or compiled for it any more,
   * or what that makes stays on the GPU with no owner to release it.
   */
  readonly disposed?: boolean;
  /** The context was restored: GPU state is gone and comes back on the next draw. */
  contextRestored?(): void;
  /**
   * The context was lost and not restored within SharedRenderer.restoreWait (lost for good: more
   * contexts than the browser keeps, or a GPU that does not come back). The renderer is dropped; a
   * view made after this gets a new one.
   */
  contextGone?(): void;
}

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
  static handOverCanvas: boolean | 'auto' = 'auto';

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
  #lost = false;
  /** The timer that declares a lost context lost for good (restoreWait). */
  #restoreTimer?: ReturnType<typeof setTimeout>;
  #software?: boolean;
  /** The one view on screen, which has the WebGL canvas itself (see the top of this file). */
  #solo?: RenderView;
  /**
   * Which views' canvases are in the viewport (no margin: `visible` means near, this means seen),
   * watched by one IntersectionObserver; a change asks for a frame, which hands the canvas over.
   */
  #seen = new Set<RenderView>();
  #byCanvas = new WeakMap<Element, RenderView>();
  #observer?: IntersectionObserver;
  readonly #still = new StillFrame();
  /**
   * Frames (calls of #draw that drew something) so far; for each view, the frame and time it was last
   * drawn and in how many frames in a row before that.
   */
  #frameCount = 0;
  readonly #lastDrawn = new WeakMap<RenderView, { frame: number; time: number; run: number }>();
  /** Views whose picture on screen was drawn while moving (no antialiasing): drawn again once still. */
  readonly #rough = new Set<RenderView>();
  /** Still frames left in the frame being drawn (STILL_FRAMES_PER_FRAME). */
  #stillLeft = 0;
  /** Draws into the canvas so far (warm() checks that its picture is still there). */
  #renders = 0;
  /** A 2D canvas the batch's pixels are read back into once (see #drawBatch). */
  #staging?: CanvasRenderingContext2D;

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
    this.canvas.addEventListener('webglcontextlost', this.#onLost);
    this.canvas.addEventListener('webglcontextrestored', this.#onRestored);
  }

  get views(): ReadonlySet<RenderView> {
    return this.#views;
  }

  get contextLost(): boolean {
    return this.#lost;
  }

  /** Adds a view to the frames; `drawn`: its first frame is on its canvas already (warm()). */
  register(view: RenderView, drawn = false): void {
    this.#views.add(view);
    this.#watch(view);
    // a view warmed is dirty again only if it changed since (a texture, the camera)
    if (!drawn) view.dirty = true;
    this.request();
  }

  unregister(view: RenderView): void {
    this.#views.delete(view);
    this.#seen.delete(view);
    this.#rough.delete(view);
    // the multisampled target is as large as the canvas: no views, no target (made again when needed)
    if (!this.#views.size) this.#still.release();
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

  /**
   * Whether a software rasteriser draws the context (read once): the `'auto'` hand-over policy
   * copies there. Where the browser hides the renderer's name, it counts as a GPU.
   */
  get softwareRendering(): boolean {
    if (this.#software === undefined) {
      const gl = this.renderer.getContext();
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
      this.#software = /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
    }
    return this.#software;
  }

  /** Whether the hand-over is on now (handOverCanvas, with `'auto'` decided for this context). */
  get handsOver(): boolean {
    // a worker's canvas cannot be laid over a view's: it is on no page
    if (!IN_DOCUMENT) return false;
    const policy = SharedRenderer.handOverCanvas;
    return policy === 'auto' ? !this.softwareRendering : policy;
  }

  /**
   * Draws `view`'s first frame into the off-screen canvas without reading it back, and once the GPU has
   * finished it (a WebGL 2 fence, polled between tasks: its status changes only between them, so polling
   * never blocks) copies it into the view's canvas: resolves true then. Where shaders cannot be compiled
   * in parallel (no KHR_parallel_shader_compile, as under SwiftShader), a first frame compiled every
   * program and read the canvas back at once, so the page's thread waited for all of it (1.2 s of one
   * 1.4 s task in the Lighthouse run of issue 20); here the read-back comes when the picture is done.
   * Resolves false (the view is then drawn as usual) when copying is not how views are shown (a canvas
   * handed over is on the page and never read back), without WebGL 2, or when the canvas was drawn
   * over meanwhile.
   */
  warm(view: RenderView): Promise<boolean> {
    const gl = this.renderer.getContext();
    if (this.#lost || this.handsOver || !('fenceSync' in gl)) return Promise.resolve(false);
    // Only a view that starts alone is warmed. Views starting together (a page of thumbnails) are due
    // together, drawn side by side and read back once (#drawBatch): warmed one by one, each warm-up
    // drew over the one before, so all but the last were drawn twice. A view that comes while one is
    // warming waits for it and then joins the frames with the others that waited; one that comes while
    // views are due for their first frame joins them at once.
    if (this.#warming) return this.#warming.then(() => false);
    if ([...this.#views].some((v) => v.dirty && v.frames === 0)) return Promise.resolve(false);
    const warming = this.#warmOne(view, gl);
    const done = (this.#warming = warming.then(
      () => {},
      () => {},
    ));
    void done.then(() => {
      if (this.#warming === done) this.#warming = undefined;
    });
    return warming;
  }

  /** A warm-up in flight (warm()): views that start meanwhile wait for it. */
  #warming?: Promise<void>;

  #warmOne(view: RenderView, gl: WebGLRenderingContext | WebGL2RenderingContext): Promise<boolean> {
    const gl2 = gl as WebGL2RenderingContext;
    const w = Math.max(1, view.pixelWidth);
    const h = Math.max(1, view.pixelHeight);
    // compiled, then the shadow map, then the first frame: each in a task of its own
    return this.#compileFirst(view, gl2)
      .then(async (ok) => {
        if (!ok) return false;
        await nextTask();
        return this.#shadowsFirst(view, { w, h });
      })
      .then(async (ok) => {
        if (!ok) return false;
        await nextTask();
        return this.#drawWarm(view, gl2, w, h);
      });
  }

  /**
   * Draws the sun's shadow map alone, in a task of its own before the view's first frame: that links
   * the shadow depth programs (which compile() does not make), reads their uniforms and uploads every
   * caster's geometry, a task of 140-240 ms with the first frame on a 4× slowed phone (issue 20: no
   * start-up task over 50 ms). The view is told (shadowsDrawn) so its first frame does not draw the map
   * again. Drawing the meshes ahead into one pixel instead cost a fast machine 100 ms more before the
   * first frame under software WebGL; this pass is one the first frame made anyway.
   */
  #shadowsFirst(view: RenderView, size?: { w: number; h: number }): boolean {
    if (!this.#drawable(view)) return false;
    // the canvas at the first frame's size in this task, not that one (a new drawing buffer)
    if (size) this.#resize(size.w, size.h);
    const shadows = this.renderer.shadowMap;
    const lights: Light[] = [];
    view.scene.traverseVisible((node) => {
      if ((node as Light).isLight && node.castShadow) lights.push(node as Light);
    });
    if (!shadows.enabled || !lights.length || !view.shadowsDrawn) return true;
    const needsUpdate = shadows.needsUpdate;
    const target = this.renderer.getRenderTarget();
    try {
      // The shadow pass is meant to run inside render(), which first sets up the scene's render state;
      // alone it uses whatever state the renderer holds. compile() leaves this scene's, but any frame
      // drawn since (another view's) leaves none, and the pass then threw half-way with the shadow map
      // still bound: the next pass bound that map again after its room had freed it, and its two
      // textures stayed on the GPU (room-viewer-shared.test.ts, about one run in three). compile() again sets
      // the state; the programs are made already, so it only looks them up.
      this.renderer.compile(view.scene, view.camera);
      view.scene.updateMatrixWorld();
      shadows.needsUpdate = true;
      shadows.render(lights, view.scene, view.camera);
      view.shadowsDrawn();
    } catch {
      // drawn with the first frame instead
    } finally {
      shadows.needsUpdate = needsUpdate;
      // a pass that threw leaves the shadow map bound
      if (this.renderer.getRenderTarget() !== target) this.renderer.setRenderTarget(target);
    }
    return !this.#lost;
  }

  /**
   * Asks the GPU to compile and link the view's programs and waits for them off the page's thread
   * (a fence polled between tasks) before anything reads a program's uniforms: the first draw then
   * finds every program linked instead of waiting for each link in one long task.
   */
  #compileFirst(view: RenderView, gl2: WebGL2RenderingContext): Promise<boolean> {
    if (!this.#drawable(view)) return Promise.resolve(false);
    try {
      this.renderer.compile(view.scene, view.camera);
    } catch {
      return Promise.resolve(true);
    }
    return this.#fence(gl2).then((signalled) => signalled !== 'lost' && this.#readUniforms());
  }

  /**
   * Reads each program's uniform table, one program a task: each is read with one synchronous call to
   * the GPU process per uniform (a standard material has dozens), so the first draw finds them all read.
   * Resolves false when the context was lost meanwhile.
   */
  async #readUniforms(): Promise<boolean> {
    for (const program of this.renderer.info.programs ?? []) {
      await nextTask();
      if (this.#lost) return false;
      try {
        program.getUniforms();
      } catch {
        return true;
      }
    }
    return true;
  }

  /**
   * What a view's first frame would do at once after its programs were compiled in parallel
   * (compileAsync, with KHR_parallel_shader_compile: GPUs, phones' among them), each in tasks of its
   * own: every program's uniform table, then the sun's shadow map (#shadowsFirst). Resolves when done,
   * or at once when the context is lost; never rejects.
   */
  async prepare(view: RenderView): Promise<void> {
    if (this.#lost || !(await this.#readUniforms())) return;
    await nextTask();
    // the shared canvas keeps its size: views on screen may be showing it
    this.#shadowsFirst(view);
  }

  /**
   * Whether a staged start (warm(), prepare()) may still draw for the view: the page runs between its
   * steps. A view disposed meanwhile has freed its scene, and what a step drew for it (a shadow map, a
   * texture) would stay on the GPU with no owner; one whose canvas left the page is about to be (an
   * element that leaves is disposed a moment later, in case it is only moving), and its start is
   * wasted work. Its start then ends as a plain first frame would, after register(), which a disposed
   * view never calls.
   */
  #drawable(view: RenderView): boolean {
    return !this.#lost && !view.disposed && onPage(view.target.canvas);
  }

  /** Resolves once the GPU finished every command so far ('done'), 'timeout' after WARM_WAIT_MS, or 'lost'. */
  #fence(gl2: WebGL2RenderingContext): Promise<'done' | 'timeout' | 'lost'> {
    return gpuFence(gl2, { limit: WARM_WAIT_MS, wait: () => delay(16), lost: () => this.#lost }).then(
      (result) => (result === 'none' ? 'timeout' : result),
    );
  }

  #drawWarm(view: RenderView, gl2: WebGL2RenderingContext, w: number, h: number): Promise<boolean> {
    if (!this.#drawable(view)) return Promise.resolve(false);
    const colourManagement = ColorManagement.enabled;
    ColorManagement.enabled = true;
    try {
      // between frames the canvas holds nothing to keep (views are copied out): the view's size, as #draw sizes it
      this.#resize(w, h);
      view.dirty = false;
      view.beforeRender(0);
      // as its first frame would be drawn (a still frame): the same programs and pipelines
      this.#render(view, w, h, true);
    } catch {
      return Promise.resolve(false);
    } finally {
      ColorManagement.enabled = colourManagement;
    }
    const drawn = ++this.#renders;
    return this.#fence(gl2).then((finished) => {
      // the picture is still in the canvas only if nothing was drawn since
      if (finished !== 'done' || drawn !== this.#renders || !onPage(view.target.canvas)) return false;
      try {
        const target = view.target;
        if (target.canvas.width !== w || target.canvas.height !== h) {
          target.canvas.width = w;
          target.canvas.height = h;
        }
        target.clearRect(0, 0, w, h);
        target.drawImage(this.canvas, 0, 0, w, h, 0, 0, w, h);
        this.#lastDrawn.set(view, { frame: this.#frameCount, time: performance.now(), run: 0 });
        view.frames++;
        view.afterRender();
        return true;
      } catch {
        return false;
      }
    });
  }

  /** The one view on screen, if exactly one is (without IntersectionObserver: near it). */
  #onlyOnScreen(): RenderView | undefined {
    if (!this.handsOver) return undefined;
    const onScreen = this.#observer ? [...this.#seen] : [...this.#views].filter((v) => v.visible);
    const only = onScreen.length === 1 ? onScreen[0]! : undefined;
    // a view whose own canvas is not in a document (between a move's two halves) cannot hold ours
    return only && only.visible && only.target.canvas.isConnected ? only : undefined;
  }

  /**
   * Whether the view's picture on screen was drawn without antialiasing (while it moved, or past the
   * frame's still frames): it is drawn again, smooth, once still. Tests read it.
   */
  drawnMoving(view: RenderView): boolean {
    return this.#rough.has(view);
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
    const out = newCanvas();
    const w = (out.width = Math.max(1, view.pixelWidth));
    const h = (out.height = Math.max(1, view.pixelHeight));
    if (this.canvas.width < w || this.canvas.height < h)
      this.renderer.setSize(Math.max(w, this.canvas.width), Math.max(h, this.canvas.height), false);
    const colourManagement = ColorManagement.enabled;
    ColorManagement.enabled = true;
    try {
      this.#render(view, w, h, true);
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

  /** Sets the view's rectangle: `x` from the left, `y` from the top (canvas pixels); returns its GL bottom. */
  #place(w: number, h: number, x = 0, y = 0): number {
    // WebGL's origin is bottom-left
    const bottom = this.canvas.height - y - h;
    this.renderer.setViewport(x, bottom, w, h);
    this.renderer.setScissor(x, bottom, w, h);
    this.renderer.setScissorTest(true);
    return bottom;
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
    clearTimeout(this.#restoreTimer);
    this.#restoreTimer = setTimeout(this.#gone, SharedRenderer.restoreWait);
  };

  /** Lost for good: the renderer is dropped and every view told (their elements show an error). */
  #gone = (): void => {
    if (!this.#lost) return;
    const views = [...this.#views];
    this.#drop();
    for (const view of views) view.contextGone?.();
  };

  /** Forgets this renderer: the next get() makes a new one with a new context. */
  #drop(): void {
    clearTimeout(this.#restoreTimer);
    if (SharedRenderer.#instance === this) SharedRenderer.#instance = undefined;
    this.canvas.removeEventListener('webglcontextlost', this.#onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.#onRestored);
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    this.#lost = true;
    this.#setSolo(undefined);
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#views.clear();
    this.#seen.clear();
    this.#rough.clear();
    this.#still.release();
    this.renderer.dispose();
  }

  #onRestored = (): void => {
    clearTimeout(this.#restoreTimer);
    this.#lost = false;
    this.#still.forget();
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
    // a view last drawn plain that did not change since is drawn once more, still (antialiased)
    const settling = new Set<RenderView>();
    for (const view of this.#rough) {
      if (view.dirty) continue;
      if (!view.visible) {
        // drawn when it comes back (setVisible asks for a frame for a dirty view)
        view.dirty = true;
        continue;
      }
      // the others wait, rough, for the next frames
      if (settling.size >= STILL_FRAMES_PER_FRAME) continue;
      view.dirty = true;
      settling.add(view);
    }
    this.#stillLeft = STILL_FRAMES_PER_FRAME;
    const due = [...this.#views].filter((v) => v.dirty && (v.visible || v.frames === 0));
    if (!due.length) return;
    this.#frameCount++;
    const copied = due.filter((v) => v !== solo);

    // photo-sphere-viewer turns colour management off page-wide; draw with it on, whatever the page did
    const colourManagement = ColorManagement.enabled;
    ColorManagement.enabled = true;
    try {
      if (copied.length) {
        // Views due for their first frame together (a page of thumbnails loading) are drawn plain
        // and smoothed in the frames after, like moving views: what they wait for is the picture.
        const firsts = copied.filter((v) => v.frames === 0).length > 1;
        const plain: RenderView[] = [];
        const single: RenderView[] = [];
        for (const view of copied)
          (this.#isMoving(view, time, settling) || (firsts && view.frames === 0) ? plain : single).push(view);
        // a single plain view is drawn as a still one would be (no batch to share a read-back with)
        if (plain.length === 1) single.push(plain.pop()!);
        const slots = this.#layout(plain);
        // The off-screen canvas is as large as what is drawn now, not the largest view ever seen: one
        // big viewer that left the page must not keep a huge drawing buffer (GPU memory, and a clear
        // of every pixel on each frame) for the small ones that stay.
        this.#resize(
          Math.max(1, ...single.map((v) => v.pixelWidth), ...slots.map((s) => s.x + s.view.pixelWidth)),
          Math.max(1, ...single.map((v) => v.pixelHeight), ...slots.map((s) => s.y + s.view.pixelHeight)),
        );
        for (const view of single) this.#drawView(view, delta, time, settling, true);
        this.#drawBatch(slots, delta, time, settling);
      }
      if (solo && (solo.dirty || copied.length)) {
        // the canvas on the page is exactly the view's size; drawing the others above cleared it
        this.#resize(Math.max(1, solo.pixelWidth), Math.max(1, solo.pixelHeight));
        this.#drawView(solo, delta, time, settling, false);
      }
    } finally {
      ColorManagement.enabled = colourManagement;
    }
    if (
      [...this.#views].some((v) => v.dirty && (v.visible || v.frames === 0)) ||
      [...this.#rough].some((v) => v.visible)
    )
      this.request();
  };

  #resize(width: number, height: number): void {
    if (width !== this.canvas.width || height !== this.canvas.height)
      this.renderer.setSize(width, height, false);
  }

  /**
   * Views drawn plain in the same frame, laid out side by side in rows (each row as high as its highest
   * view) within BATCH_SIDE, so that they can all be drawn before any is read back: reading a WebGL
   * canvas's pixels waits until the GPU has drawn everything asked of it, and under software WebGL
   * (SwiftShader) that wait, once per view, left the page's thread idle while the GPU drew, and the GPU
   * idle while the page prepared the next view (50 thumbnails: ~27 ms each). Views that do not fit in
   * the square are drawn alone in the frame after (they stay dirty).
   */
  #layout(views: readonly RenderView[]): Slot[] {
    const slots: Slot[] = [];
    let x = 0;
    let y = 0;
    let row = 0;
    for (const view of views) {
      const w = Math.max(1, view.pixelWidth);
      const h = Math.max(1, view.pixelHeight);
      if (x > 0 && x + w > BATCH_SIDE) {
        x = 0;
        y += row;
        row = 0;
      }
      if (slots.length && y + h > BATCH_SIDE) break;
      slots.push({ view, x, y });
      x += w;
      row = Math.max(row, h);
    }
    return slots;
  }

  /**
   * Draws the slots' views plain into their places in the canvas, reads the canvas back once into a 2D
   * canvas of its size, and copies each view's part from there into its own canvas.
   */
  #drawBatch(slots: readonly Slot[], delta: number, time: number, settling: ReadonlySet<RenderView>): void {
    const drawn: Slot[] = [];
    const gl = this.renderer.getContext();
    for (const slot of slots) {
      if (this.#drawView(slot.view, delta, time, settling, false, slot)) drawn.push(slot);
      // the GPU starts on this view while the next is prepared
      gl.flush();
    }
    if (!drawn.length || this.renderer.getContext().isContextLost()) return;
    const { width, height } = this.canvas;
    const staging = (this.#staging ??= newCanvas().getContext('2d')!);
    if (staging.canvas.width < width || staging.canvas.height < height) {
      staging.canvas.width = Math.max(width, staging.canvas.width);
      staging.canvas.height = Math.max(height, staging.canvas.height);
    }
    staging.clearRect(0, 0, width, height);
    staging.drawImage(this.canvas, 0, 0);
    for (const { view, x, y } of drawn) {
      try {
        const w = Math.max(1, view.pixelWidth);
        const h = Math.max(1, view.pixelHeight);
        view.target.clearRect(0, 0, w, h);
        view.target.drawImage(staging.canvas, x, y, w, h, 0, 0, w, h);
        view.frames++;
        view.afterRender();
      } catch (error) {
        console.error('room-viewer: a view failed to draw', error);
      }
    }
  }

  /**
   * Moving: drawn in each of the two frames before, not long ago, and changed again since. One or two
   * redraws in a row (a texture arrived, the view was resized) are still frames.
   */
  #isMoving(view: RenderView, time: number, settling: ReadonlySet<RenderView>): boolean {
    const last = this.#lastDrawn.get(view);
    return (
      !settling.has(view) &&
      !!last &&
      last.frame === this.#frameCount - 1 &&
      time - last.time < MOVING_GAP_MS &&
      last.run + 1 >= 2
    );
  }

  /** Draws the view into the canvas's top-left w × h, antialiased when `still` (still-frame.ts). */
  #render(view: RenderView, w: number, h: number, still: boolean, x = 0, y = 0): void {
    this.#renders++;
    const bottom = this.#place(w, h, x, y);
    const rect = { bottom, width: w, height: h };
    const { width, height } = this.canvas;
    if (still && this.#still.render(this.renderer, view.scene, view.camera, rect, width, height)) return;
    this.renderer.render(view.scene, view.camera);
  }

  /**
   * Draws the view: into the canvas's top-left corner and copied at once into its own canvas (`copy`),
   * or plain into its `slot` of a batch (#drawBatch copies it), or into the canvas on the page (solo).
   * Returns whether it was drawn.
   */
  #drawView(
    view: RenderView,
    delta: number,
    time: number,
    settling: ReadonlySet<RenderView>,
    copy: boolean,
    slot?: Slot,
  ): boolean {
    view.dirty = false;
    try {
      view.beforeRender(delta);
      const w = Math.max(1, view.pixelWidth);
      const h = Math.max(1, view.pixelHeight);
      const moving = this.#isMoving(view, time, settling);
      const last = this.#lastDrawn.get(view);
      const run =
        last && last.frame === this.#frameCount - 1 && time - last.time < MOVING_GAP_MS ? last.run + 1 : 0;
      this.#lastDrawn.set(view, { frame: this.#frameCount, time, run });
      const still = !slot && !moving && this.#stillLeft > 0;
      if (still) this.#stillLeft--;
      this.#render(view, w, h, still, slot?.x, slot?.y);
      if (still) this.#rough.delete(view);
      else this.#rough.add(view);
      if (this.renderer.getContext().isContextLost()) return false;
      // the view's own canvas keeps the picture's size even while covered (tools read its size)
      const target = view.target;
      if (target.canvas.width !== w || target.canvas.height !== h) {
        target.canvas.width = w;
        target.canvas.height = h;
      }
      if (slot) return true;
      if (copy) {
        target.clearRect(0, 0, w, h);
        target.drawImage(this.canvas, 0, 0, w, h, 0, 0, w, h);
      }
      view.frames++;
      view.afterRender();
      return true;
    } catch (error) {
      // a view that cannot draw must not stop the others (nor throw into the page)
      console.error('room-viewer: a view failed to draw', error);
      return false;
    }
  }
}
