/**
 * Every product the emulator's rooms list, by `component_id`, with what its mesh is made from: the
 * generated rooms' furniture (catalogue.ts, ids `hexOf(40, 'furniture', name)`, and the ceiling lamp)
 * and the showcase room's products (showcase-products.ts). Doors and windows are architecture: no
 * mesh. The real sample's products are not the emulator's: no mesh either.
 */
import { FURNITURE_BY_CATEGORY, type FurnitureItem } from '../catalogue.ts';
import { hexOf } from '../../shared/random.ts';
import { SHOWCASE_PRODUCTS } from '../showcase-products.ts';
import type { MeshSpec, Shape } from './furniture.ts';
import type { Finish, Rgb } from './materials.ts';

/** The generated furniture's names as shapes, finishes and second colours. */
const KINDS: Record<string, [Shape, Finish, Rgb?]> = {
  sofa: ['sofa', 'fabric', [132, 146, 164]],
  armchair: ['armchair', 'fabric', [196, 150, 110]],
  'tv unit': ['tv-unit', 'lacquer', [90, 90, 92]],
  bookcase: ['shelf', 'wood'],
  'coffee table': ['coffee-table', 'wood'],
  rug: ['rug', 'fabric', [236, 222, 200]],
  'floor lamp': ['floor-lamp', 'metal'],
  plant: ['plant', 'ceramic'],
  bed: ['bed', 'fabric', [150, 170, 196]],
  'single bed': ['bed', 'wood', [240, 200, 90]],
  nightstand: ['drawers', 'wood'],
  wardrobe: ['wardrobe', 'lacquer'],
  dresser: ['drawers', 'wood'],
  'kitchen counter': ['counter', 'lacquer'],
  fridge: ['fridge', 'metal'],
  stove: ['stove', 'metal'],
  'dining table': ['table', 'wood'],
  'dining table large': ['table', 'wood'],
  chair: ['chair', 'wood', [196, 170, 130]],
  sideboard: ['sideboard', 'wood'],
  bathtub: ['bathtub', 'ceramic'],
  washbasin: ['washbasin', 'lacquer'],
  toilet: ['toilet', 'ceramic'],
  'tall cabinet': ['cabinet', 'lacquer'],
  'garden table': ['table', 'metal'],
  bench: ['bench', 'wood'],
  desk: ['desk', 'wood'],
  'kids desk': ['desk', 'lacquer'],
  'toy box': ['chest', 'lacquer', [250, 230, 120]],
  'office chair': ['office-chair', 'fabric'],
};

const CEILING_LAMP: MeshSpec = {
  shape: 'pendant',
  size: [50, 50, 40],
  colour: [240, 238, 232],
  finish: 'lacquer',
};

function generatedSpec(item: FurnitureItem): MeshSpec {
  const [shape, finish, accent] = KINDS[item.name] ?? ['cabinet', 'wood'];
  // the plant's own colour is its leaves; its pot is terracotta
  const colour: Rgb = shape === 'plant' ? [184, 104, 72] : item.rgb;
  return { shape, size: [item.w, item.d, item.h], colour, ...(accent ? { accent } : {}), finish };
}

function buildIndex(): Map<string, MeshSpec> {
  const index = new Map<string, MeshSpec>();
  for (const items of Object.values(FURNITURE_BY_CATEGORY)) {
    for (const item of items) index.set(hexOf(40, 'furniture', item.name), generatedSpec(item));
  }
  index.set(hexOf(40, 'ceiling lamp'), CEILING_LAMP);
  for (const product of SHOWCASE_PRODUCTS) index.set(product.componentId, product.mesh);
  return index;
}

let index: Map<string, MeshSpec> | undefined;

/** What the product's mesh is made from, or undefined when the emulator has none for it. */
export function meshSpecOf(componentId: string): MeshSpec | undefined {
  index ??= buildIndex();
  return index.get(componentId);
}

/** Every product with a mesh (tests validate each one). */
export function productsWithMeshes(): string[] {
  index ??= buildIndex();
  return [...index.keys()];
}
