/**
 * A view's first frame in steps, each in a task of its own, so that no step keeps the page's thread
 * for long: its programs compiled (waited for off the thread, a WebGL 2 fence), their uniform tables
 * read, the sun's shadow map drawn, then the frame drawn and copied out once the GPU has finished it
 * (warm()); or, where programs were compiled in parallel (KHR_parallel_shader_compile), only the
 * uniforms and the shadow map (prepare()).
 */
import { ColorManagement, type Light, type WebGLRenderer } from 'three';
import { gpuFence } from '../../platform/gpu-fence.js';
import { delay, nextTask } from '../../platform/yield.js';
import { fitTarget, onPage, type RenderView } from './render-view.js';

/** Longest wait for the GPU to finish a view's warm-up draw (warm()) before it is drawn anyway. */
const WARM_WAIT_MS = 5000;

/** What the staged start needs of the shared renderer. */
export interface StageHost {
  readonly renderer: WebGLRenderer;
  readonly canvas: HTMLCanvasElement;
  readonly views: ReadonlySet<RenderView>;
  readonly contextLost: boolean;
  readonly handsOver: boolean;
  /** Draws so far into the canvas (a warm-up checks that its picture is still there). */
  readonly renders: number;
  /** Sizes the WebGL canvas's drawing buffer. */
  resize(width: number, height: number): void;
  /** Draws the view into the canvas's top-left w × h, antialiased when `still`. */
  render(view: RenderView, w: number, h: number, still: boolean): void;
  /** The view's first frame was drawn ahead and copied into its canvas. */
  warmed(view: RenderView): void;
}

export class StagedStart {
  /** A warm-up in flight (warm()): views that start meanwhile wait for it. */
  #warming?: Promise<void>;

  constructor(private readonly host: StageHost) {}

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
    const gl = this.host.renderer.getContext();
    if (this.host.contextLost || this.host.handsOver || !('fenceSync' in gl)) return Promise.resolve(false);
    // Only a view that starts alone is warmed. Views starting together (a page of thumbnails) are due
    // together, drawn side by side and read back once (batch.ts): warmed one by one, each warm-up
    // drew over the one before, so all but the last were drawn twice. A view that comes while one is
    // warming waits for it and then joins the frames with the others that waited; one that comes while
    // views are due for their first frame joins them at once.
    if (this.#warming) return this.#warming.then(() => false);
    if ([...this.host.views].some((v) => v.dirty && v.frames === 0)) return Promise.resolve(false);
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

  /**
   * What a view's first frame would do at once after its programs were compiled in parallel
   * (compileAsync, with KHR_parallel_shader_compile: GPUs, phones' among them), each in tasks of its
   * own: every program's uniform table, then the sun's shadow map (#shadowsFirst). Resolves when done,
   * or at once when the context is lost; never rejects.
   */
  async prepare(view: RenderView): Promise<void> {
    if (this.host.contextLost || !(await this.#readUniforms())) return;
    await nextTask();
    // the shared canvas keeps its size: views on screen may be showing it
    this.#shadowsFirst(view);
  }

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
    const renderer = this.host.renderer;
    // the canvas at the first frame's size in this task, not that one (a new drawing buffer)
    if (size) this.host.resize(size.w, size.h);
    const shadows = renderer.shadowMap;
    const lights: Light[] = [];
    view.scene.traverseVisible((node) => {
      if ((node as Light).isLight && node.castShadow) lights.push(node as Light);
    });
    if (!shadows.enabled || !lights.length || !view.shadowsDrawn) return true;
    const needsUpdate = shadows.needsUpdate;
    const target = renderer.getRenderTarget();
    try {
      // The shadow pass is meant to run inside render(), which first sets up the scene's render state;
      // alone it uses whatever state the renderer holds. compile() leaves this scene's, but any frame
      // drawn since (another view's) leaves none, and the pass then threw half-way with the shadow map
      // still bound: the next pass bound that map again after its room had freed it, and its two
      // textures stayed on the GPU (room-viewer-shared.test.ts, about one run in three). compile() again sets
      // the state; the programs are made already, so it only looks them up.
      renderer.compile(view.scene, view.camera);
      view.scene.updateMatrixWorld();
      shadows.needsUpdate = true;
      shadows.render(lights, view.scene, view.camera);
      view.shadowsDrawn();
    } catch {
      // drawn with the first frame instead
    } finally {
      shadows.needsUpdate = needsUpdate;
      // a pass that threw leaves the shadow map bound
      if (renderer.getRenderTarget() !== target) renderer.setRenderTarget(target);
    }
    return !this.host.contextLost;
  }

  /**
   * Asks the GPU to compile and link the view's programs and waits for them off the page's thread
   * (a fence polled between tasks) before anything reads a program's uniforms: the first draw then
   * finds every program linked instead of waiting for each link in one long task.
   */
  #compileFirst(view: RenderView, gl2: WebGL2RenderingContext): Promise<boolean> {
    if (!this.#drawable(view)) return Promise.resolve(false);
    try {
      this.host.renderer.compile(view.scene, view.camera);
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
    for (const program of this.host.renderer.info.programs ?? []) {
      await nextTask();
      if (this.host.contextLost) return false;
      try {
        program.getUniforms();
      } catch {
        return true;
      }
    }
    return true;
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
    return !this.host.contextLost && !view.disposed && onPage(view.target.canvas);
  }

  /** Resolves once the GPU finished every command so far ('done'), 'timeout' after WARM_WAIT_MS, or 'lost'. */
  #fence(gl2: WebGL2RenderingContext): Promise<'done' | 'timeout' | 'lost'> {
    return gpuFence(gl2, {
      limit: WARM_WAIT_MS,
      wait: () => delay(16),
      lost: () => this.host.contextLost,
    }).then((result) => (result === 'none' ? 'timeout' : result));
  }

  #drawWarm(view: RenderView, gl2: WebGL2RenderingContext, w: number, h: number): Promise<boolean> {
    if (!this.#drawable(view)) return Promise.resolve(false);
    const colourManagement = ColorManagement.enabled;
    ColorManagement.enabled = true;
    try {
      // between frames the canvas holds nothing to keep (views are copied out): the view's size, as the frame loop sizes it
      this.host.resize(w, h);
      view.dirty = false;
      view.beforeRender(0);
      // as its first frame would be drawn (a still frame): the same programs and pipelines
      this.host.render(view, w, h, true);
    } catch {
      return Promise.resolve(false);
    } finally {
      ColorManagement.enabled = colourManagement;
    }
    const drawn = this.host.renders;
    return this.#fence(gl2).then((finished) => {
      // the picture is still in the canvas only if nothing was drawn since
      if (finished !== 'done' || drawn !== this.host.renders || !onPage(view.target.canvas)) return false;
      try {
        fitTarget(view, w, h);
        view.target.clearRect(0, 0, w, h);
        view.target.drawImage(this.host.canvas, 0, 0, w, h, 0, 0, w, h);
        this.host.warmed(view);
        view.frames++;
        view.afterRender();
        return true;
      } catch {
        return false;
      }
    });
  }
}
