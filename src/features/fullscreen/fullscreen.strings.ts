/** The words of the full-screen button, shared by the elements that have one. */
import type { Strings } from '../../internal/string-table.js';

export type FullscreenKey = 'enter' | 'exit';
export const FULLSCREEN_STRINGS: Strings<FullscreenKey> = {
  name: 'fullscreen',
  en: { enter: 'Full screen', exit: 'Exit full screen' },
};
