/** The words of the cart buttons of `<room-viewer>` and `<room-plan>`, in English (other languages: src/i18n/). */
import type { Strings } from '../../internal/string-table.js';

export type CartKey = 'addLook' | 'addLookLabel';

export const CART_STRINGS: Strings<CartKey> = {
  name: 'cart',
  en: { addLook: 'Add the whole look', addLookLabel: 'Add the whole look to the cart ({count} products)' },
};
