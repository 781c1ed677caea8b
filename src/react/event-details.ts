// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import type {
  AddToCartDetail,
  ArStatusDetail,
  CameraChangeDetail,
  ComponentSelectDetail,
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
  PanoramaView,
  ProgressDetail,
  RenderScaleDetail,
  RoomAnalyticsDetail,
  RoomChangeDetail,
  RoomChangeErrorDetail,
  RoomSelectDetail,
  RoomsErrorDetail,
  RoomsLoadDetail,
  StopChangeDetail,
  SurfaceSelectDetail,
  TourErrorDetail,
  TourReadyDetail,
} from '../index.js';

/** Every room element event's `detail` type, by the event's name (see `eventsOf`). */
export interface EventDetails {
  'add-to-cart': AddToCartDetail;
  'ar-status': ArStatusDetail;
  'camera-change': CameraChangeDetail;
  'component-select': ComponentSelectDetail;
  'export-done': ExportDoneDetail;
  'export-error': ExportErrorDetail;
  'export-start': ExportStartDetail;
  'floor-change': FloorChangeDetail;
  'fullscreen-change': FullscreenChangeDetail;
  measure: MeasureDetail;
  'model-error': ModelErrorDetail;
  'model-load': ModelLoadDetail;
  'panorama-error': PanoramaErrorDetail;
  'panorama-ready': PanoramaReadyDetail;
  progress: ProgressDetail;
  'render-scale': RenderScaleDetail;
  'room-analytics': RoomAnalyticsDetail;
  'room-change': RoomChangeDetail;
  'room-change-error': RoomChangeErrorDetail;
  'room-select': RoomSelectDetail;
  'rooms-error': RoomsErrorDetail;
  'rooms-load': RoomsLoadDetail;
  'stop-change': StopChangeDetail;
  'surface-select': SurfaceSelectDetail;
  'tour-error': TourErrorDetail;
  'tour-ready': TourReadyDetail;
  'view-change': PanoramaView;
}
