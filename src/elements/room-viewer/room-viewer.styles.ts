import { css } from 'lit';

export const viewerStyles = css`
  :host {
    display: block;
    position: relative;
    height: 300px;
    min-width: 1px;
    overflow: hidden;
    contain: content;
    background: var(--room-viewer-background, #f3f2ef);
    color: var(--room-viewer-color, #2b2b2b);
    border-radius: var(--room-viewer-radius, 0);
    font: var(--room-viewer-font, 14px/1.4 system-ui, sans-serif);
  }
  :host([hidden]) {
    display: none;
  }
  :host(:focus-visible) {
    outline: var(--room-viewer-focus-ring, 2px solid #2563eb);
    outline-offset: -2px;
  }
  canvas {
    display: block;
    width: 100%;
    height: 100%;
    touch-action: none;
    outline: none;
  }
  :host([state='error']) canvas {
    visibility: hidden;
  }
  .status {
    position: absolute;
    left: 50%;
    top: 50%;
    transform: translate(-50%, -50%);
    padding: 0.4em 0.8em;
    border-radius: 999px;
    background: var(--room-viewer-status-background, rgb(255 255 255 / 0.85));
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
    animation: spin 0.9s linear infinite;
  }
  @keyframes spin {
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
    color: var(--room-viewer-error-color, #9b1c1c);
  }
  .error button {
    font: inherit;
    padding: 0.35em 1em;
    border-radius: 4px;
    border: 1px solid currentColor;
    background: var(--room-viewer-button-background, #fff);
    color: inherit;
    cursor: pointer;
  }
  .warning {
    position: absolute;
    left: 0.5em;
    right: 0.5em;
    bottom: 0.5em;
    padding: 0.3em 0.6em;
    border-radius: 4px;
    font-size: 0.85em;
    /* marked by a bar rather than a sign: not every system font has a warning glyph */
    border-inline-start: 4px solid currentColor;
    background: var(--room-viewer-warning-background, rgb(255 244 214 / 0.95));
    color: var(--room-viewer-warning-color, #6b4e00);
    pointer-events: none;
  }
`;
