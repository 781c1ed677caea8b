/** The gallery's own words in Dutch: a lazy chunk, loaded only where the nearest `lang` is Dutch. */
import type { StringKey } from './gallery-strings.js';

export const NL: Record<StringKey, string> = {
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
};
