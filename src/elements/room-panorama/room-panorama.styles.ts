import { css } from 'lit';
import { errorPanelStyles } from '../../features/error-panel/error-panel.styles.js';
import { hostStyles } from '../../internal/shared-styles.js';
import { hotspotLayerStyles } from '../../features/hotspots/slotted-spots.styles.js';
import { statusStyles } from '../../internal/status-styles.js';

/**
 * The panorama's look, over the shared sheets (host box, [hidden], focus ring, retry button, the
 * hotspot layer).
 * Constructed sheets only, and the progress bar's width comes through a custom property set from script
 * (CSSOM): nothing here needs `style-src 'unsafe-inline'`.
 */
const panoramaStyles = css`
  :host {
    overflow: hidden;
    aspect-ratio: 16 / 9;
    min-height: 120px;
    border-radius: var(--room-panorama-radius, 0);
    background: var(--room-panorama-background, light-dark(#e4e6ea, #1f2328));
    --_error-color: var(--room-panorama-error-color);
    --_error-background: var(--room-panorama-error-background);
    color: var(--room-panorama-color, light-dark(#1d1f23, #fff));
    font: var(--room-panorama-font, 14px/1.4 system-ui, sans-serif);
  }
  :host(:fullscreen) {
    width: 100vw;
    height: 100vh;
    aspect-ratio: auto;
    border-radius: 0;
  }
  .stage,
  .viewer,
  [part='poster'] {
    position: absolute;
    inset: 0;
  }
  .stage {
    outline: none;
  }
  .stage:focus-visible {
    outline: 3px solid var(--room-panorama-focus-ring, #4c9ffe);
    outline-offset: -3px;
    z-index: 3;
  }
  .viewer {
    opacity: 0;
    transition: opacity 150ms linear;
  }
  :host([state='ready']) .viewer {
    opacity: 1;
  }
  [part='poster'] {
    width: 100%;
    height: 100%;
    object-fit: cover;
    pointer-events: none;
    transition: opacity 150ms linear;
  }
  :host([state='ready']) [part='poster'] {
    opacity: 0;
  }
  /* the centred layer itself is the shared .overlay (status-styles.ts) */
  .overlay {
    pointer-events: none;
    z-index: 2;
  }
  .overlay > * {
    pointer-events: auto;
  }
  [part='progress'] {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    height: 4px;
    background: rgb(0 0 0 / 0.35);
    z-index: 2;
  }
  [part='progress'] > span {
    display: block;
    height: 100%;
    width: var(--progress, 0%);
    background: var(--room-panorama-accent, #4c9ffe);
    transition: width 120ms linear;
  }
  [part='progress'].indeterminate > span {
    width: 30%;
    animation: slide 1.2s ease-in-out infinite;
  }
  @keyframes slide {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(340%);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    [part='progress'].indeterminate > span {
      animation: none;
      width: 100%;
      opacity: 0.5;
    }
  }
  .error-layer {
    z-index: 6;
    pointer-events: auto;
    background: var(--room-panorama-error-backdrop, light-dark(rgb(236 238 241 / 0.6), rgb(20 22 26 / 0.6)));
  }
  .overlay button,
  .corner button {
    font: inherit;
    padding: 0.45em 1.1em;
    border-radius: 999px;
    border: 1px solid currentColor;
    background: var(--room-button-background, rgb(0 0 0 / 0.55));
    color: inherit;
    cursor: pointer;
  }
  .overlay button:focus-visible,
  .corner button:focus-visible {
    outline: 3px solid var(--room-panorama-focus-ring, #4c9ffe);
    outline-offset: 2px;
  }
  /*
   * the page's hotspots (the shared layer, slotted-spots.styles.ts): only while a viewer is live. Its
   * z-index 3 is the focused stage's, and the layer comes after the stage: it is drawn above the viewer
   * (and above PSV's navbar while the stage has focus), below the corner buttons (5), as before
   */
  :host(:not([state='ready'])) .hotspots {
    display: none;
  }
  /* the gyroscope's permission button, as the overlays' buttons */
  .corner {
    position: absolute;
    top: 0.5em;
    right: 0.5em;
    z-index: 5;
  }
  /* PSV's own loader is replaced by the poster and the progress bar */
  .psv-loader-container {
    display: none !important;
  }
  .room-panorama-autorotate.psv-button--active,
  .room-panorama-fullscreen.psv-button--active {
    color: var(--room-panorama-accent, #4c9ffe);
  }
`;

export const styles = [hostStyles, statusStyles, errorPanelStyles, hotspotLayerStyles, panoramaStyles];
