/**
 * `<room-plan>`'s `toBlob()` at work: the SVG rasterised (src/features/snapshot/svg-raster.ts), sized and
 * encoded (snapshot-image.ts). A chunk fetched on the first `toBlob()` (issue 33, the sixteenth round: a
 * plan's first paint never runs it).
 */
export { encodeCanvas, snapshotSize } from '../../../features/snapshot/snapshot-image.js';
export { rasteriseSvg } from '../../../features/snapshot/svg-raster.js';
