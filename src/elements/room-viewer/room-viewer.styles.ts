import { css } from 'lit';
import { hostStyles } from '../../internal/shared-styles.js';
import { statusStyles } from '../../internal/status-styles.js';
import { controlStyles, floorSwitcherStyles } from '../../internal/control-styles.js';
import { viewerSnapshotStyles } from './features/snapshot.styles.js';

const ownStyles = css`
  :host {
    height: 300px;
    min-width: 1px;
    overflow: hidden;
    --room-focus-ring: var(--room-viewer-focus-ring, 2px solid #2563eb);
    --room-focus-ring-offset: -2px;
    --room-status-background: var(
      --room-viewer-status-background,
      light-dark(rgb(255 255 255 / 0.85), rgb(30 31 35 / 0.85))
    );
    --_error-color: var(--room-viewer-error-color);
    --room-button-background: var(--room-viewer-button-background, light-dark(#fff, #2a2b30));
    --room-control-background: var(--room-viewer-button-background, light-dark(#fff, #2a2b30));
    --room-control-color: var(--room-viewer-color, light-dark(#1a1a1a, #e6e6e6));
    background: var(--room-viewer-background, light-dark(#f3f2ef, #1d1e22));
    color: var(--room-viewer-color, light-dark(#2b2b2b, #e6e6e6));
    border-radius: var(--room-viewer-radius, 0);
    font: var(--room-viewer-font, 14px/1.4 system-ui, sans-serif);
  }
  canvas {
    display: block;
    width: 100%;
    height: 100%;
    touch-action: none;
    outline: none;
  }
  :host([state='error']) canvas {
    visibility: hidden;
  }
  /* the poster lies over the canvas and fades into the first frame: the box never changes */
  .poster-layer {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    transition: opacity 300ms ease;
  }
  .poster-layer.gone {
    opacity: 0;
    visibility: hidden;
    pointer-events: none;
    transition:
      opacity 300ms ease,
      visibility 0s 300ms;
  }
  [part='poster'] {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .reveal {
    position: relative;
    padding: 0.5em 1em;
    border: 0;
    border-radius: 999px;
    font: inherit;
    background: var(--room-viewer-button-background, #fff);
    color: var(--room-viewer-color, #1a1a1a);
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.3);
    cursor: pointer;
  }
  .progress-bar {
    position: absolute;
    inset: auto 0 0 0;
    z-index: 2;
    height: var(--room-viewer-progress-height, 3px);
    background: var(--room-viewer-progress-color, #2563eb);
    transform-origin: 0 50%;
    transform: scaleX(var(--progress, 0));
    transition: transform 150ms linear;
    pointer-events: none;
  }
  @media (prefers-reduced-motion: reduce) {
    .poster-layer,
    .poster-layer.gone,
    .progress-bar {
      transition: none;
    }
  }
  /* above the bottom row of controls (the measure button, 2rem high at the end): across the bottom it
     covered them */
  .warning {
    position: absolute;
    inset-inline: 0.5em;
    inset-block-end: 3rem;
    padding: 0.3em 0.6em;
    border-radius: 4px;
    font-size: 0.85em;
    /* marked by a bar rather than a sign: not every system font has a warning glyph */
    border-inline-start: 4px solid currentColor;
    background: var(
      --room-viewer-warning-background,
      light-dark(rgb(255 244 214 / 0.95), rgb(66 52 16 / 0.95))
    );
    color: var(--room-viewer-warning-color, light-dark(#6b4e00, #ffe08a));
    pointer-events: none;
  }
`;

/** The shared host box, focus ring, status and floor switcher, then the viewer's own rules. */
export const viewerStyles = [
  hostStyles,
  statusStyles,
  controlStyles,
  floorSwitcherStyles,
  ownStyles,
  ...viewerSnapshotStyles,
  // the cart's look button, the full-screen button and the gesture hint: with the parts, after the first frame
  // (after-frame.ts, as they render only then)
  // the error panel's styles come with it (src/features/error-panel/panel-later.ts, on the way to an error);
  // AR's styles come with its code (features/ar-session.ts, added to the shadow root when it loads), the
  // room description's and the measure mode's with theirs (features/description-part.ts, measure-part.ts)
];
