import { css } from 'lit';
import { hostStyles } from '../../internal/shared-styles.js';
import { descriptionStyles } from '../../features/selection/room-description.styles.js';
import { floorSwitcherStyles, statusStyles } from '../../internal/status-styles.js';
import { viewerMeasureStyles } from './features/measure.styles.js';
import { viewerSnapshotStyles } from './features/snapshot.styles.js';
import { cartStyles } from '../../features/cart/cart.js';

const ownStyles = css`
  :host {
    height: 300px;
    min-width: 1px;
    overflow: hidden;
    --room-focus-ring: var(--room-viewer-focus-ring, 2px solid #2563eb);
    --room-focus-ring-offset: -2px;
    --room-status-background: var(--room-viewer-status-background, rgb(255 255 255 / 0.85));
    --room-error-color: var(--room-viewer-error-color, #9b1c1c);
    --room-button-background: var(--room-viewer-button-background, #fff);
    --room-control-background: var(--room-viewer-button-background, #fff);
    --room-control-color: var(--room-viewer-color, #1a1a1a);
    background: var(--room-viewer-background, #f3f2ef);
    color: var(--room-viewer-color, #2b2b2b);
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
  .warning {
    position: absolute;
    left: 0.5em;
    right: 0.5em;
    bottom: 0.5em;
    padding: 0.3em 0.6em;
    border-radius: 4px;
    font-size: 0.85em;
    /* marked by a bar rather than a sign: not every system font has a warning glyph */
    border-inline-start: 4px solid currentColor;
    background: var(--room-viewer-warning-background, rgb(255 244 214 / 0.95));
    color: var(--room-viewer-warning-color, #6b4e00);
    pointer-events: none;
  }
`;

/** The shared host box, focus ring, status / error overlay and floor switcher, then the viewer's own rules. */
export const viewerStyles = [
  hostStyles,
  statusStyles,
  floorSwitcherStyles,
  ownStyles,
  descriptionStyles,
  viewerMeasureStyles,
  ...viewerSnapshotStyles,
  cartStyles,
];
