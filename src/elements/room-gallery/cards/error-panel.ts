/**
 * Where a failed load is shown: the one error panel of every element (src/features/error-panel/, a lazy
 * chunk fetched on the way to an error), its title and words by the kind of failure, a retry button
 * only where trying again can help. Without the chunk (it could not be downloaded): the error's own
 * message, cut at 200 characters (not through shortMessage, which the first cards' path would carry for
 * this alone), with a retry button. role="alert": it speaks when it appears.
 */
import { html, nothing } from 'lit';
import type { Language } from '../../../internal/language.js';
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
  const panel = errorWords.value?.renderErrorPanel;
  if (panel) return panel({ kind: error.kind, lang, onRetry });
  // boxed as the empty panel (result-styles.ts): plainer, as a gallery without its lazy parts is
  return html`<div part="error" class="empty error" role="alert">
    <p part="error-message">${error.message.slice(0, 200)}</p>
    <button part="retry" class="button" type="button" @click=${onRetry}>${t('retry')}</button>
  </div>`;
}
