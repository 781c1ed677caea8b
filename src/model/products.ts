/**
 * The room's products: its furniture grouped by product (`component_id`), with how many pieces of
 * each stand in the room, the category, the size and the areas they stand in. What a shop needs to
 * sell the whole look, and what `<room-viewer>` and `<room-plan>` give as `products`. Pure: no DOM.
 */
import { pointInRing, ringBox, signedArea } from './polygon.js';
import { nearBoxes, type BoxSearch } from './near.js';
import type { ModelArea, ModelComponent, RoomModel, Vec2 } from './types.js';

/** One product of the room: every piece of furniture with the same `componentId`. */
export interface RoomProduct {
  /**
   * The model's `component_id` (FML: the item's `refid`), the product hash a shop maps to its catalogue.
   * Absent for a piece the model gives none: such a piece is a product of its own.
   */
  componentId?: string;
  /** How many pieces of it stand in the room (the counts of all products add up to the furniture). */
  count: number;
  /** The model's category of its first piece, when it gives one. */
  category?: string;
  /** The first piece's bounding box sides, centimetres. */
  size: { width: number; depth: number; height: number };
  /** The areas its pieces stand in (the innermost area under each piece), in the model's order. */
  areas: { name: string; label?: string }[];
  /** The pieces' ids in the model (`ID`; FML items `item-<id>`), in the model's order. */
  ids: string[];
}

/** The pieces a product is made of: furniture (FML items included), not doors, windows or openings. */
export function furnitureOf(model: RoomModel): ModelComponent[] {
  return model.components.filter((c) => c.kind === 'furniture');
}

const finite = (n: number | undefined) => (Number.isFinite(n) ? n! : 0);

function sizeOf(component: ModelComponent): RoomProduct['size'] {
  const [min, max] = component.boundingBox;
  const side = (i: number) => Math.abs(finite(max[i]) - finite(min[i]));
  return { width: side(0), depth: side(1), height: side(2) };
}

interface Outline {
  area: ModelArea;
  ring: Vec2[];
  size: number;
}

/** The innermost (smallest) area under a point (among the areas whose box holds it: a grid, not a scan). */
function areaUnder(outlines: BoxSearch<Outline>, point: Vec2): ModelArea | undefined {
  let best: Outline | undefined;
  const [x, y] = point;
  for (const outline of outlines.search({ minX: x, minY: y, maxX: x, maxY: y }))
    if ((!best || outline.size < best.size) && pointInRing(point, outline.ring)) best = outline;
  return best?.area;
}

/**
 * The room's furniture grouped by `componentId`, in the order each product first appears in the
 * model. The counts add up to `furnitureOf(model).length`.
 */
export function roomProducts(model: RoomModel): RoomProduct[] {
  const list: Outline[] = model.areas
    .map((area) => {
      const ring = area.indices.map((i) => model.points[i]).filter((p): p is Vec2 => !!p);
      return { area, ring, size: Math.abs(signedArea(ring)) };
    })
    .filter((o) => o.ring.length >= 3);
  const outlines = nearBoxes(list, ({ ring }) => ringBox(ring));
  const byKey = new Map<string, RoomProduct>();
  for (const piece of furnitureOf(model)) {
    // a piece without a product hash is a product of its own (keyed by its id, which is unique)
    const key = piece.componentId ? `c:${piece.componentId}` : `i:${piece.id}`;
    let product = byKey.get(key);
    if (!product) {
      product = {
        ...(piece.componentId ? { componentId: piece.componentId } : {}),
        count: 0,
        ...(piece.category ? { category: piece.category } : {}),
        size: sizeOf(piece),
        areas: [],
        ids: [],
      };
      byKey.set(key, product);
    }
    product.count++;
    product.ids.push(piece.id);
    const area = areaUnder(outlines, [finite(piece.position[0]), finite(piece.position[1])]);
    if (area && !product.areas.some((a) => a.name === area.name))
      product.areas.push({ name: area.name, ...(area.label ? { label: area.label } : {}) });
  }
  return [...byKey.values()];
}
