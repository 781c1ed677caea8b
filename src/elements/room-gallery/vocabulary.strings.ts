/**
 * The service's own words shown on the gallery: room types (categories), styles and timeframes, by
 * the search-meta key the service gives (Document 3, "Search meta entries"). The service names them
 * in English; these tables translate the keys it has (`roomTypes.Kitchen` → "Keuken"), and a page adds
 * a key of its own service through `registerTranslation()` / `overrideStrings()` the same way. A key no
 * table has shows the service's own name.
 */
import type { StringTable } from '../../internal/language.js';
import { englishOverride, registeredText } from '../../internal/translations.js';

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

/** Which table names the service's words of each kind. */
export type VocabularyTable = 'roomTypes' | 'roomStyles' | 'timeframes';

/**
 * The name to show for the service's `key` of a kind in `lang`: a translation's (shipped or a
 * page's, an English override included), else the service's own `name` (untrusted text, shown as text),
 * else the key itself.
 */
export function vocabularyText(table: VocabularyTable, lang: string, key: string, name?: string): string {
  return registeredText(lang, table, key) ?? englishOverride(table, key) ?? (name?.trim() || key);
}
