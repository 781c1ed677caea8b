/**
 * The showcase room's products (room 6346900, showcase.ts): a made-up shop's catalogue keyed by the
 * `component_id` the room's pieces carry, with what the emulator makes each product's mesh from
 * (meshes/). Pure data, no Node: the demo's "Shop the look" reads the same list as its catalogue
 * (demo/sections/shop-the-look.catalogue.ts). Names, prices and `shop.example` links are invented.
 */
import type { MeshSpec } from './meshes/furniture.ts';

export interface ShowcaseProduct {
  /** The model's `component_id` (40 hex digits, as the service's product hashes). */
  componentId: string;
  name: string;
  /** The room model's `category` of its pieces. */
  category: string;
  /** In euro cents. */
  priceCents: number;
  /** The product page (a reserved domain: leads nowhere). */
  url: string;
  /** A pin over its first piece in the demo. */
  hotspot?: boolean;
  /** Its mesh: shape, size (cm), colours and finish. */
  mesh: MeshSpec;
}

const product = (
  componentId: string,
  name: string,
  category: string,
  priceCents: number,
  slug: string,
  mesh: MeshSpec,
  hotspot = false,
): ShowcaseProduct => ({
  componentId,
  name,
  category,
  priceCents,
  url: `https://shop.example/products/${slug}`,
  mesh,
  ...(hotspot ? { hotspot } : {}),
});

export const SHOWCASE_PRODUCTS: readonly ShowcaseProduct[] = [
  product(
    'a5310489438ad4269f151da748c62d441bdebbf5',
    'Dune three-seat sofa, sage',
    'Sofa',
    189_000,
    'dune-sofa',
    {
      shape: 'sofa',
      size: [220, 95, 85],
      colour: [122, 140, 118],
      accent: [146, 164, 140],
      finish: 'fabric',
    },
    true,
  ),
  product(
    '03138ab583f3f83a26a07b2325de50b801a2a139',
    'Heron lounge armchair, rust',
    'Armchair',
    74_900,
    'heron-armchair',
    {
      shape: 'armchair',
      size: [85, 85, 88],
      colour: [176, 98, 62],
      accent: [196, 118, 80],
      finish: 'fabric',
    },
    true,
  ),
  product(
    '3963c7dfd4d70ab8fb291cd52470c84623205bb3',
    'Fjord coffee table, oak',
    'Table',
    39_900,
    'fjord-coffee-table',
    {
      shape: 'coffee-table',
      size: [110, 60, 45],
      colour: [186, 142, 96],
      finish: 'wood',
    },
  ),
  product(
    '836a88bc72c9e483c507bac61c8fb8d5c4341e98',
    'Pebble side table, walnut',
    'Table',
    14_900,
    'pebble-side-table',
    {
      shape: 'side-table',
      size: [45, 45, 52],
      colour: [110, 76, 52],
      finish: 'wood',
    },
  ),
  product(
    'cf0c18043627a14536fec3dac93c5d5bd04be2f8',
    'Shore wool rug, 240 × 170 cm',
    'Rug',
    56_000,
    'shore-rug',
    {
      shape: 'rug',
      size: [240, 170, 1],
      colour: [222, 208, 184],
      accent: [64, 84, 112],
      finish: 'fabric',
    },
  ),
  product(
    '3f2b811564ed1f30097949033b66557e7b336da9',
    'Reed low media unit, white oak',
    'Cabinet',
    64_900,
    'reed-media-unit',
    {
      shape: 'tv-unit',
      size: [180, 45, 50],
      colour: [214, 190, 156],
      accent: [232, 226, 214],
      finish: 'wood',
    },
  ),
  product(
    '11242e866a5981d17ae596187cd15c43e358253a',
    'Lumen 55″ television',
    'Television',
    89_900,
    'lumen-tv',
    {
      shape: 'television',
      size: [124, 24, 78],
      colour: [30, 30, 32],
      finish: 'lacquer',
    },
  ),
  product(
    'd5ed9747c254cce429b2a3519cebb8ce22fc219b',
    'Atlas bookcase, smoked oak',
    'Shelf',
    54_900,
    'atlas-bookcase',
    {
      shape: 'shelf',
      size: [100, 35, 200],
      colour: [118, 88, 62],
      finish: 'wood',
    },
  ),
  product(
    '3d22e43d335c28c275b82b97d72a2f7c4ccebc91',
    'Arc floor lamp, linen shade',
    'Lamp',
    22_900,
    'arc-floor-lamp',
    {
      shape: 'floor-lamp',
      size: [44, 44, 165],
      colour: [40, 40, 42],
      finish: 'metal',
    },
  ),
  product(
    '179cbedb0e6a3f129ea088a5045ad10c201192b7',
    'Olive tree in a clay pot',
    'Plant',
    17_900,
    'olive-tree',
    {
      shape: 'plant',
      size: [55, 55, 140],
      colour: [184, 104, 72],
      finish: 'ceramic',
    },
  ),
  product(
    '65e848749674c53108b2b2aa6e955e677d586348',
    'Halo ceiling light',
    'Lamp',
    24_900,
    'halo-ceiling-light',
    {
      shape: 'pendant',
      size: [60, 60, 45],
      colour: [236, 232, 224],
      finish: 'lacquer',
    },
  ),
  product(
    '6e59f8028594cf912cfe502ccd67439b91ea72ae',
    'Fjord dining table, oak, 180 cm',
    'Table',
    129_000,
    'fjord-dining-table',
    {
      shape: 'table',
      size: [180, 90, 75],
      colour: [178, 132, 86],
      finish: 'wood',
    },
  ),
  product('c989e57fbd0a6ca042c445953c7aefee7d9d4083', 'Lark dining chair', 'Chair', 18_900, 'lark-chair', {
    shape: 'chair',
    size: [45, 50, 88],
    colour: [96, 70, 50],
    accent: [200, 176, 140],
    finish: 'wood',
  }),
  product(
    '846972888a802fcd43a9fec6db49cbfb1b594884',
    'Bell pendant lamp, brass',
    'Lamp',
    34_900,
    'bell-pendant',
    {
      shape: 'pendant',
      size: [40, 40, 70],
      colour: [196, 160, 90],
      finish: 'metal',
    },
  ),
  product(
    'f646f3cebae90caf2b512a38ff787db1b042773a',
    'Haven kitchen run, 240 cm',
    'Kitchen',
    419_000,
    'haven-kitchen',
    {
      shape: 'counter',
      size: [240, 62, 90],
      colour: [88, 104, 92],
      finish: 'lacquer',
    },
    true,
  ),
  product(
    '4d23e793ea8cc4b413bdf3d180145faad3ce863f',
    'Frost fridge-freezer, steel',
    'Kitchen',
    99_900,
    'frost-fridge',
    {
      shape: 'fridge',
      size: [60, 65, 190],
      colour: [196, 198, 200],
      finish: 'metal',
    },
  ),
  product(
    '18eb47abfa8ef276a8b1d9418afb3c94ac280b4f',
    'Tide sideboard, walnut',
    'Cabinet',
    89_900,
    'tide-sideboard',
    {
      shape: 'sideboard',
      size: [180, 45, 80],
      colour: [112, 78, 54],
      finish: 'wood',
    },
  ),
];

/** The product whose `name` starts with `prefix` (the showcase room names its pieces by product). */
export function showcaseProduct(prefix: string): ShowcaseProduct {
  const found = SHOWCASE_PRODUCTS.find((p) => p.name.startsWith(prefix));
  if (!found) throw new Error(`no showcase product named ${prefix}`);
  return found;
}
