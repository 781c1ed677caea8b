/**
 * The previous / next controls' styles, with the controls (pager-controls.ts): on the CDN they come
 * after the first cards with the list client (after-cards.ts), into the box `.pager-slot` holds for them
 * (room-gallery.styles.ts, the same block size), and are adopted before the controls render (lazy.ts's
 * adoptPartStyles), so they look right the moment they do.
 */
import { css } from 'lit';

/** Beside the gallery's own styles (same custom properties). */
export const pagerStyles = css`
  .pager {
    display: flex;
    gap: 0.75rem;
    align-items: center;
    justify-content: center;
    block-size: 2.5rem;
    margin-block-start: var(--_gap);
  }
  .pager .current {
    min-inline-size: 7rem;
    text-align: center;
    color: var(--_muted);
  }
  .button[aria-disabled='true'] {
    opacity: 0.55;
    cursor: default;
  }
  .arrow {
    display: inline-block;
  }
  :host(:dir(rtl)) .arrow {
    transform: scaleX(-1);
  }
`;
