/**
 * The demo shop's priced lists: the basket (shop-the-look.sell.ts) and the look now
 * (shop-the-look.yours.ts) are each a section with a heading, a list of "count × product: price"
 * lines and a total read out when it changes.
 */
import { formatPrice, type Product } from './shop-the-look.catalogue.ts';

export interface PricedList {
  section: HTMLElement;
  list: HTMLUListElement;
  total: HTMLParagraphElement;
}

/** `<section class=… aria-label=…><h3>…</h3><ul></ul><p class="…-total" aria-live="polite"></p></section>`. */
export function pricedList(className: string, label: string, heading: string): PricedList {
  const section = document.createElement('section');
  section.className = className;
  section.setAttribute('aria-label', label);
  const h3 = document.createElement('h3');
  h3.textContent = heading;
  const list = document.createElement('ul');
  const total = document.createElement('p');
  total.className = `${className}-total`;
  total.setAttribute('aria-live', 'polite');
  section.append(h3, list, total);
  return { section, list, total };
}

/** One line: `count × name: price of them all`. */
export function priceLine(count: number, product: Product): HTMLLIElement {
  const li = document.createElement('li');
  li.textContent = `${count} × ${product.name}: ${formatPrice(product.priceCents * count)}`;
  return li;
}
