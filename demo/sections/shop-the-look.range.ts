/**
 * The demo shop's made-up range for "make it yours" (shop-the-look.yours.ts): paints for the walls,
 * floors (the emulator's generated decor textures, served under its `/media/`, repeated at their real
 * size), and 3–4 products a sofa, a table or a lamp of the showcase room may be swapped for. Each
 * alternative borrows the mesh of the showcase product it stands in for (its `model` path: the viewer
 * fits the mesh into the alternative's own size). Names, prices and hashes are invented.
 */
import { SHOWCASE_PRODUCTS } from '../../server/emulator/room-styling/showcase-products.ts';
import type { Replacement } from '../../src/features/swap/replacement.ts';

export interface Paint {
  name: string;
  color: string;
}

export interface Floor {
  name: string;
  /** Under the service's root: `{apiBase}/media/<path>`. */
  path: string;
  /** One tile's real width, centimetres. */
  tileSize: number;
}

export const PAINTS: readonly Paint[] = [
  { name: 'Chalk white', color: '#f2efe9' },
  { name: 'Sage', color: '#a9b8a0' },
  { name: 'Terracotta', color: '#c0704f' },
  { name: 'Midnight blue', color: '#2f3e5c' },
  { name: 'Ochre', color: '#d4a24c' },
];

export const FLOORS: readonly Floor[] = [
  { name: 'Natural oak planks', path: 'floor_and_wall/original/Oak_natural.jpg', tileSize: 120 },
  { name: 'White planks', path: 'floor_and_wall/original/WhitePlanks.jpg', tileSize: 28 },
  { name: 'Red parquet', path: 'floor_and_wall/original/Parquet_red_horizontal.jpg', tileSize: 99 },
  { name: 'Grey concrete', path: 'floor_and_wall/original/Concrete_grey.jpg', tileSize: 200 },
  { name: 'Terracotta tiles', path: 'floor_and_wall/original/Terracotta_tiles.jpg', tileSize: 80 },
];

/** A swap candidate with its shop data (price in euro cents). */
export interface RangeProduct extends Replacement {
  componentId: string;
  name: string;
  priceCents: number;
}

/** The showcase product a list of alternatives is for, found by its name's start. */
function base(prefix: string) {
  const product = SHOWCASE_PRODUCTS.find((p) => p.name.startsWith(prefix));
  if (!product) throw new Error(`no showcase product ${prefix}`);
  return product;
}

/** The service's model path of a product (as the showcase room's pieces carry). */
const modelPath = (componentId: string) => `models/${componentId.slice(0, 2)}/${componentId}_00.mi`;

/** A made-up product hash: the base product's hash with its last three digits replaced. */
const hashOf = (of: string, n: number) => `${of.slice(0, 37)}${(0xa00 + n).toString(16)}`;

function alternatives(
  prefix: string,
  list: [name: string, width: number, depth: number, height: number, priceCents: number][],
): [string, RangeProduct[]] {
  const of = base(prefix);
  return [
    of.componentId,
    list.map(([name, width, depth, height, priceCents], i) => ({
      componentId: hashOf(of.componentId, i),
      productId: hashOf(of.componentId, i),
      name,
      size: { width, depth, height },
      category: of.category,
      model: modelPath(of.componentId),
      priceCents,
      price: priceCents / 100,
    })),
  ];
}

/** `<room-viewer>`'s `alternatives`: by the showcase product's hash, what it may be swapped for. */
export const ALTERNATIVES: Record<string, RangeProduct[]> = Object.fromEntries([
  alternatives('Dune', [
    ['Dune two-seat sofa, sage', 180, 90, 85, 149_000],
    ['Moss loveseat, green velvet', 150, 85, 80, 119_000],
    ['Dune corner sofa, 3 m', 300, 160, 85, 259_000],
    ['Grand Dune sofa, 5 m', 500, 100, 85, 349_000],
  ]),
  alternatives('Fjord coffee', [
    ['Round coffee table, ash', 80, 80, 42, 29_900],
    ['Fjord coffee table, long', 130, 65, 45, 44_900],
    ['Nest coffee tables, pair', 100, 55, 40, 34_900],
  ]),
  alternatives('Fjord dining', [
    ['Fjord dining table, 160 cm', 160, 85, 75, 99_000],
    ['Round dining table, 110 cm', 110, 110, 75, 89_000],
    ['Fjord dining table, 260 cm', 260, 100, 75, 159_000],
  ]),
  alternatives('Arc', [
    ['Stem floor lamp, brass', 30, 30, 150, 14_900],
    ['Globe floor lamp, opal', 45, 45, 170, 24_900],
    ['Arc floor lamp, tall', 50, 50, 190, 27_900],
  ]),
]);

/** Every product of the range, for the shop's catalogue (the basket names them). */
export const RANGE_PRODUCTS: readonly RangeProduct[] = Object.values(ALTERNATIVES).flat();
