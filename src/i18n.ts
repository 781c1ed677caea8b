/**
 * `room-elements/i18n.js`: languages for every element. English is built in; Dutch, German, French
 * and Spanish are downloaded when a page uses them; any other language is the page's own.
 *
 * ```ts
 * import { registerTranslation, overrideStrings, type Translation } from 'room-elements/i18n.js';
 * import es from 'room-elements/i18n/es.js';        // a shipped translation as a starting point
 * const pt: Translation = { ...es, gallery: { ...es.gallery, rooms: 'Salas' } }; // a misspelt key is a type error
 * await loadLanguage('nl');                         // optional: Dutch before the first words
 * registerTranslation('pt', pt);                     // <html lang="pt"> or lang="pt-BR" now speaks it
 * registerTranslation('gl', { gallery: { rooms: 'Salas' } }, { fallback: 'es' }); // the rest in Spanish
 * overrideStrings('en', { gallery: { loadMore: 'More looks' } }); // change any string
 * ```
 * Elements on the page render again when a translation arrives. Texts are shown as text, never markup.
 */
import {
  addOverrides,
  addTranslation,
  ensureLanguage,
  knownLanguages,
  normalise,
  fallbacks,
  resolveLanguage,
  type TableStrings,
} from './internal/translations.js';
import type { PartialTranslation } from './i18n/translation.js';
import './i18n/shipped.js';

export type { PartialTranslation, Translation } from './i18n/translation.js';

export interface RegisterOptions {
  /**
   * The language the strings `strings` leaves out come from: a shipped one (`de`, downloaded when
   * needed), a registered one, or `en` (the elements' built-in English). Default: a regional tag's
   * language (`de` for `de-CH`), else English.
   */
  fallback?: string;
}

/**
 * Adds a language (`lang`: a tag such as `pt` or `pt-BR`), or changes one the package ships: a whole
 * translation, or any part of one, whose missing strings come from `options.fallback` (see
 * RegisterOptions). Registered over a shipped language, the strings given win and the shipped ones
 * fill the rest.
 */
export function registerTranslation(
  lang: string,
  strings: PartialTranslation,
  options: RegisterOptions = {},
): void {
  const tag = checkedTag(lang);
  const fallback =
    options.fallback !== undefined
      ? checkedTag(options.fallback)
      : tag.includes('-')
        ? tag.split('-')[0]!
        : 'en';
  if (fallback === tag || fallback === 'en') fallbacks.delete(tag);
  else fallbacks.set(tag, fallback);
  addTranslation(tag, strings as unknown as TableStrings);
  // the fallback's strings are needed too: a shipped one is downloaded now
  void ensureLanguage(tag);
}

/** Changes some strings of `lang` (English included), whatever else provides that language. */
export function overrideStrings(lang: string, strings: PartialTranslation): void {
  addOverrides(checkedTag(lang), strings as unknown as TableStrings);
}

/**
 * Downloads a shipped language now (`nl`, `de`, `fr`, `es`, or a regional tag of one), so that the
 * elements' first words are already in it: otherwise they speak English until it arrives (one
 * request, a few KB). Resolves when the language is in; at once for English or a registered one.
 */
export function loadLanguage(lang: string): Promise<void> {
  return ensureLanguage(resolveLanguage(lang)).then(() => undefined);
}

/** The languages elements can speak now: built in, shipped (downloaded on first use) and registered. */
export function languages(): string[] {
  return knownLanguages();
}

function checkedTag(lang: string): string {
  const tag = normalise(String(lang));
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(tag)) throw new TypeError(`"${lang}" is not a language tag`);
  return tag;
}
