/** The words of `<room-viewer ar>`: the AR button, the AR view's controls and its failures, in English (other languages: src/i18n/). */
import type { Strings } from '../../internal/language.js';

export type ArKey =
  | 'button'
  | 'buttonLabel'
  | 'preparing'
  | 'placeHint'
  | 'addLook'
  | 'exit'
  | 'lookTitle'
  | 'lookSubtitle'
  | 'failedExport'
  | 'failedUpload'
  | 'failedSession'
  | 'failedNoRoom'
  | 'dismiss';

export const AR_STRINGS: Strings<ArKey> = {
  name: 'ar',
  en: {
    button: 'AR',
    buttonLabel: 'View in your room in AR (augmented reality)',
    preparing: 'Preparing the room for AR…',
    placeHint: 'Point at the floor, then tap to place the room. Drag to move it, turn it with two fingers.',
    addLook: 'Add the look',
    exit: 'Exit AR',
    lookTitle: 'The look',
    lookSubtitle: '{count} products',
    failedExport: 'The room could not be prepared for AR. Try again, or choose fewer pieces.',
    failedUpload: 'The AR file could not be sent. Try again in a moment.',
    failedSession: 'AR could not start on this device.',
    failedNoRoom: 'AR needs the room to be shown first.',
    dismiss: 'Dismiss',
  },
};
