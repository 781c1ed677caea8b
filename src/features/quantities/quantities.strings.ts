/** The words of `<room-plan>`'s quantities table, in English (other languages: src/i18n/). */
import type { Strings } from '../../internal/string-table.js';

export type QuantitiesKey =
  | 'quantities'
  | 'area'
  | 'unnamedArea'
  | 'floorArea'
  | 'wallArea'
  | 'perimeter'
  | 'skirting'
  | 'total'
  | 'inside';

export const QUANTITIES_STRINGS: Strings<QuantitiesKey> = {
  name: 'quantities',
  en: {
    quantities: 'Quantities',
    area: 'Area',
    unnamedArea: 'Area {n}',
    floorArea: 'Floor',
    wallArea: 'Walls (net)',
    perimeter: 'Perimeter',
    skirting: 'Skirting',
    total: 'Total',
    inside: '{name} (inside another area)',
  },
};
