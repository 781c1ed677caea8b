/**
 * Whether `<room-viewer renderer="worker">` can draw in the render worker here: kept apart from
 * worker-view.ts (a lazy chunk, loaded only by a viewer that draws in the worker), so a page whose
 * viewers all draw on its own thread does not download it.
 */

/** Set once the render worker failed to start: every later viewer draws on the page's thread. */
export const renderWorker = { broken: false };

/**
 * Module workers and a canvas that hands its drawing to one (Chromium 69+, Firefox 105+, Safari 17+), and
 * no render worker that failed to start.
 */
export function workerRenderingSupported(): boolean {
  return (
    !renderWorker.broken &&
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}
