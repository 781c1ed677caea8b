/**
 * The heavy part of a panorama (three.js, photo-sphere-viewer, its CSS, src/panorama/psv-runtime.ts)
 * and what only a live viewer needs (hotspots.ts): lazy chunks, imported together with the shared
 * retry policy when the first panorama nears the viewport, and the one place that creates a viewer in
 * an element's shadow root.
 */
import { lazyModule } from '../../internal/lazy-module.js';
import type { CubeFaces } from '../../panorama/cube-faces.js';
import type { PanoramaViewer, ViewerOptions } from '../../panorama/psv-runtime.js';
import { ViewerError } from '../../panorama/viewer-error.js';
import { PanoramaError } from './panorama-error.js';

type Runtime = typeof import('../../panorama/psv-runtime.js') & typeof import('./hotspots.js');

let loaded = false;
const loadRuntime = lazyModule(() =>
  Promise.all([import('../../panorama/psv-runtime.js'), import('./hotspots.js')]).then(
    ([viewer, hotspots]): Runtime => {
      loaded = true;
      return { ...viewer, ...hotspots };
    },
  ),
);

/** Starts downloading the viewer's code (a panorama is near: it is there when it scrolls in). */
export function warmRuntime(): void {
  loadRuntime().catch(() => {}); // reported when a viewer really needs it
}

/**
 * While the viewer code is still downloading, fetch the faces into the HTTP cache at the same time,
 * instead of after it (PSV asks for them only once it runs). Failures are left to PSV to report.
 */
function prefetchFaces(faces: CubeFaces): void {
  if (loaded || typeof fetch !== 'function') return;
  for (const url of Object.values(faces)) {
    if (!url.startsWith('blob:')) {
      fetch(url, { credentials: 'same-origin' })
        .then((response) => response.arrayBuffer())
        .catch(() => {});
    }
  }
}

/** The viewer's code, the faces prefetched meanwhile; a PanoramaError (`viewer-code`) when it won't load. */
export async function loadViewerCode(faces: CubeFaces): Promise<Runtime> {
  const loading = loadRuntime();
  prefetchFaces(faces);
  try {
    return await loading;
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
