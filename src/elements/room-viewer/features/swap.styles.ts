/** The swap control of a selected piece (features/swap.ts). */
import { css } from 'lit';

export const viewerSwapStyles = css`
  .swap {
    position: absolute;
    inset-block-start: 0;
    inset-inline-start: 0;
    z-index: 4;
    display: grid;
    gap: 0.25rem;
    max-inline-size: min(18rem, calc(100% - 1rem));
    padding: 0.5rem;
    border-radius: 0.375rem;
    box-shadow: 0 2px 8px rgb(0 0 0 / 0.18);
    /* placed over the piece by a transform each frame (no layout) */
    will-change: transform;
  }
  :host(:not([state='loaded'])) .swap {
    display: none;
  }
  .swap label {
    display: grid;
    gap: 0.25rem;
    font-weight: 600;
  }
  .swap select {
    font: inherit;
    min-block-size: 2rem;
  }
  .swap select:focus-visible {
    outline: var(--room-focus-ring, 2px solid #2563eb);
  }
  .swap [part~='swap-status']:empty {
    display: none;
  }
  .swap [part~='swap-status'] {
    margin: 0;
    font-weight: 400;
  }
  .swap [part~='swap-status'].refused {
    color: var(--room-error-accent, #b42318);
  }
`;
