/**
 * Whether this browser can draw `<room-viewer renderer="worker">` in the render worker: kept apart from
 * worker-view.ts (a lazy chunk, loaded only by a viewer that draws in the worker), so a page whose viewers
 * all draw on its own thread does not download it. Nothing here is imported by worker-view.ts: a lazy chunk
 * that imports from the element's own module makes a page's bundler split that module up.
 */

/** Module workers and a canvas that hands its drawing to one (Chromium 69+, Firefox 105+, Safari 17+). */
export function workerRenderingSupported(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}
