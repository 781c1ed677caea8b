import { css } from 'lit';

/**
 * Colours follow the page's `color-scheme` through light-dark() (light unless the page opts into
 * dark, e.g. `:root { color-scheme: light dark }`; so no color-scheme on :host, the page's inherited
 * one picks the side); every colour, size and radius is a custom property the page can set. Logical
 * properties (inline-start/end) make right-to-left work. Placeholders are CSS gradients (a neutral
 * room outline: floor line and a window), never data: URLs (strict Content-Security-Policy).
 *
 * The shared host sheet (src/internal/shared-styles.ts: display, `[hidden]`, focus ring) comes first:
 * its ring is the gallery's (`--room-gallery-focus-color`), on anything a page's own card focuses; the
 * gallery drops its paint containment (`contain: none`), which would clip the focus ring of the
 * cards at the grid's edges (the container query size containment of `container-type` stays).
 *
 * In order: host and its custom properties, status line (the live region), grid and cards, skeleton
 * cards while the first page loads: only what shows before an answer is in. The rest travels in lazy
 * chunks: what an answer shows (pictures, badges, hover and focus, error and empty panels, buttons:
 * cards/result-styles.ts, fetched beside the first rooms), filters (features/filters.ts), pager and
 * load-more (features/pager-controls.ts), virtualised rows (features/virtual.ts). No comments inside the
 * CSS: they would be downloaded.
 */
export const galleryStyles = css`
  :host {
    contain: none;
    container-type: inline-size;
    --_gap: var(--room-gallery-gap, 1rem);
    --_radius: var(--room-gallery-card-radius, 0.5rem);
    --_card-width: var(--room-gallery-card-width, 14rem);
    --_text: var(--room-gallery-color, light-dark(#1d1f23, #e9eaee));
    --_muted: var(--room-gallery-muted-color, light-dark(#5b606b, #a9adb8));
    --_card-bg: var(--room-gallery-card-background, light-dark(#ffffff, #23252b));
    --_border: var(--room-gallery-border-color, light-dark(#dcdfe5, #3a3d45));
    --_accent: var(--room-gallery-accent-color, light-dark(#1a5fd1, #7eaaff));
    --_placeholder: var(--room-gallery-placeholder-color, light-dark(#e7e9ee, #30333a));
    --_focus: var(--room-gallery-focus-color, var(--_accent));
    --room-focus-ring: 3px solid var(--_focus);
    color: var(--_text);
    font: inherit;
  }
  * {
    box-sizing: border-box;
  }
  .status {
    margin: 0 0 0.5rem;
    min-block-size: 1.5em;
    font-size: 0.875rem;
    line-height: 1.5;
    color: var(--_muted);
  }

  .grid {
    display: grid;
    grid-template-columns: repeat(
      var(--room-gallery-columns, auto-fill),
      minmax(min(var(--_card-width), 100%), 1fr)
    );
    gap: var(--_gap);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .item {
    display: flex;
    min-inline-size: 0;
  }
  .card {
    display: flex;
    flex-direction: column;
    inline-size: 100%;
    margin: 0;
    padding: 0 0 0.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_card-bg);
    overflow: hidden;
  }
  .image {
    position: relative;
    display: block;
    aspect-ratio: var(--room-gallery-image-aspect, 4 / 3);
    background: var(--_placeholder);
    overflow: hidden;
  }
  .placeholder {
    background:
      linear-gradient(to bottom, transparent 68%, rgb(0 0 0 / 0.06) 68%),
      linear-gradient(to right, transparent 38%, rgb(255 255 255 / 0.35) 38% 62%, transparent 62%) center
        28% / 100% 24% no-repeat,
      var(--_placeholder);
  }
  .name {
    display: -webkit-box;
    margin: 0.625rem 0.75rem 0;
    line-height: 1.3;
    block-size: 2.6em;
  }
  .meta {
    display: block;
    margin: 0.25rem 0.75rem 0;
    font-size: 0.875rem;
    line-height: 1.5;
    block-size: 1.5em;
  }
  .pager-slot {
    block-size: 2.5rem;
    margin-block-start: var(--_gap);
  }

  .skeleton .name,
  .skeleton .meta {
    border-radius: 0.25rem;
    background: linear-gradient(var(--_placeholder), var(--_placeholder)) 0 0 / 100% 0.875rem no-repeat;
  }
  .skeleton .name {
    inline-size: 70%;
  }
  .skeleton .meta {
    inline-size: 45%;
  }
  @media (prefers-reduced-motion: no-preference) {
    .skeleton .card {
      animation: pulse 1.2s ease-in-out infinite alternate;
    }
  }
  @keyframes pulse {
    to {
      opacity: 0.55;
    }
  }

  .probe {
    position: absolute;
    visibility: hidden;
    inline-size: var(--_card-width);
    column-gap: var(--_gap);
    pointer-events: none;
  }
`;
