/** The plan's cooperative gestures and full-screen button (features/snapshot.ts). */
import { css } from 'lit';

const ownStyles = css`
  /* cooperative gestures: one finger scrolls the page, two pinch the plan */
  :host(:not([gesture-handling='greedy']):not([fullscreen])) [part='viewport'] {
    touch-action: pan-x pan-y;
  }
  [part~='fullscreen-button'] svg {
    display: block;
  }
`;

/** (the gesture hint's own styles come with the wheel guard: after-paint.ts) */
export const planSnapshotStyles = ownStyles;
