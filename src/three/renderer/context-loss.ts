/**
 * The shared WebGL context lost and (perhaps) restored. A lost context (GPU reset, too many contexts on
 * the page, or WEBGL_lose_context in tests) is waited out: three restores its GPU state when the browser
 * restores the context, re-uploads geometries and textures on the next draw, and every view is drawn
 * again. One not back within `wait()` ms is lost for good: the renderer is dropped and its views told.
 */
export interface ContextLossHooks {
  /** Lost: no frame may be asked for until it comes back. */
  lost(): void;
  /** Back: GPU state is gone and comes back on the next draw. */
  restored(): void;
  /** Lost for good. */
  gone(): void;
}

export class ContextLoss {
  #lost = false;
  /** The timer that declares a lost context lost for good. */
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly wait: () => number,
    private readonly hooks: ContextLossHooks,
  ) {
    canvas.addEventListener('webglcontextlost', this.#onLost);
    canvas.addEventListener('webglcontextrestored', this.#onRestored);
  }

  get lost(): boolean {
    return this.#lost;
  }

  /** The renderer is dropped: nothing more is heard, and it counts as lost. */
  stop(): void {
    clearTimeout(this.#timer);
    this.canvas.removeEventListener('webglcontextlost', this.#onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.#onRestored);
    this.#lost = true;
  }

  #onLost = (): void => {
    // three calls preventDefault() itself, which tells the browser we want the context back
    this.#lost = true;
    this.hooks.lost();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (this.#lost) this.hooks.gone();
    }, this.wait());
  };

  #onRestored = (): void => {
    clearTimeout(this.#timer);
    this.#lost = false;
    this.hooks.restored();
  };
}
