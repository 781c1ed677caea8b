/**
 * English: every string of every element, gathered from the elements' own tables (English is built
 * into each element; this module is for a page that starts its own language from English:
 * `import en from 'room-elements/i18n/en.js'`). Never loaded by an element.
 */
import {
  ISSUE_MESSAGES,
  STRINGS as EXPORT_BUTTON,
} from '../elements/project-export-button/project-export-button.strings.js';
import { FILTER_STRINGS } from '../elements/room-gallery/features/filters.js';
import { STRINGS as GALLERY } from '../elements/room-gallery/room-gallery.strings.js';
import {
  ROOM_STYLE_STRINGS,
  ROOM_TYPE_STRINGS,
  TIMEFRAME_STRINGS,
} from '../elements/room-gallery/vocabulary.strings.js';
import { STRINGS as PANORAMA } from '../elements/room-panorama/room-panorama.strings.js';
import { PLAN_STRINGS } from '../elements/room-plan/room-plan.strings.js';
import { VIEWER_STRINGS } from '../elements/room-viewer/room-viewer.strings.js';
import { CART_STRINGS } from '../features/cart/cart.strings.js';
import { ERROR_PANEL_STRINGS } from '../features/error-panel/error-panel.strings.js';
import { FULLSCREEN_STRINGS } from '../features/fullscreen/fullscreen.strings.js';
import { GESTURE_STRINGS } from '../features/fullscreen/gestures.strings.js';
import { MEASURE_STRINGS } from '../features/measure/measure.strings.js';
import { QUANTITIES_STRINGS } from '../features/quantities/quantities.strings.js';
import { DESCRIPTION_STRINGS } from '../features/selection/room-description.strings.js';
import { TOUR_STRINGS } from '../elements/room-tour/room-tour.strings.js';
import type { Translation } from './translation.js';

const en: Translation = {
  gallery: { ...GALLERY.en },
  galleryFilters: { ...FILTER_STRINGS.en },
  errors: { ...ERROR_PANEL_STRINGS.en },
  panorama: { ...PANORAMA.en },
  viewer: { ...VIEWER_STRINGS.en },
  plan: { ...PLAN_STRINGS.en },
  exportButton: { ...EXPORT_BUTTON.en },
  exportIssues: { ...ISSUE_MESSAGES.en },
  measure: { ...MEASURE_STRINGS.en },
  description: { ...DESCRIPTION_STRINGS.en },
  fullscreen: { ...FULLSCREEN_STRINGS.en },
  gestures: { ...GESTURE_STRINGS.en },
  cart: { ...CART_STRINGS.en },
  quantities: { ...QUANTITIES_STRINGS.en },
  roomTypes: { ...ROOM_TYPE_STRINGS.en },
  roomStyles: { ...ROOM_STYLE_STRINGS.en },
  timeframes: { ...TIMEFRAME_STRINGS.en },
  tour: { ...TOUR_STRINGS.en },
};

export default en;
