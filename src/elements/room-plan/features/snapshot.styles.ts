/** The plan's gesture hint and full-screen button (features/snapshot.ts). */
import { css } from 'lit';
import { gestureStyles } from '../../../features/fullscreen/gesture-styles.js';

const ownStyles = css`
  /* cooperative gestures: one finger scrolls the page, two pinch the plan */
  :host(:not([gesture-handling='greedy']):not([fullscreen])) [part='viewport'] {
    touch-action: pan-x pan-y;
  }
  [part~='fullscreen-button'] svg {
    display: block;
  }
`;

export const planSnapshotStyles = [gestureStyles, ownStyles];
