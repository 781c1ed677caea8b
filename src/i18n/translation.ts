/**
 * The shape of a whole translation: every string table of every element, by the table's `name`
 * (each shipped language, room-elements/i18n/<lang>.js, is one). `registerTranslation()` and
 * `overrideStrings()` take any part of it (PartialTranslation): a misspelt key is a type error, a
 * missing one comes from the fallback language. Imports types only, none of the elements' code.
 */
import type { ErrorPanelKey } from '../features/error-panel/error-panel.strings.js';
import type { IssueMessages } from '../api/planning/export-issues.js';
import type { Key as ExportButtonKey } from '../elements/project-export-button/project-export-button.strings.js';
import type { FilterKey } from '../elements/room-gallery/features/filters.js';
import type { StringKey as GalleryKey } from '../elements/room-gallery/room-gallery.strings.js';
import type { PanoramaStringKey } from '../elements/room-panorama/room-panorama.strings.js';
import type { PlanStringKey } from '../elements/room-plan/room-plan.strings.js';
import type { ViewerStringKey } from '../elements/room-viewer/room-viewer.strings.js';
import type { FullscreenKey } from '../features/fullscreen/fullscreen.strings.js';
import type { HintKey } from '../features/fullscreen/gestures.strings.js';
import type { MeasureStringKey } from '../features/measure/measure.strings.js';
import type { DescriptionKey } from '../features/selection/room-description.strings.js';
import type { CartKey } from '../features/cart/cart.strings.js';
import type { QuantitiesKey } from '../features/quantities/quantities.strings.js';
import type { RoomStyleKey, RoomTypeKey, TimeframeKey } from '../elements/room-gallery/vocabulary.strings.js';
import type { TourStringKey } from '../elements/room-tour/room-tour.strings.js';

type Table<K extends string> = Record<K, string>;
/** A table of the service's words: the keys it is known to have, and any other key a page's service has. */
type OpenTable<K extends string> = Table<K> & Record<string, string>;

export interface Translation {
  /** `<room-gallery>`: cards, counts, paging. */
  gallery: Table<GalleryKey>;
  /** `<room-gallery filters>`: the search box and the selects. */
  galleryFilters: Table<FilterKey>;
  /** The error panel of every element: a title and a sentence per kind of failure, and the retry button. */
  errors: Table<ErrorPanelKey>;
  /** `<room-panorama>`, and the labels it hands to the panorama viewer's navigation bar. */
  panorama: Table<PanoramaStringKey>;
  /** `<room-viewer>`. */
  viewer: Table<ViewerStringKey>;
  /** `<room-plan>`. */
  plan: Table<PlanStringKey>;
  /** `<project-export-button>`. */
  exportButton: Table<ExportButtonKey>;
  /** `<project-export-button>`: why an export request is not valid (`{path}`, `{allowed}`...). */
  exportIssues: Table<keyof IssueMessages>;
  /** Measuring in `<room-viewer>` and `<room-plan>`. */
  measure: Table<MeasureStringKey>;
  /** The room description (areas and furniture) of `<room-viewer>` and `<room-plan>`. */
  description: Table<DescriptionKey>;
  /** The full-screen button. */
  fullscreen: Table<FullscreenKey>;
  /** The hint of cooperative gesture handling (wheel and touch). */
  gestures: Table<HintKey>;
  /** `cart` on `<room-viewer>` and `<room-plan>`: the "add the whole look" button. */
  cart: Table<CartKey>;
  /** `show-quantities` on `<room-plan>`: the quantities table. */
  quantities: Table<QuantitiesKey>;
  /** The service's room types (search-meta categories) by key: `<room-gallery>`'s filter and its cards. */
  roomTypes: OpenTable<RoomTypeKey>;
  /** The service's styles by key: `<room-gallery>`'s filter and its cards. */
  roomStyles: OpenTable<RoomStyleKey>;
  /** The service's timeframes by key: `<room-gallery>`'s "added" filter. */
  timeframes: OpenTable<TimeframeKey>;
  // the tour (issue 38)
  /** `<room-tour>`: its links' names, warnings and status. */
  tour: Table<TourStringKey>;
}

/** Any part of a translation: the strings a page wants to change. */
export type PartialTranslation = { [T in keyof Translation]?: Partial<Translation[T]> };
