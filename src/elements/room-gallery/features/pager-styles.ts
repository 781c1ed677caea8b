/**
 * The previous / next controls' styles, in the element's own bundle: the controls themselves
 * (pager-controls.ts) may come after the first cards (the CDN build: with the list client), into the
 * box `.pager-slot` holds for them (room-gallery.styles.ts), and must look right the moment they do.
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
  .arrow {
    display: inline-block;
  }
  :host(:dir(rtl)) .arrow {
    transform: scaleX(-1);
  }
`;
