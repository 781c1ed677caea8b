/**
 * The number formats of a locale made ahead, while the page waits for the network (units.ts says why:
 * the first Intl.NumberFormat of a page loads the number data), with the formatting code fetched only
 * for a locale that needs Intl: plain English is written without it, so an English viewer's first
 * frame does without units.ts (issue 33).
 */
import { PLAIN_ENGLISH } from './plain-english.js';

/** Makes the number formats of `locale` now (nothing for plain English, which needs no Intl). */
export function warmNumberFormats(locale?: string): void {
  if (locale !== undefined && PLAIN_ENGLISH.test(locale)) return;
  // a failed download is no failure: the formats are made when first used
  import('./units-ahead.js').then(
    (units) => units.warmNumberFormats(locale),
    () => undefined,
  );
}
