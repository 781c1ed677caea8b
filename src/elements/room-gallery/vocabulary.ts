/**
 * The name `<room-gallery>` shows for one of the service's words (a room type, style or timeframe, by
 * its search-meta key) in the element's language: the tables of vocabulary.strings.ts, as a shipped
 * or a page's translation registered them. Apart from those tables, so the gallery's first cards carry
 * none of their English.
 */
import { englishOverride, registeredText } from '../../internal/translations.js';

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
