/**
 * Registers every element: the CDN entry (`dist/cdn/room-elements.js`) and the package's main module.
 * Each element can also be imported alone (`room-elements/room-gallery.js`).
 */
export { configure, getConfig, resetConfig, type RoomElementsConfig } from './config.js';
export { ApiError } from './api/http.js';
export { RoomGallery } from './elements/room-gallery/room-gallery.js';
export { RoomPanorama } from './elements/room-panorama/room-panorama.js';
export { RoomViewer } from './elements/room-viewer/room-viewer.js';
export { RoomPlan } from './elements/room-plan/room-plan.js';
export { ProjectExportButton } from './elements/project-export-button/project-export-button.js';
