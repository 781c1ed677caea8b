/**
 * The load-more button of `paging="more"` and its styles: a lazy part (lazy.ts, `moreButton`) that only
 * such a gallery downloads, beside its first request; its rooms are shown once both they and this part
 * are here (room-gallery.ts, the loader's `ready`), so the button comes with the first cards and nothing
 * under the gallery moves when it appears. The default gallery (`paging="pages"`) never fetches it.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { PagerView } from './pager.js';

/** What the button's next page is joined with (the loader's, loader.ts: only a gallery that appends needs it). */
export { appendRooms } from '../append-rooms.js';

/** Adopted beside the gallery's own styles when this module arrives (same custom properties). */
export const moreStyles = css`
  .more {
    display: flex;
    justify-content: center;
    margin-block-start: var(--_gap);
  }
  .more .button[aria-disabled='true'] {
    opacity: 0.55;
    cursor: default;
  }
`;

export function renderMore(v: PagerView): TemplateResult | typeof nothing {
  if (v.state !== 'loaded' || !v.hasNext || (v.failed && !v.loadingMore)) return nothing;
  return html`<div class="more">
    <button
      part="more"
      class="button"
      type="button"
      aria-disabled=${v.loadingMore ? 'true' : 'false'}
      @click=${() => !v.loadingMore && v.onMore()}
    >
      ${v.loadingMore ? v.t('loadingMore') : v.t('loadMore')}
    </button>
  </div>`;
}
