import type { Strings } from '../../internal/string-table.js';

/** The words of the measure mode of `<room-viewer>` and `<room-plan>` (one table: they say the same). */
export type MeasureStringKey = 'measure' | 'measureOn' | 'measureHint' | 'measureNext' | 'measured';

export const MEASURE_STRINGS: Strings<MeasureStringKey> = {
  name: 'measure',
  en: {
    measure: 'Measure',
    measureOn: 'Measure distances',
    measureHint: 'Click two points to measure. Esc to stop.',
    measureNext: 'Click a second point.',
    measured: 'Distance: {distance}',
  },
};
