/**
 * The status sheet of the elements that show one (viewer, plan, panorama), adopted after
 * ./shared-styles.ts: the loading pill, the error overlay and the look of every `part="retry"`
 * button. Its own module so that an element that draws its own status (the gallery) does not
 * download it: tagged `css` literals are kept by the bundler whether used or not.
 * Constructed sheets only: nothing here needs `style-src 'unsafe-inline'`.
 */
import { css } from 'lit';

export const statusStyles = css`
  .status {
    position: absolute;
    left: 50%;
    top: 50%;
    transform: translate(-50%, -50%);
    padding: 0.4em 0.8em;
    border-radius: 999px;
    background: var(--room-status-background, light-dark(rgb(255 255 255 / 0.85), rgb(30 31 35 / 0.85)));
    pointer-events: none;
  }
  .spinner {
    display: inline-block;
    width: 0.9em;
    height: 0.9em;
    margin-inline-end: 0.5em;
    vertical-align: -0.1em;
    border: 2px solid currentColor;
    border-right-color: transparent;
    border-radius: 50%;
    animation: room-spin 0.9s linear infinite;
  }
  @keyframes room-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
  }
  /* a layer over the element with its content centred: the error overlay, the panorama's show button */
  .error,
  .overlay {
    position: absolute;
    inset: 0;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.75em;
    padding: 1em;
    text-align: center;
  }
  .error {
    color: var(--room-error-color, #9b1c1c);
  }
  [part~='retry'] {
    font: inherit;
    padding: 0.35em 1em;
    border-radius: 4px;
    border: 1px solid currentColor;
    background: var(--room-button-background, #fff);
    color: inherit;
    cursor: pointer;
  }
`;
