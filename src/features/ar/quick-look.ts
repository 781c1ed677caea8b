/**
 * AR Quick Look (iPhone, iPad): Safari opens a USDZ from `<a rel="ar">` (with an `<img>` child, which
 * it requires) in AR, and shows a banner whose call to action is given in the URL's fragment
 * (`callToAction`, `checkoutTitle`, `checkoutSubtitle`, `price`); a tap on it is posted to the anchor as
 * a `message` event whose data is `_apple_ar_quicklook_button_tapped` (Apple's "Adding an Apple Pay
 * button or a custom action in AR Quick Look"; model-viewer listens the same way).
 */

/** What Safari posts to the anchor when the visitor taps the banner's button. */
export const QUICK_LOOK_TAPPED = '_apple_ar_quicklook_button_tapped';

/** The banner's words. */
export interface QuickLookBanner {
  callToAction: string;
  checkoutTitle: string;
  checkoutSubtitle: string;
  /** The look's price as the page writes it (e.g. `€1,249`), when the lines carry prices. */
  price?: string;
}

/**
 * `fileUrl` (the USDZ's `blob:` URL) with the banner in its fragment, and `allowsContentScaling=0`: the
 * room stays at true size. Every value is encoded: product names are the catalogue's text, not ours.
 */
export function quickLookHref(fileUrl: string, banner: QuickLookBanner): string {
  const params = new URLSearchParams({
    allowsContentScaling: '0',
    callToAction: banner.callToAction,
    checkoutTitle: banner.checkoutTitle,
    checkoutSubtitle: banner.checkoutSubtitle,
  });
  if (banner.price) params.set('price', banner.price);
  // Safari reads the fragment with %20 for spaces, not `+`
  return `${fileUrl.split('#')[0]}#${params.toString().replace(/\+/g, '%20')}`;
}

/** A product line of the look, as the banner names it. */
export interface BannerLine {
  name?: string;
  quantity: number;
  price?: number;
  currency?: string;
}

/**
 * The subtitle (the products' names, counted, cut to stay on a banner's line) and the total price
 * (only when every line has one, in one currency, formatted in `lang`).
 */
export function bannerFromLines(
  lines: readonly BannerLine[],
  lang: string,
): { subtitle: string; price?: string } {
  const names = lines.map((l) => (l.quantity > 1 ? `${l.quantity}× ${l.name ?? ''}` : (l.name ?? '')).trim());
  let subtitle = names.filter(Boolean).join(', ');
  if (subtitle.length > 80) subtitle = `${subtitle.slice(0, 79).trimEnd()}…`;
  const currencies = new Set(lines.map((l) => l.currency));
  const priced = lines.length > 0 && lines.every((l) => Number.isFinite(l.price)) && currencies.size === 1;
  if (!priced) return { subtitle };
  const total = lines.reduce((sum, l) => sum + l.price! * l.quantity, 0);
  const [currency] = currencies;
  try {
    const format = new Intl.NumberFormat(lang, currency ? { style: 'currency', currency } : {});
    return { subtitle, price: format.format(total) };
  } catch {
    return { subtitle, price: String(total) };
  }
}

/**
 * Opens Quick Look: `anchor` (made once per element, so its one `message` listener fires once per tap)
 * gets the href and is clicked, as Safari wants it, outside the page's layout.
 */
export function openQuickLook(anchor: HTMLAnchorElement, href: string): void {
  anchor.rel = 'ar';
  if (!anchor.querySelector('img')) anchor.append(document.createElement('img'));
  anchor.href = href;
  anchor.click();
}
