/**
 * AR Quick Look (iPhone, iPad): Safari opens a USDZ from `<a rel="ar">` (with an `<img>` child, which
 * it requires) in AR, and shows a banner whose call to action is given in the URL's fragment
 * (`callToAction`, `checkoutTitle`, `checkoutSubtitle`, `price`); a tap on it is posted to the anchor as
 * a `message` event whose data is `_apple_ar_quicklook_button_tapped` (Apple's "Adding an Apple Pay
 * button or a custom action in AR Quick Look"; model-viewer listens the same way).
 */

import { lookTotal, type LookLine } from '../ar-look/look-lines.js';

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

/**
 * The subtitle (the products' names, counted, cut to stay on a banner's line) and the total price
 * (only when every line has one; in `currency` when the page gives one, formatted in `lang`).
 */
export function bannerFromLines(
  lines: readonly LookLine[],
  lang: string,
  currency?: string,
): { subtitle: string; count: number; price?: string } {
  // one name per product, counted: "2× Armchair, Sofa"
  const products = new Map<string, { name: string; count: number }>();
  for (const line of lines) {
    const key = line.componentId ?? `piece:${line.pieceId}`;
    const product = products.get(key) ?? { name: line.name, count: 0 };
    product.count++;
    products.set(key, product);
  }
  const names = [...products.values()].map((p) => (p.count > 1 ? `${p.count}× ${p.name}` : p.name));
  let subtitle = names.join(', ');
  if (subtitle.length > 80) subtitle = `${subtitle.slice(0, 79).trimEnd()}…`;
  const total = lookTotal(lines);
  if (total === undefined) return { subtitle, count: products.size };
  let price: string;
  try {
    price = new Intl.NumberFormat(lang, currency ? { style: 'currency', currency } : {}).format(total);
  } catch {
    price = String(total);
  }
  return { subtitle, count: products.size, price };
}

/**
 * Opens Quick Look: `anchor` (made once per element, so its one `message` listener fires once per tap)
 * gets the href and is clicked, as Safari wants it. It is kept, hidden, in `root` (the element's shadow
 * root): iOS 16 posts the banner's tap only to an anchor in the document (model-viewer does the same).
 */
export function openQuickLook(anchor: HTMLAnchorElement, href: string, root: ParentNode): void {
  anchor.rel = 'ar';
  anchor.hidden = true;
  anchor.setAttribute('download', 'look.usdz');
  if (!anchor.querySelector('img')) anchor.append(document.createElement('img'));
  anchor.href = href;
  if (!anchor.isConnected) root.append(anchor);
  anchor.click();
}
