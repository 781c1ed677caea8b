/**
 * The three.js side of `<room-viewer>`'s features (picking, the selection outline, camera flights,
 * hotspots, the cutaway, measuring, snapshots): a lazy module of its own, apart from src/three/index.ts,
 * so a viewer's first frame waits only for what draws the room. The element loads it when a feature
 * is first used (room-viewer/base.ts's `loadFeatures`), or before the first frame when an attribute asks
 * for the opening view (`focus-component`, `camera-orbit`, `selected`, `cutaway`, a slotted hotspot).
 */
export { pickComponent, type ComponentPick } from './picking.js';
export { componentTop, modelPoint, projectPoint, visibleWalls, behindWall } from './hotspots.js';
export { renderSnapshot, snapshotLimit } from './snapshot.js';
export { SelectionOutline, SELECTED_COLOUR, HIGHLIGHT_COLOUR } from './selection-outline.js';
export {
  frameComponent,
  frameArea,
  frameBox,
  componentBox,
  cameraView,
  flyTo,
  jumpTo,
  prefersReducedMotion,
  FLY_DURATION,
  type CameraView,
  type FlyOptions,
} from './fly.js';
export { Cutaway, CUTAWAY_HEIGHT, wallsToLower } from './cutaway.js';
export { pickSurface, screenPoint, distanceBetween, SNAP_PIXELS, type MeasurePoint } from './measure.js';
export { toWorld, toModel } from './axes.js';
// toPanorama (issue 38)
export { renderPanorama, PANORAMA_FACES, type PanoramaFace } from './panorama-render.js';
// anchors followed on screen (hotspots' positions per frame): with the features, not before the first frame (issue 33)
export { AnchorTracker } from './anchors.js';
// the render worker's first stage without them (issue 33): walk mode, swapping a piece and the
// inspection come with the features (view-driver.ts)
export { WalkControls } from './walk/walk-controls.js';
export { PieceSwaps } from './swap.js';
export { inspectView } from './inspect.js';
// surfaces (issue 37): picked and painted with the features, not before the first frame (issue 33)
export { pickRoomSurface, surfacesOf } from './surfaces.js';
