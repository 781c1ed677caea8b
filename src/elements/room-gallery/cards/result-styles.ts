import { css } from 'lit';

/**
 * The gallery's styles for what it shows once an answer is in: cards' pictures and words, hover and focus,
 * badges, the "no picture" label, the error and empty panels, buttons and the infinite-scroll
 * sentinel. A lazy chunk fetched beside every first rooms request (never after it) and adopted
 * before the answer renders, so the styles a page loads at start are only those of the skeleton
 * cards and the status line (room-gallery.styles.ts). If it cannot be downloaded the gallery still
 * works, plainer (so does the error panel shown when even its own chunk could not be: boxed as the empty
 * panel, in the text colour). A button's disabled look comes with the controls that disable one (the
 * pager's and load-more's styles). The focus ring is the shared one (src/internal/shared-styles.ts, `--room-focus-ring`,
 * which the gallery's :host sets to its own), not repeated here; nor are the name's and meta's line
 * metrics, which the skeleton cards' styles hold already. No comments inside the CSS: they would be
 * downloaded.
 */
export const resultStyles = css`
  :host {
    --_on-accent: var(--room-gallery-on-accent-color, light-dark(#ffffff, #0d1320));
    --_badge-bg: var(--room-gallery-badge-background, rgb(0 0 0 / 0.72));
    --_badge-text: var(--room-gallery-badge-color, #ffffff);
    --_error-accent: var(--room-gallery-error-color);
  }
  button {
    font: inherit;
    color: inherit;
  }
  .card {
    color: inherit;
    text-align: start;
    text-decoration: none;
    transition: box-shadow 0.15s;
  }
  :is(a, button).card {
    cursor: pointer;
  }
  :is(a, button).card:hover {
    box-shadow: 0 0.25rem 1rem rgb(0 0 0 / 0.12);
  }
  .name {
    font-weight: 600;
    overflow: hidden;
    overflow-wrap: anywhere;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
  }
  .meta {
    color: var(--_muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .image img {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
  .placeholder-label {
    position: absolute;
    inset-block-end: 0.5rem;
    inset-inline-start: 0.75rem;
    font-size: 0.75rem;
    color: var(--_muted);
  }
  .badges {
    position: absolute;
    inset-block-start: 0.5rem;
    inset-inline-end: 0.5rem;
    display: flex;
    gap: 0.25rem;
  }
  .badge {
    padding: 0.125rem 0.5rem;
    border-radius: 999px;
    background: var(--_badge-bg);
    color: var(--_badge-text);
    font-size: 0.75rem;
    font-weight: 600;
    line-height: 1.4;
  }

  .empty {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    align-items: center;
    margin-block: var(--_gap);
    padding: 1rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .empty p {
    margin: 0;
    flex: 1 1 12rem;
    overflow-wrap: anywhere;
  }
  .button {
    min-block-size: 2.5rem;
    padding: 0.375rem 1rem;
    border: 1px solid var(--_accent);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_accent);
    color: var(--_on-accent);
    cursor: pointer;
  }
  .button.secondary {
    background: transparent;
    color: var(--_accent);
  }
  .sentinel {
    block-size: 1px;
  }
`;
