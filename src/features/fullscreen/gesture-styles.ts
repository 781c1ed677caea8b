/** The gesture hint (`part="hint"`, wheel-guard.ts) of `<room-viewer>` and `<room-plan>`. */
import { css } from 'lit';

export const gestureStyles = css`
  .gesture-hint {
    position: absolute;
    inset: 0;
    z-index: 6;
    display: grid;
    place-items: center;
    padding: 1em;
    text-align: center;
    font-size: 1.1em;
    color: #fff;
    background: rgb(0 0 0 / 0.45);
    pointer-events: none;
  }
  @media (prefers-reduced-motion: no-preference) {
    .gesture-hint:not([hidden]) {
      animation: gesture-hint-in 0.15s ease-out;
    }
  }
  @keyframes gesture-hint-in {
    from {
      opacity: 0;
    }
  }
`;
