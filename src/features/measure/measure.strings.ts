import type { Strings } from '../../internal/language.js';

/** The words of the measure mode of `<room-viewer>` and `<room-plan>` (one table: they say the same). */
export type MeasureStringKey = 'measure' | 'measureOn' | 'measureHint' | 'measureNext' | 'measured';

export const MEASURE_STRINGS: Strings<MeasureStringKey> = {
  en: {
    measure: 'Measure',
    measureOn: 'Measure distances',
    measureHint: 'Click two points to measure. Esc to stop.',
    measureNext: 'Click a second point.',
    measured: 'Distance: {distance}',
  },
  nl: {
    measure: 'Meten',
    measureOn: 'Afstanden meten',
    measureHint: 'Klik op twee punten om te meten. Esc om te stoppen.',
    measureNext: 'Klik op een tweede punt.',
    measured: 'Afstand: {distance}',
  },
};
