/** The gallery's own words, English and Dutch (picked by the nearest `lang`). */
import type { Strings } from '../../internal/i18n.js';

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
    errorTimeout: 'De kamerdienst antwoordde niet op tijd.',
    errorNetwork: 'De kamerdienst is niet bereikbaar. Controleer de verbinding.',
    errorRefused: 'De kamerdienst weigerde het verzoek ({status}): {message}',
    errorServer: 'De kamerdienst had een probleem ({status}). Probeer het later opnieuw.',
    errorInvalid: 'De kamerdienst stuurde een antwoord dat de galerij niet kan lezen.',
    errorNotFound: 'De kamerdienst is op dit adres niet gevonden ({status}).',
    errorForbidden: 'De kamerdienst staat dit verzoek niet toe ({status}).',
    errorOther: 'De kamers konden niet geladen worden: {message}',
    filtersLabel: 'Kamers filteren',
    search: 'Zoeken',
    searchPlaceholder: 'Kamers zoeken',
    style: 'Stijl',
    category: 'Soort kamer',
    since: 'Toegevoegd',
    anyStyle: 'Alle stijlen',
    anyCategory: 'Alle soorten',
    anyTime: 'Altijd',
    metaFailed: 'De lijsten met stijlen en soorten konden niet geladen worden.',
    pager: 'Pagina’s',
    previous: 'Vorige',
    next: 'Volgende',
    pageOf: 'Pagina {page} van {pages}',
    pageOnly: 'Pagina {page}',
    loadMore: 'Meer kamers tonen',
    panorama: '360°',
    photoreal: 'Foto',
    untitled: 'Kamer zonder naam',
    noImage: 'Geen afbeelding',
  },
};
