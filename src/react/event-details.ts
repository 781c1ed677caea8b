// Generated from custom-elements.json by scripts/make-react.mjs (npm run analyze): do not edit.
import type * as Details from '../index.js';

/** Every room element event's `detail` type, by the event's name (see `eventsOf`). */
export interface EventDetails {
  'add-to-cart': Details.AddToCartDetail;
  'ar-status': Details.ArStatusDetail;
  'camera-change': Details.CameraChangeDetail;
  'component-select': Details.ComponentSelectDetail;
  'export-done': Details.ExportDoneDetail;
  'export-error': Details.ExportErrorDetail;
  'export-start': Details.ExportStartDetail;
  'first-frame': Details.FirstFrameDetail;
  'floor-change': Details.FloorChangeDetail;
  'fullscreen-change': Details.FullscreenChangeDetail;
  measure: Details.MeasureDetail;
  'model-error': Details.ModelErrorDetail;
  'model-load': Details.ModelLoadDetail;
  'panorama-error': Details.PanoramaErrorDetail;
  'panorama-ready': Details.PanoramaReadyDetail;
  progress: Details.ProgressDetail;
  'render-scale': Details.RenderScaleDetail;
  'room-analytics': Details.RoomAnalyticsDetail;
  'room-change': Details.RoomChangeDetail;
  'room-change-error': Details.RoomChangeErrorDetail;
  'room-select': Details.RoomSelectDetail;
  'rooms-error': Details.RoomsErrorDetail;
  'rooms-load': Details.RoomsLoadDetail;
  'stop-change': Details.StopChangeDetail;
  'surface-select': Details.SurfaceSelectDetail;
  'tour-error': Details.TourErrorDetail;
  'tour-ready': Details.TourReadyDetail;
  'view-change': Details.PanoramaView;
}
