/**
 * The viewer's hotspot layer (features/hotspots.ts) and one finger's rule (features/snapshot.ts); the full-screen
 * button's and the gesture hint's come with the parts (fullscreen.styles.ts).
 */
import { css } from 'lit';
import { hotspotLayerStyles } from '../../../features/hotspots/slotted-spots.styles.js';

const ownStyles = css`
  /* the page's hotspots (features/hotspots.ts): only while a room is shown */
  :host(:not([state='loaded'])) .hotspots {
    display: none;
  }
  /* cooperative gestures: one finger scrolls the page (OrbitControls sets touch-action: none inline) */
  :host(:not([gesture-handling='greedy']):not([fullscreen])) canvas {
    touch-action: pan-x pan-y !important;
  }
`;

export const viewerSnapshotStyles = [hotspotLayerStyles, ownStyles];
