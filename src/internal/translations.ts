/**
 * The page-wide string registry behind every element's words. English is built into each element
 * (its string table's `en`); every other language is a translation registered here, by the page
 * (`registerTranslation()` from `room-elements/i18n.js`) or by the shipped Dutch, German, French and
 * Spanish modules, which are downloaded only when a page asks for that language. Overrides (`overrideStrings()`) win over both, so a page can change any string.
 *
 * Kept on `globalThis` under a Symbol, as the configuration is: two copies of the package on one page
 * (the CDN loader and an npm build) share one set of translations.
 */

/** Every table's strings for one language: table name → key → text. */
export type TableStrings = Record<string, Record<string, string> | undefined>;

interface Registry {
  /** lang → registered translation; lang → a page's overrides */
  t: Map<string, TableStrings>;
  o: Map<string, TableStrings>;
  /** told after any change (elements render again) */
  l: Set<() => void>;
  /** languages the package can download itself (src/i18n/shipped.ts); taken out while downloading */
  d: Map<string, () => Promise<unknown>>;
  /** lang → the language its missing strings come from (registerTranslation's `fallback`) */
  f?: Map<string, string>;
}

const KEY = Symbol.for('room-elements.translations');
const registry: Registry = ((globalThis as { [KEY]?: Registry })[KEY] ??= {
  t: new Map(),
  o: new Map(),
  l: new Set(),
  d: new Map(),
  f: new Map(),
});
/**
 * lang → the language its missing strings come from (none: English, the elements' own). Set by
 * registerTranslation() (src/i18n.ts); a registry made by an older copy of the package has none yet.
 */
export const fallbacks: Map<string, string> = (registry.f ??= new Map());

/** How many fallbacks are followed at most (a page's `a` over `b` over `a` must not loop). */
const FALLBACK_DEPTH = 4;

/** `lang`, then the languages it falls back to in order, English not included. */
export function fallbackChain(lang: string): string[] {
  const chain = [lang];
  for (let next = fallbacks.get(lang); next && chain.length <= FALLBACK_DEPTH; next = fallbacks.get(next)) {
    if (chain.includes(next)) break;
    chain.push(next);
  }
  return chain;
}

/** A language tag as the registry keys it: lower case, `_` as `-` ("pt_BR" → "pt-br"). */
export const normalise = (lang: string) => lang.trim().toLowerCase().replace(/_/g, '-');

function merge(into: Map<string, TableStrings>, lang: string, strings: TableStrings): void {
  const current = into.get((lang = normalise(lang))) ?? {};
  for (const table in strings) {
    const texts: Record<string, string> = { ...current[table] };
    // only strings become text: a page's table is data, and a non-string would print as "[object …]"
    for (const [name, text] of Object.entries(strings[table] ?? {}))
      if (typeof text == 'string') texts[name] = text;
    current[table] = texts;
  }
  into.set(lang, current);
  registry.l.forEach((listener) => listener());
}

export const addTranslation = (lang: string, strings: TableStrings) => merge(registry.t, lang, strings);
export const addOverrides = (lang: string, strings: TableStrings) => merge(registry.o, lang, strings);

/** Languages with strings of their own: English, the registered ones and those the package ships. */
export function knownLanguages(): string[] {
  return [...new Set(['en', ...registry.t.keys(), ...registry.d.keys()])];
}

/**
 * The language an element speaks for the page's `lang` value: the exact tag when it has strings
 * ("pt-br"), else its primary subtag ("pt"), else English.
 */
export function resolveLanguage(lang: string | null | undefined): string {
  const tag = normalise(lang ?? '');
  if (!tag) return 'en';
  const known = knownLanguages();
  if (known.includes(tag)) return tag;
  const primary = tag.split('-')[0]!;
  return known.includes(primary) ? primary : 'en';
}

/**
 * The registered or overriding text of `table`.`key` in `lang`, if any: `lang`'s own, else its
 * fallback's (a page's partial translation over a shipped one), and so on.
 */
export function registeredText(lang: string, table: string, key: string): string | undefined {
  for (const tag of fallbackChain(lang)) {
    const text = own(registry.o.get(tag)?.[table], key) ?? own(registry.t.get(tag)?.[table], key);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** English overrides apply wherever English is the fallback. */
export function englishOverride(table: string, key: string): string | undefined {
  return own(registry.o.get('en')?.[table], key);
}

/** A table's own string `key`: a key from a service ("constructor", "__proto__") finds no Object member. */
function own(texts: Record<string, string> | undefined, key: string): string | undefined {
  return texts && Object.hasOwn(texts, key) ? texts[key] : undefined;
}

/** Called after any translation or override changed (elements render again). */
export function onTranslationsChanged(listener: () => void): () => void {
  registry.l.add(listener);
  return () => registry.l.delete(listener);
}

/** Lets the package download one of its own languages when a page first asks for it. */
export function addLanguageLoader(lang: string, load: () => Promise<unknown>): void {
  registry.d.set(lang, load);
}

/**
 * Starts downloading `lang`'s shipped strings once, if the package has them, and those of the
 * languages it falls back to; resolves when they are in (at once when there is nothing to download).
 */
export function ensureLanguage(lang: string): Promise<unknown> {
  // a page's language over a shipped one: that one's strings are needed too
  return Promise.all(fallbackChain(lang).map(ensureOne));
}

/** A shipped language's loader once its strings are in (or being fetched): asked again, it fetches nothing. */
type Loader = (() => Promise<unknown>) & { arrived?: true };

function ensureOne(lang: string): Promise<unknown> {
  const load: Loader | undefined = registry.d.get(lang);
  // a page's registration for a shipped language is merged over it: the shipped strings fill its gaps
  if (!load) return Promise.resolve();
  if (load.arrived) return load();
  const arriving = load().then(
    (strings) => {
      // a page's own registration, made while this was on its way, stays on top of the shipped one
      const own = registry.t.get(lang);
      addTranslation(lang, strings as TableStrings);
      if (own) addTranslation(lang, own);
    },
    // the chunk could not be downloaded: English stays, and a later element may try again
    () => registry.d.set(lang, load),
  );
  // while on its way, asking again waits for the same download (and after it, fetches nothing)
  registry.d.set(
    lang,
    Object.assign(() => arriving, { arrived: true as const }),
  );
  return arriving;
}
