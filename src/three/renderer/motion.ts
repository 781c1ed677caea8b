/**
 * Which views are moving (drawn in frame after frame: orbiting, damping, auto-rotate, a drag), so the
 * shared renderer draws them plain (no antialiasing), and which were last drawn plain and are due a
 * still, antialiased frame once they stop (still-frame.ts).
 */
import type { RenderView } from './render-view.js';

/**
 * A view drawn in the previous frame and due again within this long (ms) is moving: drawn without
 * antialiasing. Longer than a slow software frame (the 10 000-component orbit takes 80 ms), shorter
 * than the gap between two separate clicks or key presses.
 */
const MOVING_GAP_MS = 250;

export class ViewMotion {
  /**
   * Frames (calls of the frame loop that drew something) so far; for each view, the frame and time it
   * was last drawn and in how many frames in a row before that.
   */
  #frameCount = 0;
  readonly #lastDrawn = new WeakMap<RenderView, { frame: number; time: number; run: number }>();
  /** Views whose picture on screen was drawn while moving (no antialiasing): drawn again once still. */
  readonly rough = new Set<RenderView>();

  /** A frame that draws something begins. */
  nextFrame(): void {
    this.#frameCount++;
  }

  /**
   * Moving: drawn in each of the two frames before, not long ago, and changed again since. One or two
   * redraws in a row (a texture arrived, the view was resized) are still frames.
   */
  isMoving(view: RenderView, time: number, settling: ReadonlySet<RenderView>): boolean {
    const last = this.#lastDrawn.get(view);
    return (
      !settling.has(view) &&
      !!last &&
      last.frame === this.#frameCount - 1 &&
      time - last.time < MOVING_GAP_MS &&
      last.run + 1 >= 2
    );
  }

  /** The view is drawn now, at `time`: counts its run of frames in a row. */
  drawing(view: RenderView, time: number): void {
    const last = this.#lastDrawn.get(view);
    const run =
      last && last.frame === this.#frameCount - 1 && time - last.time < MOVING_GAP_MS ? last.run + 1 : 0;
    this.#lastDrawn.set(view, { frame: this.#frameCount, time, run });
  }

  /** The view's first frame was drawn ahead (warm()): a run of its own. */
  warmed(view: RenderView): void {
    this.#lastDrawn.set(view, { frame: this.#frameCount, time: performance.now(), run: 0 });
  }

  /** The view's picture on screen is `still` (antialiased) or rough. */
  drawn(view: RenderView, still: boolean): void {
    if (still) this.rough.delete(view);
    else this.rough.add(view);
  }

  /**
   * The views last drawn plain that did not change since, to draw once more, still (antialiased): at
   * most `most` this frame, the others wait, rough, for the next frames. One out of view is marked dirty
   * and drawn when it comes back.
   */
  settle(most: number): Set<RenderView> {
    const settling = new Set<RenderView>();
    for (const view of this.rough) {
      if (view.dirty) continue;
      if (!view.visible) {
        view.dirty = true;
        continue;
      }
      if (settling.size >= most) continue;
      view.dirty = true;
      settling.add(view);
    }
    return settling;
  }
}
