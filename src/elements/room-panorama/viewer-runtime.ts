/**
 * The heavy part of a panorama (three.js, photo-sphere-viewer, its CSS, src/panorama/psv-runtime.ts)
 * and what only a live viewer needs (hotspots.ts): lazy chunks, imported together with the shared
 * retry policy when the first panorama nears the viewport, and the one place that creates a viewer in
 * an element's shadow root.
 */
import { lazyModule } from '../../internal/lazy-module.js';
import type { PanoramaViewer, ViewerOptions } from '../../panorama/psv-runtime.js';
import { ViewerError } from '../../panorama/viewer-error.js';
import { PanoramaError } from './panorama-error.js';

type Runtime = typeof import('../../panorama/psv-runtime.js') & typeof import('./hotspots.js');

const loadRuntime = lazyModule(() =>
  Promise.all([import('../../panorama/psv-runtime.js'), import('./hotspots.js')]).then(
    ([viewer, hotspots]): Runtime => ({ ...viewer, ...hotspots }),
  ),
);

/** Starts downloading the viewer's code (a panorama is near: it is there when it scrolls in). */
export function warmRuntime(): void {
  loadRuntime().catch(() => {}); // reported when a viewer really needs it
}

/**
 * The viewer's code; a PanoramaError (`viewer-code`) when it won't load. The faces are not fetched
 * beside it: on a slow link 4.5 MB of faces made the 180 KB of code arrive last, and with it the
 * viewer's whole start (its DOM, its layouts, three.js's evaluation) came at the end of the page's
 * load instead of its beginning. Total time is the link's either way; PSV asks for the faces once
 * the code runs.
 */
export async function loadViewerCode(): Promise<Runtime> {
  try {
    return await loadRuntime();
  } catch (cause) {
    throw new PanoramaError(`Could not load the viewer: ${String(cause)}`, 'viewer-code', cause);
  }
}

/**
 * A viewer in `options.container`, with PSV's stylesheet adopted by the shadow root that holds it (PSV
 * only styles the document). Throws a PanoramaError (`no-webgl`) when the browser gives no WebGL 2.
 */
export function createViewer(runtime: Runtime, root: ShadowRoot, options: ViewerOptions): PanoramaViewer {
  if (!root.adoptedStyleSheets.includes(runtime.psvStyleSheet)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, runtime.psvStyleSheet];
  }
  try {
    return runtime.createPanoramaViewer(options);
  } catch (error) {
    throw error instanceof ViewerError
      ? PanoramaError.fromViewer(error)
      : new PanoramaError(String(error), 'no-webgl', error);
  }
}
