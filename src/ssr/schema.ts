/**
 * The room's structured data (schema.org JSON-LD), in the manner of model-viewer's `generate-schema`
 * (a `3DModel`, PR #2853) and for the whole room: an `ImageObject` for its render, a `3DModel` where a
 * model is shown, its products as `Product` items (with the page's names and URLs where the page gives
 * them) and a `FloorPlan` with its `floorSize` (m², unit code MTK). Built as an object and serialised
 * once with jsonForScript(), so no service string can close the script it goes in.
 */
import { totalFloorArea } from '../model/index.js';
import { roomProducts } from '../model/products.js';
import { CM2_PER_M2 } from '../model/units.js';
import type { PlanGeometry, RoomModel } from '../model/types.js';
import { safeHttpUrl } from '../api/safe-url.js';
import { jsonForScript } from './escape.js';

/** What the page knows of a product (by the model's `componentId`): its own name and page. */
export interface PageProduct {
  name: string;
  /** The product's page on the shop (http or https). */
  url?: string;
  image?: string;
  sku?: string;
}

export interface RoomSchemaInput {
  /** The room's name (untrusted text is fine: it is data, never markup). */
  name?: string;
  description?: string;
  /** The page the room is shown on (the nodes' `@id`s hang under it). */
  pageUrl?: string;
  /** The room's render (its `image_url` / `hq_image_url`). */
  image?: string;
  /** A 3D model shown on the page (GLB / glTF URL): a `3DModel` node. */
  modelUrl?: string;
  /** The room model read (for its products) and its plan geometry (for its floor size). */
  model?: RoomModel;
  plan?: PlanGeometry;
  /** The page's products by `componentId`. Without one, a product is named by its category. */
  products?: Readonly<Record<string, PageProduct>>;
}

type Node = Record<string, unknown>;

const text = (value: unknown, max = 500): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;

/** The JSON-LD object (`@context` and `@graph`), only members with a value. */
export function roomSchema(input: RoomSchemaInput): Node {
  const page = safeHttpUrl(input.pageUrl);
  const id = (name: string) => (page ? `${page.split('#')[0]}#${name}` : `#${name}`);
  const name = text(input.name);
  const graph: Node[] = [];
  const products = input.model ? productNodes(input.model, input.products ?? {}, id) : [];
  const mentions = products.length ? products.map((p) => ({ '@id': p['@id'] })) : undefined;
  const image = safeHttpUrl(input.image, page);
  if (image) {
    graph.push(
      compact({
        '@type': 'ImageObject',
        '@id': id('room-image'),
        contentUrl: image,
        url: image,
        name,
        caption: text(input.description),
        mentions,
      }),
    );
  }
  const model = safeHttpUrl(input.modelUrl, page);
  if (model) {
    const gltf = /\.gltf(\?|#|$)/i.test(model);
    graph.push(
      compact({
        '@type': '3DModel',
        '@id': id('room-model'),
        name,
        image,
        encoding: [
          {
            '@type': 'MediaObject',
            contentUrl: model,
            encodingFormat: gltf ? 'model/gltf+json' : 'model/gltf-binary',
          },
        ],
        mentions,
      }),
    );
  }
  if (input.plan) {
    const top = input.plan.areas.filter((a) => a.depth === 0).length;
    const m2 = Math.round((totalFloorArea(input.plan) / CM2_PER_M2) * 10) / 10;
    if (Number.isFinite(m2) && m2 > 0) {
      graph.push(
        compact({
          '@type': 'FloorPlan',
          '@id': id('floor-plan'),
          name,
          numberOfRooms: top || undefined,
          floorSize: { '@type': 'QuantitativeValue', value: m2, unitCode: 'MTK', unitText: 'm²' },
        }),
      );
    }
  }
  graph.push(...products);
  return { '@context': 'https://schema.org', '@graph': graph };
}

function productNodes(
  model: RoomModel,
  known: Readonly<Record<string, PageProduct>>,
  id: (name: string) => string,
): Node[] {
  return roomProducts(model)
    .slice(0, 200)
    .map((product, index) => {
      const page =
        product.componentId && Object.hasOwn(known, product.componentId)
          ? known[product.componentId]
          : undefined;
      const name =
        text(page?.name) ?? text(product.category) ?? text(product.componentId) ?? `Product ${index + 1}`;
      return compact({
        '@type': 'Product',
        '@id': id(`product-${index + 1}`),
        name,
        url: safeHttpUrl(page?.url),
        image: safeHttpUrl(page?.image),
        sku: text(page?.sku, 100),
        productID: text(product.componentId, 200),
        category: text(product.category, 200),
      });
    });
}

/** The object without its undefined members. */
function compact(node: Node): Node {
  return Object.fromEntries(Object.entries(node).filter(([, value]) => value !== undefined));
}

/** The room's JSON-LD as a `<script type="application/ld+json">` for the page's `<head>` or body. */
export function roomSchemaScript(input: RoomSchemaInput): string {
  return `<script type="application/ld+json">${jsonForScript(roomSchema(input))}</script>`;
}
