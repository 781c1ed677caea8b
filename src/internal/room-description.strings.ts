import type { Strings } from './language.js';

export type DescriptionKey =
  | 'description'
  | 'areas'
  | 'area'
  | 'unnamedArea'
  | 'furniture'
  | 'piece'
  | 'pieceIn'
  | 'size'
  | 'selectedNone'
  | 'selectedSome'
  | 'more'
  | 'addToCart'
  | 'addToCartOf';

/** The room description's words (shared by `<room-viewer>` and `<room-plan>`), English and Dutch. */
export const DESCRIPTION_STRINGS: Strings<DescriptionKey> = {
  en: {
    description: 'Room description',
    areas: 'Areas ({count})',
    area: '{name}: {area}',
    unnamedArea: 'Area {n}',
    furniture: 'Furniture ({count})',
    piece: 'Piece {n}',
    pieceIn: '{name} in {area}',
    size: '{width} × {depth} × {height}',
    selectedNone: 'Nothing selected.',
    selectedSome: 'Selected: {names}.',
    more: '{count} more pieces are not listed.',
    addToCart: 'Add to cart',
    addToCartOf: 'Add to cart: {name}',
  },
  nl: {
    description: 'Beschrijving van de kamer',
    areas: 'Ruimtes ({count})',
    area: '{name}: {area}',
    unnamedArea: 'Ruimte {n}',
    furniture: 'Meubels ({count})',
    piece: 'Stuk {n}',
    pieceIn: '{name} in {area}',
    size: '{width} × {depth} × {height}',
    selectedNone: 'Niets geselecteerd.',
    selectedSome: 'Geselecteerd: {names}.',
    more: 'Nog {count} stukken staan niet in de lijst.',
    addToCart: 'In winkelwagen',
    addToCartOf: 'In winkelwagen: {name}',
  },
};
