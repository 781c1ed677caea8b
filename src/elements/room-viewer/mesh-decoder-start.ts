/**
 * How the page's one mesh-decoding worker (src/three/mesh-decode/decode-worker.ts) starts: as the render
 * and model workers do, through src/internal/worker-start.ts, so it starts from a CDN on another origin,
 * runs on a pinned page only with the integrity the import map gives it, and takes
 * `configure({ meshWorkerUrl })` where a bundler did not copy it. The 3D layer may not import the element
 * infrastructure, so this module (imported for its effect by the viewer's furniture loader and its
 * render-worker client) hands the decoder the way to start.
 */
import { meshDecoder } from '../../three/mesh-decode/decode-client.js';
// `new Worker(new URL(…, import.meta.url))` as bundlers know it, started where the page can run it
import { PackageWorker as Worker } from '../../internal/worker-start.js';

// (a script that does not load or is refused errors before it answers: worker-start.ts says why once,
// and the decoder decodes on this thread from then on)
meshDecoder.startWorker ??= () =>
  new Worker(new URL('../../three/mesh-decode/decode-worker.ts', import.meta.url), {
    type: 'module',
    name: 'room-mesh-decode',
  });
