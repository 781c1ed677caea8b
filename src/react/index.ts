'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
// Every wrapper: each loads its element's code (a lazy chunk) when it first renders, so a page
// downloads only the elements it shows, whichever entry it imports from.
export { ProjectExportButton, ProjectExportButtonEvents } from './project-export-button.js';
export { RoomGallery, RoomGalleryEvents } from './room-gallery.js';
export { RoomPanorama, RoomPanoramaEvents } from './room-panorama.js';
export { RoomPlan, RoomPlanEvents } from './room-plan.js';
export { RoomTour, RoomTourEvents } from './room-tour.js';
export { RoomViewer, RoomViewerEvents } from './room-viewer.js';
export type { ElementEvent } from './element-event.js';
