/** Walk mode's pure side (docs/walk.md): the walker's world, its moves and where a walk starts. */
export { EYE_HEIGHT, WALK_RADIUS, stairAt, walkWorld } from './walk-world.js';
export type { Blocker, WalkStair, WalkWorld } from './walk-world.js';
export { clearance, settle, throughWall, walk } from './walk-collide.js';
export { walkStart, type WalkCamera, type WalkStart } from './walk-start.js';
// furniture holds the walker (issue 38 follow-up)
export { HEAD, LOW, obstacleOf, walkFurniture, type WalkObstacle } from './walk-furniture.js';
export { stairTarget } from './walk-stairs.js';
export { PATH_SLICE_MS, walkPath, walkPathSliced } from './walk-path.js';
