import type { Strings } from '../../internal/language.js';

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
  | 'addToCartOf'
  // surfaces (issue 37)
  | 'surfaces'
  | 'wallFace'
  | 'sideLeft'
  | 'sideRight'
  | 'floorOf'
  | 'ceilingOf';

/** The room description's words (shared by `<room-viewer>` and `<room-plan>`), in English (other languages: src/i18n/). */
export const DESCRIPTION_STRINGS: Strings<DescriptionKey> = {
  name: 'description',
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
    // surfaces (issue 37)
    surfaces: 'Walls, floors and ceilings ({count})',
    wallFace: 'Wall {n}, {side} side',
    sideLeft: 'left',
    sideRight: 'right',
    floorOf: 'Floor: {area}',
    ceilingOf: 'Ceiling: {area}',
  },
};
