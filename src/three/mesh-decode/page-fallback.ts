/**
 * The page's way into the furniture loader (src/elements/room-viewer/load.ts imports this, the render
 * worker imports furniture-meshes.ts itself): the same loader, and where the mesh-decoding worker
 * cannot start on the page (a CSP without worker-src for our origin, no module workers) the same
 * checked decoding on the page's thread, GLTFLoader fetched only then. The render worker has no such
 * way: it draws every viewer of the page, and a file it decoded would stall them all (issue 34).
 */
import { meshDecoder } from './decode-client.js';

meshDecoder.inThread ??= () => import('./decode.js').then((module) => module.decodeFile);

export * from '../furniture-meshes.js';
