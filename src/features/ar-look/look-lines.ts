/**
 * The look a visitor takes home (issue 36): which pieces of the room a scope names, and their product
 * lines (piece id → product, name, price) for the AR side (Quick Look's banner, add-to-cart inside AR)
 * and for `exportLook()`. Pure: no DOM, no three.js; `<room-viewer>`'s export feature
 * (src/elements/room-viewer/features/export.ts) and the AR feature both import it.
 */
import type { AddToCartDetail } from '../../events/add-to-cart.js';
import { furnitureOf } from '../../model/products.js';
import type { ModelComponent, RoomModel } from '../../model/types.js';

/**
 * What is taken: `room` (walls, floors, doors, windows and the furniture), `furniture` (the arrangement
 * without walls) or `selected` (the selected pieces, or the `pieces` named).
 */
export type LookScope = 'room' | 'furniture' | 'selected';

/** The file written: glTF binary (`glb`) or USDZ (`usdz`, AR Quick Look's). */
export type LookFormat = 'glb' | 'usdz';

/** `exportLook()`'s options on `<room-viewer>`. */
export interface ExportLookOptions {
  /** Default `room`. */
  scope?: LookScope;
  /** Default `glb`. */
  format?: LookFormat;
  /** With scope `selected`: these pieces' ids instead of the selection. */
  pieces?: readonly string[];
}

/** What a page's catalogue says of a product (by its `componentId`), for the lines' names and prices. */
export interface LookProduct {
  name?: string;
  /** In the shop's currency's units, as the page keeps it (the kit does no money arithmetic). */
  price?: number;
}

/** A page's catalogue: the product of a `componentId`, or undefined when it does not sell it. */
export type LookCatalogue = (componentId: string) => LookProduct | undefined;

/** One piece of the look and its product. */
export interface LookLine {
  /** The piece's id in the model (the exported node's name). */
  pieceId: string;
  /** The product hash (`component_id`); absent for a piece the model gives none. */
  componentId?: string;
  /** The catalogue's name, else the model's category, else the product hash, else the piece's id. Untrusted text. */
  name: string;
  /** The catalogue's price, when it gives one. */
  price?: number;
  category?: string;
}

export type LookCartItem = AddToCartDetail['items'][number];

const notFound = (message: string) => new DOMException(message, 'NotFoundError');

/**
 * The pieces of furniture a scope names, in the model's order. `room` and `furniture`: every piece;
 * `selected`: `pieces` when given, else `selected`. Rejects (throws a DOMException `NotFoundError`)
 * when `selected` names nothing, or names a piece the room does not have (or that is not furniture).
 */
export function lookPieces(
  model: RoomModel,
  scope: LookScope = 'room',
  pieces?: readonly string[],
  selected?: readonly string[],
): ModelComponent[] {
  const furniture = furnitureOf(model);
  if (scope !== 'selected') return furniture;
  const wanted = [...(pieces ?? selected ?? [])].filter((id): id is string => typeof id === 'string');
  if (!wanted.length)
    throw notFound(
      pieces
        ? 'exportLook(): `pieces` names no piece'
        : 'exportLook(): nothing is selected (select pieces, or pass `pieces`)',
    );
  const byId = new Map(furniture.map((c) => [c.id, c]));
  const missing = wanted.filter((id) => !byId.has(id));
  if (missing.length)
    throw notFound(
      `exportLook(): no piece of furniture ${missing
        .slice(0, 5)
        .map((id) => JSON.stringify(id.slice(0, 80)))
        .join(', ')}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''} in this room`,
    );
  const chosen = new Set(wanted);
  return furniture.filter((c) => chosen.has(c.id));
}

/**
 * The look's product lines for a scope: one per piece (in the model's order), named and priced from
 * the page's `catalogue` when given. Throws as lookPieces() does.
 */
export function lookLines(
  model: RoomModel,
  options: {
    scope?: LookScope;
    pieces?: readonly string[];
    selected?: readonly string[];
    catalogue?: LookCatalogue;
  } = {},
): LookLine[] {
  return lookPieces(model, options.scope, options.pieces, options.selected).map((piece) => {
    const product = piece.componentId ? options.catalogue?.(piece.componentId) : undefined;
    const category = piece.category ?? undefined;
    const name = product?.name || category || piece.componentId || piece.id;
    return {
      pieceId: piece.id,
      ...(piece.componentId ? { componentId: piece.componentId } : {}),
      name,
      ...(typeof product?.price === 'number' && Number.isFinite(product.price)
        ? { price: product.price }
        : {}),
      ...(category ? { category } : {}),
    };
  });
}

/** The lines as `add-to-cart` items: each product once, with as many as the lines hold (pieces without a product hash are left out). */
export function lookCartItems(lines: readonly LookLine[]): LookCartItem[] {
  const counts = new Map<string, number>();
  for (const line of lines)
    if (line.componentId) counts.set(line.componentId, (counts.get(line.componentId) ?? 0) + 1);
  return [...counts].map(([componentId, quantity]) => ({ componentId, quantity }));
}

/** The lines' total price, when every line has one (else undefined: a banner shows no partial sum). */
export function lookTotal(lines: readonly LookLine[]): number | undefined {
  if (!lines.length || lines.some((l) => l.price === undefined)) return undefined;
  return lines.reduce((sum, l) => sum + l.price!, 0);
}
