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

// Types at the elements' boundaries (event details, properties), for pages and for room-elements/jsx.
export type { ExportRequest } from './api/planning/export-tables.js';
export type {
  ExportDoneDetail,
  ExportErrorDetail,
} from './elements/project-export-button/project-export-button.js';
export type { CardContext, RenderCard } from './elements/room-gallery/gallery-card.js';
export { PanoramaError, type PanoramaReadyDetail } from './elements/room-panorama/room-panorama.js';
export type { CubeFaces } from './panorama/cube-faces.js';
export type { PanoramaView } from './panorama/view.js';
export { PlanError, type PlanLoadDetail, type PlanErrorDetail } from './elements/room-plan/room-plan.js';
export type { Units } from './model/units.js';
export type { CameraChange, CameraMode, ComponentLoader } from './three/index.js';
export type { ModelLoadDetail, ModelErrorDetail } from './elements/room-viewer/room-viewer.js';
export type { RoomElement } from './internal/room-element.js';
