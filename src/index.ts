/**
 * Registers every element: the package's main module and the eager CDN entry. Each element can also
 * be imported alone (`room-elements/room-gallery.js`).
 */
export { configure, getConfig, resetConfig, type RoomElementsConfig } from './config.js';
export {
  languages,
  loadLanguage,
  overrideStrings,
  registerTranslation,
  type PartialTranslation,
  type Translation,
} from './i18n.js';
export { ApiError } from './api/http.js';
export { classifyFailure, type FailureKind } from './api/failure.js';
export { ElementError } from './internal/element-error.js';
export { RoomGallery } from './elements/room-gallery/room-gallery.js';
export { PanoramaError, RoomPanorama } from './elements/room-panorama/room-panorama.js';
export { RoomViewer } from './elements/room-viewer/room-viewer.js';
export { RoomPlan } from './elements/room-plan/room-plan.js';
export { ProjectExportButton } from './elements/project-export-button/project-export-button.js';
export { RoomTour } from './elements/room-tour/room-tour.js';

// Types at the elements' boundaries (event details, properties), for pages and for room-elements/jsx.
// Every event's detail is declared once, in src/events.
export type {
  AddToCartDetail,
  CameraChangeDetail,
  ComponentSelectDetail,
  DetailOf,
  ExportDoneDetail,
  ExportErrorDetail,
  ExportStartDetail,
  FloorChangeDetail,
  FullscreenChangeDetail,
  MeasureDetail,
  ModelErrorDetail,
  ModelLoadDetail,
  PanoramaErrorDetail,
  PanoramaReadyDetail,
  ProgressDetail,
  RenderScaleDetail,
  RoomAnalyticsDetail,
  RoomEventName,
  RoomSelectDetail,
  RoomsErrorDetail,
  RoomsLoadDetail,
  ViewChangeDetail,
  // the change log and surfaces (issue 37)
  RoomChangeDetail,
  RoomChangeErrorDetail,
  SurfaceSelectDetail,
  // the tour (issue 38)
  StopChangeDetail,
  TourErrorDetail,
  TourReadyDetail,
} from './events/index.js';
// AR (room-viewer features/ar.ts)
export type { ArStatusDetail } from './events/index.js';
// the viewer's first frame, before its API (issue 33)
export type { FirstFrameDetail } from './events/index.js';
// the change log and surfaces (issue 37)
export type {
  ChangeKind,
  ChangeRequest,
  ChangeSource,
  RoomChange,
  ChangeFailure,
  ChangeRefusalReason,
} from './features/changes/change-log.js';
export type { SurfaceInput, SurfaceValue } from './features/changes/surface-value.js';
export type { MaterialArea, SurfaceQuantities } from './features/quantities/surface-quantities.js';
export type { ExportRequest } from './api/planning/export-tables.js';
export type { CardContext, RenderCard } from './elements/room-gallery/cards/card.js';
export type { CubeFaces } from './panorama/cube-faces.js';
// the tour (issue 38)
export type { Tour, TourLink, TourProblem, TourStop } from './model/tour/types.js';
export type { PanoramaFaces, PanoramaOptions } from './elements/room-viewer/features/to-panorama.js';
export type { ExportedPanorama, TourProject } from './elements/room-tour/room-tour.js';
export type { PanoramaView } from './panorama/view.js';
export type { Units } from './model/units.js';
export type { RoomModelJson } from './model/types.js';
export type { RoomProduct } from './model/products.js';
export type { RoomQuantities, AreaQuantities } from './model/quantities.js';
export type { CameraChange, CameraMode, ComponentLoader } from './three/index.js';
export type { RoomElement } from './internal/room-element.js';
