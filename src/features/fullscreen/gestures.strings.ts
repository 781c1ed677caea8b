/** The words of the gesture hint (cooperative wheel and touch), shared by the elements that have one. */
import type { Strings } from '../../internal/string-table.js';

export type HintKey = 'wheel' | 'wheelMac' | 'touch';
export const GESTURE_STRINGS: Strings<HintKey> = {
  name: 'gestures',
  en: {
    wheel: 'Use Ctrl + scroll to zoom',
    wheelMac: 'Use ⌘ + scroll to zoom',
    touch: 'Use two fingers to move the view',
  },
};
