/**
 * Every event the elements fire, declared once (one file per event, each adding its entry to
 * GlobalEventHandlersEventMap so `addEventListener('model-load', e => e.detail.model)` is typed on pages).
 */
export type { CameraChangeDetail } from './camera-change.js';
export type { ExportDoneDetail } from './export-done.js';
export type { ExportErrorDetail } from './export-error.js';
export type { ExportStartDetail } from './export-start.js';
export type { FloorChangeDetail } from './floor-change.js';
export type { ModelErrorDetail } from './model-error.js';
export type { ModelLoadDetail } from './model-load.js';
export type { PanoramaErrorDetail } from './panorama-error.js';
export type { PanoramaReadyDetail } from './panorama-ready.js';
export type { RoomSelectDetail } from './room-select.js';
export type { RoomsErrorDetail } from './rooms-error.js';
export type { RoomsLoadDetail } from './rooms-load.js';
export type { ViewChangeDetail } from './view-change.js';

export type RoomEventName =
  | 'camera-change'
  | 'export-done'
  | 'export-error'
  | 'export-start'
  | 'floor-change'
  | 'model-error'
  | 'model-load'
  | 'panorama-error'
  | 'panorama-ready'
  | 'room-select'
  | 'rooms-error'
  | 'rooms-load'
  | 'view-change';

/** The detail type of event `K`. */
export type DetailOf<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;
