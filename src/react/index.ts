'use client';
// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
// Every element at once: a page that shows one imports room-elements/react/<tag>.js instead,
// as each wrapper registers its element (and so downloads that element's code).
export { ProjectExportButton, ProjectExportButtonEvents } from './project-export-button.js';
export { RoomGallery, RoomGalleryEvents } from './room-gallery.js';
export { RoomPanorama, RoomPanoramaEvents } from './room-panorama.js';
export { RoomPlan, RoomPlanEvents } from './room-plan.js';
export { RoomTour, RoomTourEvents } from './room-tour.js';
export { RoomViewer, RoomViewerEvents } from './room-viewer.js';
export type { ElementEvent } from './element-event.js';
