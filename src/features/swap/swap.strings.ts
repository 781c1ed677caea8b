/** The words of the swap control of `<room-viewer>` (`alternatives`), in English (other languages: src/i18n/). */
import type { Strings } from '../../internal/language.js';

export type SwapKey =
  'swap' | 'swapFor' | 'swapped' | 'collision' | 'door' | 'overlap' | 'invalid' | 'refused';

export const SWAP_STRINGS: Strings<SwapKey> = {
  name: 'swap',
  en: {
    swap: 'Swap',
    swapFor: 'Swap {name} for',
    swapped: 'Swapped for {name}',
    collision: 'It would cross a wall.',
    door: "It would block a door's swing.",
    overlap: 'It would overlap another piece.',
    invalid: 'That product cannot stand here.',
    refused: '{name} does not fit: {reason}',
  },
};
