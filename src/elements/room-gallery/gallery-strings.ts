/**
 * The gallery's own words in English. The Dutch ones are in gallery-strings-nl.ts, downloaded only
 * by galleries on a Dutch page (the element picks by the nearest `lang`).
 */

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
  | 'noImage';

export const EN: Record<StringKey, string> = {
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
};
