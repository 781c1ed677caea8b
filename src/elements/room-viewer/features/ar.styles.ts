/** The viewer's AR button, failure message and WebXR overlay (features/ar.ts). Logical placement: right-to-left pages mirror it. */
import { css } from 'lit';

export const viewerArStyles = css`
  .ar-button {
    position: absolute;
    inset-block-end: 0.5rem;
    inset-inline-start: 0.5rem;
    z-index: 4;
    min-inline-size: 2.75rem;
    min-block-size: 2rem;
    padding: 0 0.75em;
    font-weight: 600;
    border-radius: 999px;
  }
  .ar-button:disabled {
    cursor: progress;
    opacity: 0.7;
  }
  :host(:not([state='loaded'])) .ar-button {
    display: none;
  }
  .ar-message {
    position: absolute;
    inset-inline: 0.5rem;
    inset-block-end: 3rem;
    z-index: 5;
    display: flex;
    gap: 0.5em;
    align-items: center;
    justify-content: space-between;
    padding: 0.4em 0.6em;
    border-radius: 4px;
    border-inline-start: 4px solid currentColor;
    background: var(--room-status-background, rgb(255 255 255 / 0.9));
  }
  .ar-message button {
    font: inherit;
  }
  .ar-overlay[hidden] {
    display: none;
  }
  /* in the session, Android's DOM overlay shows this layer full screen over the camera's picture */
  .ar-overlay {
    position: fixed;
    inset: 0;
    z-index: 10;
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    padding: 1rem;
    color: #fff;
    pointer-events: none;
  }
  .ar-overlay > *,
  .ar-actions > * {
    pointer-events: auto;
  }
  .ar-hint {
    margin: 0;
    align-self: center;
    padding: 0.4em 0.8em;
    border-radius: 999px;
    background: rgb(0 0 0 / 0.55);
  }
  .ar-actions {
    display: flex;
    gap: 0.5rem;
    justify-content: space-between;
  }
  .ar-actions button {
    min-block-size: 2.75rem;
    padding: 0 1em;
    font: inherit;
    border: 0;
    border-radius: 999px;
    background: #fff;
    color: #1a1a1a;
  }
`;
