/**
 * The gallery's own words, in English (other languages are in src/i18n/, picked by the nearest `lang` through the
 * shared LanguageController), the pager's among them. The filter controls bring their own words in
 * their lazy chunk; what a failure says, per kind of failure, is in room-gallery.error-strings.ts, a lazy chunk
 * downloaded only on the way to an error.
 */
import type { Strings } from '../../internal/string-table.js';

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
  name: 'gallery',
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
};

/** The element's words in its language, `{name}` placeholders filled. */
export type Translate = (key: StringKey, values?: Record<string, string | number>) => string;
