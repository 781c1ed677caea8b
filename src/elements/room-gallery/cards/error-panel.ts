/**
 * Where a failed load is shown: the error in words of its kind (room-gallery.error-strings.ts, a lazy
 * chunk fetched on the way to an error; without it the error's own message, cut short) and the retry
 * button (`part="retry"`, as on every element). role="alert": it speaks when it appears.
 */
import { html, nothing } from 'lit';
import { shortMessage } from '../../../internal/short-message.js';
import type { Language } from '../../../internal/language.js';
import { lookup } from '../../../internal/language.js';
import { errorWords } from '../lazy.js';
import type { GalleryState } from '../loader.js';
import type { Translate } from '../room-gallery.strings.js';

export function renderErrorPanel(
  state: GalleryState,
  lang: Language,
  t: Translate,
  onRetry: () => void,
): unknown {
  if (state.status !== 'error') return nothing;
  const { error } = state;
  const words = errorWords.value?.ERROR_STRINGS;
  const message = shortMessage(error);
  return html`<div part="error" class="error" role="alert">
    <p>${words ? lookup(words, lang, error.kind, { status: error.status ?? 0, message }) : message}</p>
    <button part="retry" class="button" type="button" @click=${onRetry}>${t('retry')}</button>
  </div>`;
}
