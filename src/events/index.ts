/**
 * Every event the elements fire, declared once (one file per event, each adding its entry to
 * GlobalEventHandlersEventMap so `addEventListener('model-load', e => e.detail.model)` is typed on pages).
 * Each file exports only its detail type, so the index passes on whatever a file declares.
 */
export type * from './add-to-cart.js';
export type * from './ar-status.js';
export type * from './camera-change.js';
export type * from './component-select.js';
export type * from './export-done.js';
export type * from './export-error.js';
export type * from './export-start.js';
export type * from './floor-change.js';
export type * from './fullscreen-change.js';
export type * from './measure.js';
export type * from './model-error.js';
export type * from './model-load.js';
export type * from './panorama-error.js';
export type * from './panorama-ready.js';
export type * from './progress.js';
export type * from './render-scale.js';
export type * from './room-select.js';
export type * from './rooms-error.js';
export type * from './room-analytics.js';
export type * from './rooms-load.js';
export type * from './view-change.js';
// the change log (issue 37)
export type * from './room-change.js';
export type * from './room-change-error.js';
export type * from './surface-select.js';
// the tour (issue 38)
export type * from './tour-ready.js';
export type * from './stop-change.js';
export type * from './tour-error.js';
// the viewer's first frame, before its API is in (issue 33)
export type * from './first-frame.js';

export type RoomEventName =
  | 'add-to-cart'
  | 'ar-status'
  | 'camera-change'
  | 'component-select'
  | 'export-done'
  | 'export-error'
  | 'export-start'
  | 'floor-change'
  | 'fullscreen-change'
  | 'measure'
  | 'model-error'
  | 'model-load'
  | 'panorama-error'
  | 'panorama-ready'
  | 'progress'
  | 'render-scale'
  | 'room-analytics'
  | 'room-select'
  | 'rooms-error'
  | 'rooms-load'
  | 'view-change'
  // the change log (issue 37)
  | 'room-change'
  | 'room-change-error'
  | 'surface-select'
  // the tour (issue 38)
  | 'tour-ready'
  | 'stop-change'
  | 'tour-error'
  // the viewer's first frame, before its API is in (issue 33)
  | 'first-frame';

/** The detail type of event `K`. */
export type DetailOf<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;
