/**
 * A product the page offers in place of a piece (`replaceComponent()`, `alternatives`), checked and
 * placed: what the swap puts in the model. Pure: no DOM, no three.js.
 *
 * Placed in place: the replacement keeps the piece's **anchor**, the centre of the back edge of its
 * footprint (the side at the piece's local −y: a product's front faces its local +y, so a sofa's back
 * is the side against its wall, and a longer or deeper sofa grows along the wall and into the room,
 * never into the wall), its **facing** (the same rotation) and its **bottom** (a piece on the floor
 * stays on the floor; a hanging lamp hangs from the same point).
 */
import type { ModelComponent, Vec3 } from '../../model/types.js';

/** A product the page offers: sizes in centimetres (docs/room-viewer.md, "Swap a piece"). */
export interface Replacement {
  /** The product hash the room's `products` and the cart name it by. */
  componentId?: string;
  /** The page's own product id (the key of `alternatives`), kept for the page. */
  productId?: string;
  /** What the swap control shows (untrusted: shown as text). */
  name?: string;
  /** Width (along the piece's front), depth (front to back) and height, centimetres: required. */
  size: { width: number; depth: number; height: number };
  /** Its mesh: a `furniture-base` path (`models/ab/<id>_00.mi`) or an http(s) URL under furniture-base's rules. */
  model?: string;
  /** The category the built-in mesh and the description name it by (`Sofa`, `Table`, `Lamp` …). */
  category?: string;
  /** The page's price, kept for the page. */
  price?: number;
}

/** Largest side a replacement may have (cm): a product, not a building. */
export const MAX_SIDE = 5_000;

/** Why a replacement is not one, or undefined when it is. */
export function replacementProblem(replacement: unknown): string | undefined {
  if (!replacement || typeof replacement !== 'object') return 'a replacement must be an object';
  const { size, model, componentId, category } = replacement as Partial<Replacement>;
  if (!size || typeof size !== 'object') return 'a replacement needs a size { width, depth, height } in cm';
  for (const side of ['width', 'depth', 'height'] as const) {
    const value = size[side];
    if (typeof value !== 'number' || !(value > 0) || value > MAX_SIDE)
      return `a replacement's size.${side} must be a number of centimetres above 0 and at most ${MAX_SIDE}`;
  }
  if (model !== undefined && typeof model !== 'string') return "a replacement's model must be a string";
  if (componentId !== undefined && typeof componentId !== 'string')
    return "a replacement's componentId must be a string";
  if (category !== undefined && typeof category !== 'string')
    return "a replacement's category must be a string";
  return undefined;
}

/** The anchor of a piece: the centre of its footprint's back edge (local −y), at its bottom, in its own frame. */
export function anchorOf(component: Pick<ModelComponent, 'boundingBox'>): Vec3 {
  const [min, max] = component.boundingBox;
  return [(min[0] + max[0]) / 2, Math.min(min[1], max[1]), Math.min(min[2], max[2])];
}

/**
 * The piece as the replacement: the same id (it is the same place in the room), the same position and
 * facing, a box of the replacement's size with its back-edge centre on the piece's anchor.
 */
export function placeReplacement(piece: ModelComponent, replacement: Replacement): ModelComponent {
  const [ax, ay, az] = anchorOf(piece);
  const { width, depth, height } = replacement.size;
  const placed: ModelComponent = {
    id: piece.id,
    kind: 'furniture',
    position: [...piece.position],
    rotation: [...piece.rotation],
    boundingBox: [
      [ax - width / 2, ay, az],
      [ax + width / 2, ay + depth, az + height],
    ],
  };
  const { componentId, model, category } = replacement;
  if (componentId) placed.componentId = componentId;
  if (model) placed.modelPath = model;
  const kind = category ?? piece.category;
  if (kind) placed.category = kind;
  for (const key of ['parentId', 'area', 'level'] as const)
    if (piece[key] !== undefined) (placed as unknown as Record<string, unknown>)[key] = piece[key];
  return placed;
}
