/**
 * The WebGL gate for suites that draw (in the manner of model-viewer's renderer-gate): the test browser
 * (headless Chromium with SwiftShader) has WebGL 2, so a missing context is a broken set-up, not a reason
 * to pass quietly. `requireWebGL(this)` skips only when ALLOW_NO_WEBGL is set on the page, saying so;
 * otherwise it fails the suite at once with a message naming the cause.
 */
let cached: boolean | undefined;

/** True when this browser can make a WebGL 2 context. */
export function hasWebGL2(): boolean {
  if (cached !== undefined) return cached;
  // an OffscreenCanvas: suites that count the page's <canvas> contexts do not see this probe
  const canvas =
    typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
  const gl = canvas.getContext('webgl2') as WebGL2RenderingContext | null;
  cached = !!gl;
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return cached;
}

/** In a `before` hook: throws (or, when the page allows it, skips with a message) without WebGL 2. */
export function requireWebGL(context: Mocha.Context): void {
  if (hasWebGL2()) return;
  if ((window as { ALLOW_NO_WEBGL?: boolean }).ALLOW_NO_WEBGL) {
    console.warn('skipped: this browser has no WebGL 2 (ALLOW_NO_WEBGL is set)');
    context.skip();
  }
  throw new Error(
    'this browser has no WebGL 2: the viewer tests need it (headless Chromium uses SwiftShader)',
  );
}

/**
 * Runs `test` in a browser without WebGL: every canvas's getContext answers null for a WebGL context
 * (the other kinds still work) until `test` has finished.
 */
export async function withoutWebGL(test: () => Promise<void>): Promise<void> {
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (
    this: HTMLCanvasElement,
    kind: string,
    ...rest: unknown[]
  ) {
    if (/webgl/.test(kind)) return null;
    return (getContext as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
  } as typeof getContext;
  try {
    await test();
  } finally {
    HTMLCanvasElement.prototype.getContext = getContext;
  }
}
