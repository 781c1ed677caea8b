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
  | 'errorTimeout'
  | 'errorNetwork'
  | 'errorRefused'
  | 'errorServer'
  | 'errorInvalid'
  | 'errorNotFound'
  | 'errorForbidden'
  | 'errorOther'
  | 'filtersLabel'
  | 'search'
  | 'searchPlaceholder'
  | 'style'
  | 'category'
  | 'since'
  | 'anyStyle'
  | 'anyCategory'
  | 'anyTime'
  | 'metaFailed'
  | 'pager'
  | 'previous'
  | 'next'
  | 'pageOf'
  | 'pageOnly'
  | 'loadMore'
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
  errorTimeout: 'The room service did not answer in time.',
  errorNetwork: 'The room service could not be reached. Check the connection.',
  errorRefused: 'The room service refused the request ({status}): {message}',
  errorServer: 'The room service had a problem ({status}). Please try again later.',
  errorInvalid: 'The room service sent an answer the gallery cannot read.',
  errorNotFound: 'The room service was not found at this address ({status}).',
  errorForbidden: 'The room service does not allow this request ({status}).',
  errorOther: 'The rooms could not be loaded: {message}',
  filtersLabel: 'Filter rooms',
  search: 'Search',
  searchPlaceholder: 'Search rooms',
  style: 'Style',
  category: 'Room type',
  since: 'Added',
  anyStyle: 'All styles',
  anyCategory: 'All room types',
  anyTime: 'Any time',
  metaFailed: 'The style and room type lists could not be loaded.',
  pager: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {page} of {pages}',
  pageOnly: 'Page {page}',
  loadMore: 'Show more rooms',
  panorama: '360°',
  photoreal: 'Photo',
  untitled: 'Untitled room',
  noImage: 'No picture',
};
