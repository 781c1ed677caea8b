/**
 * The type of an element's string table, in a leaf module: the tables (*.strings.ts) and the whole
 * translation's type (src/i18n/translation.ts) import it without reaching the language code
 * (language.ts, translations.ts), so the types of src/i18n and src/internal form no circle (issue 33).
 */

/**
 * A language an element speaks: `en`, `nl`, a shipped one (`de`, `fr`, `es`) or one a page registered
 * (see src/internal/translations.ts); a lower-case tag.
 */
export type Language = string;

/**
 * An element's string table: its English, built in (the fallback for every other language, and the
 * only language a page downloads with the element); every other language comes from the registry
 * (src/internal/translations.ts): Dutch, German, French and Spanish are downloaded when an element
 * speaks them. `name` is the table's key in a translation (`registerTranslation(lang, { [name]: … })`).
 * `nl` is for tables that carry their Dutch along (tests, a page's own element).
 */
export interface StringTable<K extends string> {
  name: string;
  en: Record<K, string>;
  nl?: Partial<Record<K, string>>;
}
export type Strings<K extends string> = StringTable<K>;
