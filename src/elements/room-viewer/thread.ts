/**
 * Where `<room-viewer>` draws its room: the one place the thread is chosen, by a pure rule
 * (test/node/viewer-thread.test.ts). Every feature works on either thread (src/three/drawing.ts), so
 * nothing but these inputs moves a viewer to the page's thread.
 */

export interface ThreadInputs {
  /** The element's `renderer` attribute. */
  renderer?: string;
  /** configure({ viewerRenderer }). */
  configured?: string;
  /** The page gave a `componentLoader` function: it builds furniture with the page's own code. */
  pageLoader: boolean;
  /** The browser has module workers and OffscreenCanvas (worker-support.ts). */
  supported: boolean;
  /** The render worker failed on this page, or could not draw this viewer (no WebGL there). */
  workerFailed: boolean;
}

/** `worker` (the default) unless asked for `main`, or the worker cannot draw this room. */
export function renderThreadFor(inputs: ThreadInputs): 'main' | 'worker' {
  const asked = inputs.renderer ?? inputs.configured ?? 'worker';
  if (asked === 'main') return 'main';
  // a function cannot be sent to a worker: the page's own loader runs where it was made
  if (inputs.pageLoader) return 'main';
  if (!inputs.supported || inputs.workerFailed) return 'main';
  return 'worker';
}
