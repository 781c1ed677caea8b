/**
 * The render worker's mesh loader as one later stage (stages.ts): the built-in furniture mesh loader and
 * the client of the page's mesh-decoding worker, which only it uses, in one file (imported apart, the
 * client was a stage of its own, 1 KB, fetched on the same first use).
 */
export { loadFurnitureMesh } from '../furniture-meshes.js';
export { meshDecoder } from '../mesh-decode/decode-client.js';
// tests follow the default (issue 33): the worker's mesh cache set and read as the page's
export { furnitureCacheStats, resetFurnitureCache, setFurnitureLimits } from '../furniture-meshes.js';
