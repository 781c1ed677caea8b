/** A 360° tour made from a plan: stops, links and their bearings (docs/tour.md). Pure: no DOM, no three.js. */
export * from './types.js';
export { buildTour, linkBetween, linksFrom, tourDesign } from './build-tour.js';
export { crossesWall, wallBetween, passable } from './wall-crossing.js';
export { yawOf, normalizeYaw, directionOf } from './bearing.js';
export { EYE_HEIGHT, STOP_FOV } from './stops.js';
// links between floors through the stairs
export { stairEnds, stairLinks } from './stair-links.js';
