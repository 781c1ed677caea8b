/**
 * The style sheet every element starts from (adopted before its own sheet, which overrides):
 * - hostStyles: the host box, `[hidden]` that always hides (a `display` rule on :host must not undo it),
 *   one focus ring, and text for screen readers only.
 * - statusStyles: the loading pill, the error overlay and the look of every `part="retry"` button.
 * Elements map their public custom properties (`--room-viewer-focus-ring`...) onto the shared ones
 * (`--room-focus-ring`...) in their own :host rule, so a page can theme one element or all of them.
 * Constructed sheets only: nothing here needs `style-src 'unsafe-inline'`.
 */
import { css } from 'lit';

export const hostStyles = css`
  :host {
    display: block;
    position: relative;
    box-sizing: border-box;
    contain: content;
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  :host(:focus-visible),
  :focus-visible {
    outline: var(--room-focus-ring, 2px solid #2563eb);
    outline-offset: var(--room-focus-ring-offset, 2px);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;

export const statusStyles = css`
  .status {
    position: absolute;
    left: 50%;
    top: 50%;
    transform: translate(-50%, -50%);
    padding: 0.4em 0.8em;
    border-radius: 999px;
    background: var(--room-status-background, rgb(255 255 255 / 0.85));
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
  .error {
    position: absolute;
    inset: 0;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.75em;
    padding: 1em;
    text-align: center;
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
