/** The viewer's hotspot layer (features/hotspots.ts), full-screen button and gesture rules (features/snapshot.ts). */
import { css } from 'lit';
import { gestureStyles } from '../../../features/fullscreen/gesture-styles.js';
import { hotspotLayerStyles } from '../../../features/hotspots/slotted-spots.styles.js';

const ownStyles = css`
  /* the page's hotspots (features/hotspots.ts): only while a room is shown */
  :host(:not([state='loaded'])) .hotspots {
    display: none;
  }
  .corner-controls {
    position: absolute;
    inset-block-start: 0.5rem;
    inset-inline-end: 0.5rem;
    z-index: 4;
  }
  :host(:not([state='loaded'])) .corner-controls {
    display: none;
  }
  .corner-controls .fullscreen-button {
    display: inline-grid;
    place-items: center;
    min-inline-size: 2rem;
    min-block-size: 2rem;
    padding: 0;
  }
  /* cooperative gestures: one finger scrolls the page (OrbitControls sets touch-action: none inline) */
  :host(:not([gesture-handling='greedy']):not([fullscreen])) canvas {
    touch-action: pan-x pan-y !important;
  }
`;

export const viewerSnapshotStyles = [hotspotLayerStyles, gestureStyles, ownStyles];
