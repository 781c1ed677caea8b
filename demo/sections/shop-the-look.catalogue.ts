/**
 * The demo shop's own catalogue: which product each piece of a room is, keyed by the model's
 * `component_id` (the product hash `component-select` gives as `componentId`). The products, prices
 * and links are MADE UP for the demo; a retailer puts its own catalogue here. `shop.example` is a
 * reserved domain: the links lead nowhere.
 * - the project's showcase room (6346900, served by the emulator on a plain clone): its products
 *   come from the emulator's own list (server/emulator/room-styling/showcase-products.ts, pure data),
 *   the same products the emulator makes meshes of;
 * - the real sample room (6346838, "The Lake", when ../shared/realdata is there): names guessed from
 *   each piece's size in the model.
 */
import { SHOWCASE_PRODUCTS } from '../../server/emulator/room-styling/showcase-products.ts';
import { RANGE_PRODUCTS } from './shop-the-look.range.ts';

export interface Product {
  name: string;
  /** In euro cents, so no float rounding reaches the price shown. */
  priceCents: number;
  /** The product page; shown as a link only if it is http(s). */
  url: string;
  /** A pin over this product in the 3D view (its first piece in the room). */
  hotspot?: boolean;
}

/** The showcase room's products, as this shop's products. */
const SHOWCASE: [string, Product][] = SHOWCASE_PRODUCTS.map((p) => [
  p.componentId,
  { name: p.name, priceCents: p.priceCents, url: p.url, ...(p.hotspot ? { hotspot: true } : {}) },
]);

/** The real sample's products (hotspots there: the dining table, the sofa, the armchair). */
const SAMPLE: [string, Product][] = [
  [
    '742b500956e5f8cf22233853b973a1ab597d1eb5',
    {
      name: 'Fjord dining table, oak, 240 cm',
      priceCents: 129_000,
      url: 'https://shop.example/products/fjord-dining-table',
      hotspot: true,
    },
  ],
  [
    'ce86014202434bb6165481cfaa1bdd88368baab0',
    { name: 'Lark dining chair', priceCents: 18_900, url: 'https://shop.example/products/lark-chair' },
  ],
  [
    '05a01b46153cf939727cf915be469e5ecc6303b2',
    {
      name: 'Dune three-seat sofa',
      priceCents: 189_000,
      url: 'https://shop.example/products/dune-sofa',
      hotspot: true,
    },
  ],
  [
    '5cddf548db4866bceadf79493fb511ca3c8e79f3',
    {
      name: 'Heron wingback armchair',
      priceCents: 74_900,
      url: 'https://shop.example/products/heron-armchair',
      hotspot: true,
    },
  ],
  [
    '7e870a7a02093776914e67e0a43125b3f90e672c',
    { name: 'Pebble side table', priceCents: 29_900, url: 'https://shop.example/products/pebble-table' },
  ],
  [
    'b5723a855d4f7e60ff9a3595fc5551dace503eea',
    { name: 'Reed sideboard', priceCents: 89_900, url: 'https://shop.example/products/reed-sideboard' },
  ],
  [
    '1d4bfa3bb536f5cc2054b6345503fa412e1ceb5d',
    { name: 'Tide wall cabinet', priceCents: 109_000, url: 'https://shop.example/products/tide-cabinet' },
  ],
  [
    'd9bc1a2b532150c49401e4b9d6d1833bc8a88fa7',
    { name: 'Halo pendant lamp', priceCents: 34_900, url: 'https://shop.example/products/halo-pendant' },
  ],
  [
    '70f7985f6e0ccc582a170baeff497da55f929a33',
    {
      name: 'Shore wool rug, 300 × 200 cm',
      priceCents: 56_000,
      url: 'https://shop.example/products/shore-rug',
    },
  ],
  [
    '5282738a51f4fb36dc3380955f771b3a66c84ae0',
    { name: 'Olive tree in a clay pot', priceCents: 17_900, url: 'https://shop.example/products/olive-tree' },
  ],
];

/** The range a showcase piece may be swapped for ("make it yours", shop-the-look.range.ts). */
const RANGE: [string, Product][] = RANGE_PRODUCTS.map((p) => [
  p.componentId,
  { name: p.name, priceCents: p.priceCents, url: `https://shop.example/products/${p.componentId.slice(-6)}` },
]);

export const CATALOGUE: ReadonlyMap<string, Product> = new Map([...SHOWCASE, ...SAMPLE, ...RANGE]);

const EURO = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

export const formatPrice = (cents: number): string => EURO.format(cents / 100);
