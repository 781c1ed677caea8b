/**
 * The service's own words shown on the gallery: room types (categories), styles and timeframes, by
 * the search-meta key the service gives (Document 3, "Search meta entries"). The service names them
 * in English; these tables translate the keys it has (`roomTypes.Kitchen` → "Keuken"), and a page adds
 * a key of its own service through `registerTranslation()` / `overrideStrings()` the same way. A key no
 * table has shows the service's own name. The English tables are the base a page's language starts
 * from (room-elements/i18n/en.js); the gallery itself shows the service's English (vocabulary.ts).
 */
import type { StringTable } from '../../internal/string-table.js';

export type RoomTypeKey =
  | 'Kitchen'
  | 'Bathroom'
  | 'Bedroom'
  | 'Living room'
  | 'Dining Room'
  | 'Garden'
  | 'Kids room'
  | 'Office'
  | 'Other';

export type RoomStyleKey =
  | 'Modern'
  | 'Eclectic'
  | 'Classic'
  | 'Country'
  | 'Glamour'
  | 'Minimal'
  | 'Retro'
  | 'Rustic'
  | 'Vintage'
  | 'Other';

export type TimeframeKey = 'Today' | 'This week' | 'This month';

export const ROOM_TYPE_STRINGS: StringTable<RoomTypeKey> = {
  name: 'roomTypes',
  en: {
    Kitchen: 'Kitchen',
    Bathroom: 'Bathroom',
    Bedroom: 'Bedroom',
    'Living room': 'Living room',
    'Dining Room': 'Dining room',
    Garden: 'Garden',
    'Kids room': 'Kids room',
    Office: 'Office',
    Other: 'Other',
  },
};

export const ROOM_STYLE_STRINGS: StringTable<RoomStyleKey> = {
  name: 'roomStyles',
  en: {
    Modern: 'Modern',
    Eclectic: 'Eclectic',
    Classic: 'Classic',
    Country: 'Country',
    Glamour: 'Glamour',
    Minimal: 'Minimal',
    Retro: 'Retro',
    Rustic: 'Rustic',
    Vintage: 'Vintage',
    Other: 'Other',
  },
};

export const TIMEFRAME_STRINGS: StringTable<TimeframeKey> = {
  name: 'timeframes',
  en: { Today: 'Today', 'This week': 'This week', 'This month': 'This month' },
};
