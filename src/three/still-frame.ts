/**
 * Antialiasing for still frames only. The shared WebGL context has no multisampling of its own: under
 * software WebGL (SwiftShader: headless browsers and machines without a usable GPU) a 4× multisampled
 * canvas made every frame of the real sample about 40 % slower, moving or not. So a view that moves is
 * drawn straight into the canvas without antialiasing, and a view at rest is drawn into a 4×
 * multisampled framebuffer whose samples are then resolved straight into its rectangle of the canvas
 * (blitFramebuffer: no texture, no extra shader): the picture a still view leaves on screen is the one
 * a multisampled canvas gave, and orbiting fits in a frame.
 *
 * three draws into the framebuffer through a render target marked as "external" (an XR-style target:
 * setRenderTargetFramebuffer, isXRRenderTarget), which makes it compile and pick exactly the programs it
 * uses for the canvas (sRGB output, the renderer's tone mapping): no second program per material.
 * three-look.test.ts checks that a still frame and a moving frame share their programs.
 */
import { WebGLRenderTarget, SRGBColorSpace, type Camera, type Scene, type WebGLRenderer } from 'three';

/** Samples per pixel of still frames. */
export const STILL_SAMPLES = 4;

interface Buffers {
  gl: WebGL2RenderingContext;
  framebuffer: WebGLFramebuffer;
  colour: WebGLRenderbuffer;
  depth: WebGLRenderbuffer;
  width: number;
  height: number;
}

export class StillFrame {
  #buffers?: Buffers;
  /** The resolve failed once (a format the canvas does not share): still frames are drawn directly. */
  #unavailable = false;
  /** The first resolve is checked for errors (getError waits for the GPU: only once). */
  #checked = false;
  /** Samples the context allows (asked once: the GPU process answers synchronously). */
  #samples?: number;
  /** The framebuffer was once found complete (the same formats are complete at any size). */
  #complete = false;
  readonly #target = new WebGLRenderTarget(1, 1, {
    colorSpace: SRGBColorSpace,
    depthBuffer: false,
    generateMipmaps: false,
  });

  constructor() {
    // three then draws into it as into the canvas: sRGB output and the renderer's tone mapping
    (this.#target as unknown as { isXRRenderTarget: boolean }).isXRRenderTarget = true;
  }

  /**
   * Draws `scene` antialiased into the canvas rectangle x 0, y `bottom` (GL's origin, bottom-left),
   * `width` × `height`, of a canvas `canvasWidth` × `canvasHeight`. Returns false when it could not
   * (the caller then draws straight into the canvas).
   */
  render(
    renderer: WebGLRenderer,
    scene: Scene,
    camera: Camera,
    rect: { bottom: number; width: number; height: number },
    canvasWidth: number,
    canvasHeight: number,
  ): boolean {
    // three's hook for framebuffers it does not own (WebXR's); not in its type definitions
    const external = renderer as unknown as {
      setRenderTargetFramebuffer?(target: WebGLRenderTarget, framebuffer: WebGLFramebuffer): void;
    };
    if (this.#unavailable || typeof external.setRenderTargetFramebuffer !== 'function') return false;
    const gl = renderer.getContext() as WebGL2RenderingContext;
    if (gl.isContextLost()) return false;
    const buffers = this.#buffersFor(gl, canvasWidth, canvasHeight);
    if (!buffers) return false;
    const { bottom, width, height } = rect;
    if (!this.#checked) while (gl.getError() !== gl.NO_ERROR && !gl.isContextLost()); // errors of others
    const target = this.#target;
    // a multisample resolve needs the same rectangle in both framebuffers: drawn where it lands
    target.viewport.set(0, bottom, width, height);
    target.scissor.set(0, bottom, width, height);
    target.scissorTest = true;
    // again each time: three forgets it when the context is restored
    external.setRenderTargetFramebuffer(target, buffers.framebuffer);
    const previous = renderer.getRenderTarget();
    renderer.setRenderTarget(target);
    try {
      renderer.render(scene, camera);
    } finally {
      renderer.setRenderTarget(previous);
    }
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, buffers.framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
    gl.blitFramebuffer(
      0,
      bottom,
      width,
      bottom + height,
      0,
      bottom,
      width,
      bottom + height,
      gl.COLOR_BUFFER_BIT,
      gl.NEAREST,
    );
    // back to what three believes is bound (the canvas)
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    if (!this.#checked && !gl.isContextLost()) {
      this.#checked = true;
      if (gl.getError() !== gl.NO_ERROR) {
        this.#unavailable = true;
        this.release();
        return false;
      }
    }
    return true;
  }

  /**
   * Buffers at least as large as the canvas. They are kept while they fit (the shared canvas changes
   * size with the views drawn in each frame, and making them again asks the GPU process to answer), and
   * made again when the canvas outgrows them or is less than a quarter of their area.
   */
  #buffersFor(gl: WebGL2RenderingContext, canvasWidth: number, canvasHeight: number): Buffers | undefined {
    const buffers = this.#buffers;
    if (
      buffers &&
      buffers.gl === gl &&
      buffers.width >= canvasWidth &&
      buffers.height >= canvasHeight &&
      buffers.width * buffers.height <= 4 * canvasWidth * canvasHeight
    )
      return buffers;
    if (buffers) this.release();
    const width = canvasWidth;
    const height = canvasHeight;
    const framebuffer = gl.createFramebuffer();
    const colour = gl.createRenderbuffer();
    const depth = gl.createRenderbuffer();
    if (!framebuffer || !colour || !depth) return undefined;
    this.#samples ??= Math.min(STILL_SAMPLES, gl.getParameter(gl.MAX_SAMPLES) as number);
    const samples = this.#samples;
    gl.bindRenderbuffer(gl.RENDERBUFFER, colour);
    gl.renderbufferStorageMultisample(gl.RENDERBUFFER, samples, gl.RGBA8, width, height);
    gl.bindRenderbuffer(gl.RENDERBUFFER, depth);
    gl.renderbufferStorageMultisample(gl.RENDERBUFFER, samples, gl.DEPTH_COMPONENT24, width, height);
    gl.bindRenderbuffer(gl.RENDERBUFFER, null);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, colour);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, depth);
    // asked the first time only: the answer waits for the GPU process
    const complete = this.#complete || gl.checkFramebufferStatus(gl.FRAMEBUFFER) === gl.FRAMEBUFFER_COMPLETE;
    this.#complete = complete;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.#buffers = { gl, framebuffer, colour, depth, width, height };
    if (!complete) {
      this.#unavailable = true;
      this.release();
      return undefined;
    }
    return this.#buffers;
  }

  /** The context was restored: the old buffers are gone with the old context (made again when needed). */
  forget(): void {
    this.#buffers = undefined;
  }

  /** Frees the multisampled buffers (made again on the next still frame). */
  release(): void {
    const buffers = this.#buffers;
    this.#buffers = undefined;
    if (!buffers || buffers.gl.isContextLost()) return;
    buffers.gl.deleteFramebuffer(buffers.framebuffer);
    buffers.gl.deleteRenderbuffer(buffers.colour);
    buffers.gl.deleteRenderbuffer(buffers.depth);
  }
}
