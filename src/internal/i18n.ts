/**
 * Internal strings in English and Dutch, picked by the nearest `lang` (element, ancestors, page).
 * Each element keeps its own table; this holds only the lookup.
 */
export type Strings<K extends string> = Record<'en' | 'nl', Record<K, string>>;

export function languageOf(element: Element): 'en' | 'nl' {
  const lang =
    element.closest('[lang]')?.getAttribute('lang') ??
    (typeof document !== 'undefined' ? document.documentElement.lang : '') ??
    '';
  return lang.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

/** `t(table, el, 'key', {n: 3})`: the string in the element's language, `{name}` placeholders filled. */
export function translate<K extends string>(
  table: Strings<K>,
  element: Element,
  key: K,
  values: Record<string, string | number> = {},
): string {
  const text = table[languageOf(element)][key] ?? table.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}
