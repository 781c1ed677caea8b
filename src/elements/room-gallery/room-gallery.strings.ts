/**
 * The gallery's own words, English and Dutch (the element picks by the nearest `lang`, through the
 * shared LanguageController), the pager's among them. The filter controls bring their own words in
 * their lazy chunk; what a failure says, per kind of failure, is in room-gallery.error-strings.ts, a lazy chunk
 * downloaded only on the way to an error.
 */
import type { Strings } from '../../internal/language.js';

export type StringKey =
  | 'rooms'
  | 'loading'
  | 'loadingMore'
  | 'countTotal'
  | 'countRange'
  | 'countShown'
  | 'countShownOfTotal'
  | 'countRangeOpen'
  | 'empty'
  | 'clearFilters'
  | 'retry'
  | 'panorama'
  | 'photoreal'
  | 'untitled'
  | 'noImage'
  | 'pager'
  | 'previous'
  | 'next'
  | 'pageOf'
  | 'pageOnly'
  | 'loadMore';

export const STRINGS: Strings<StringKey> = {
  en: {
    rooms: 'Rooms',
    loading: 'Loading rooms…',
    loadingMore: 'Loading more rooms…',
    countTotal: '{total} rooms',
    countRange: 'Rooms {from} to {to} of {total}',
    countShown: '{shown} rooms shown',
    countShownOfTotal: '{shown} of {total} rooms shown',
    countRangeOpen: 'Rooms {from} to {to}',
    empty: 'No rooms match this search.',
    clearFilters: 'Clear filters',
    retry: 'Try again',
    panorama: '360°',
    photoreal: 'Photo',
    untitled: 'Untitled room',
    noImage: 'No picture',
    pager: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    pageOnly: 'Page {page}',
    loadMore: 'Show more rooms',
  },
  nl: {
    rooms: 'Kamers',
    loading: 'Kamers laden…',
    loadingMore: 'Meer kamers laden…',
    countTotal: '{total} kamers',
    countRange: 'Kamers {from} tot {to} van {total}',
    countShown: '{shown} kamers getoond',
    countShownOfTotal: '{shown} van {total} kamers getoond',
    countRangeOpen: 'Kamers {from} tot {to}',
    empty: 'Geen kamers gevonden voor deze zoekopdracht.',
    clearFilters: 'Filters wissen',
    retry: 'Opnieuw proberen',
    panorama: '360°',
    photoreal: 'Foto',
    untitled: 'Kamer zonder naam',
    noImage: 'Geen afbeelding',
    pager: 'Pagina’s',
    previous: 'Vorige',
    next: 'Volgende',
    pageOf: 'Pagina {page} van {pages}',
    pageOnly: 'Pagina {page}',
    loadMore: 'Meer kamers tonen',
  },
};

/** The element's words in its language, `{name}` placeholders filled. */
export type Translate = (key: StringKey, values?: Record<string, string | number>) => string;
