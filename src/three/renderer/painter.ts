/**
 * Drawing views into the shared WebGL canvas: each in its rectangle, still (antialiased,
 * ../still-frame.ts) or plain, copied out into its own canvas at once, in a batch read back once
 * (batch.ts), or left in the canvas on the page (the hand-over's solo view).
 */
import { ColorManagement, type WebGLRenderer } from 'three';
import { StillFrame } from '../still-frame.js';
import { BatchCopy, layoutBatch, type Slot } from './batch.js';
import { ViewMotion } from './motion.js';
import { fitTarget, newCanvas, type RenderView } from './render-view.js';

/**
 * Multisampled (still) frames drawn per animation frame at most. A still frame costs about 1.5× a plain
 * one under software WebGL (the resolve switches framebuffers): when many views are due at once (50
 * thumbnails loading), the others are drawn plain first and smoothed in the frames after.
 */
export const STILL_FRAMES_PER_FRAME = 4;

export class ViewPainter {
  readonly still = new StillFrame();
  readonly motion = new ViewMotion();
  readonly batch = new BatchCopy();
  /** Still frames left in the frame being drawn (STILL_FRAMES_PER_FRAME). */
  stillLeft = 0;
  /** Draws into the canvas so far (a warm-up checks that its picture is still there). */
  renders = 0;

  constructor(
    private readonly renderer: WebGLRenderer,
    private readonly canvas: HTMLCanvasElement,
  ) {}

  /**
   * Draws one frame's due views: `copied` into the canvas and out into their own canvases, then `solo`
   * (the view on screen that holds the canvas itself, if due or drawn over).
   */
  paint(
    copied: readonly RenderView[],
    solo: RenderView | undefined,
    delta: number,
    time: number,
    settling: ReadonlySet<RenderView>,
  ): void {
    this.stillLeft = STILL_FRAMES_PER_FRAME;
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
          (this.motion.isMoving(view, time, settling) || (firsts && view.frames === 0) ? plain : single).push(
            view,
          );
        // a single plain view is drawn as a still one would be (no batch to share a read-back with)
        if (plain.length === 1) single.push(plain.pop()!);
        const slots = layoutBatch(plain);
        // The off-screen canvas is as large as what is drawn now, not the largest view ever seen: one
        // big viewer that left the page must not keep a huge drawing buffer (GPU memory, and a clear
        // of every pixel on each frame) for the small ones that stay.
        this.resize(
          Math.max(1, ...single.map((v) => v.pixelWidth), ...slots.map((s) => s.x + s.view.pixelWidth)),
          Math.max(1, ...single.map((v) => v.pixelHeight), ...slots.map((s) => s.y + s.view.pixelHeight)),
        );
        for (const view of single) this.#drawView(view, delta, time, settling, true);
        this.#drawBatch(slots, delta, time, settling);
      }
      if (solo && (solo.dirty || copied.length)) {
        // the canvas on the page is exactly the view's size; drawing the others above cleared it
        this.resize(Math.max(1, solo.pixelWidth), Math.max(1, solo.pixelHeight));
        this.#drawView(solo, delta, time, settling, false);
      }
    } finally {
      ColorManagement.enabled = colourManagement;
    }
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
      this.render(view, w, h, true);
      out.getContext('2d')!.drawImage(this.canvas, 0, 0, w, h, 0, 0, w, h);
    } finally {
      ColorManagement.enabled = colourManagement;
    }
    return out;
  }

  /** Sets the view's rectangle: `x` from the left, `y` from the top (canvas pixels); returns its GL bottom. */
  place(w: number, h: number, x = 0, y = 0): number {
    // WebGL's origin is bottom-left
    const bottom = this.canvas.height - y - h;
    this.renderer.setViewport(x, bottom, w, h);
    this.renderer.setScissor(x, bottom, w, h);
    this.renderer.setScissorTest(true);
    return bottom;
  }

  resize(width: number, height: number): void {
    if (width !== this.canvas.width || height !== this.canvas.height)
      this.renderer.setSize(width, height, false);
  }

  /** Draws the slots' views plain into their places in the canvas, then reads it back once (batch.ts). */
  #drawBatch(slots: readonly Slot[], delta: number, time: number, settling: ReadonlySet<RenderView>): void {
    const drawn: Slot[] = [];
    const gl = this.renderer.getContext();
    for (const slot of slots) {
      if (this.#drawView(slot.view, delta, time, settling, false, slot)) drawn.push(slot);
      // the GPU starts on this view while the next is prepared
      gl.flush();
    }
    if (!drawn.length || gl.isContextLost()) return;
    this.batch.copy(this.canvas, drawn);
  }

  /** Draws the view into the canvas's top-left w × h, antialiased when `still` (still-frame.ts). */
  render(view: RenderView, w: number, h: number, still: boolean, x = 0, y = 0): void {
    this.renders++;
    const bottom = this.place(w, h, x, y);
    const rect = { bottom, width: w, height: h };
    const { width, height } = this.canvas;
    if (still && this.still.render(this.renderer, view.scene, view.camera, rect, width, height)) return;
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
      const moving = this.motion.isMoving(view, time, settling);
      this.motion.drawing(view, time);
      const still = !slot && !moving && this.stillLeft > 0;
      if (still) this.stillLeft--;
      this.render(view, w, h, still, slot?.x, slot?.y);
      this.motion.drawn(view, still);
      if (this.renderer.getContext().isContextLost()) return false;
      // the view's own canvas keeps the picture's size even while covered (tools read its size)
      fitTarget(view, w, h);
      if (slot) return true;
      if (copy) {
        view.target.clearRect(0, 0, w, h);
        view.target.drawImage(this.canvas, 0, 0, w, h, 0, 0, w, h);
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
