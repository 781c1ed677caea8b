/**
 * The viewer's full-screen button and gesture hint (features/snapshot.ts): added with the parts after the first
 * frame (after-frame.ts), as they render only then. Their colours, border and font are every control's
 * (src/internal/control-styles.ts, in the element's first sheet).
 */
import { css } from 'lit';
import { gestureStyles } from '../../../features/fullscreen/gesture-styles.js';

const cornerStyles = css`
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
`;

export const fullscreenStyles = [gestureStyles, cornerStyles];
