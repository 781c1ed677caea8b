/**
 * The look of the one error panel (./error-panel.ts), adopted by every element: a card with an accent
 * bar, the icon beside the title, the message, the retry button. Colours follow the page's
 * `color-scheme` through light-dark(); every colour is a custom property a page sets once for all
 * five elements: `--room-error-background`, `--room-error-color`, `--room-error-accent`,
 * `--room-error-border`, `--room-error-radius`. Elements that draw over a picture (viewer, plan,
 * panorama) centre it with `.error-layer`. An element maps its older own properties
 * (`--room-plan-error-color`...) onto `--_error-color`, `--_error-background`, `--_error-accent`. Constructed sheets only (no inline styles).
 */
import { css } from 'lit';

export const errorPanelStyles = css`
  .error-layer {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 1em;
    box-sizing: border-box;
  }
  [part~='error'] {
    display: grid;
    grid-template-columns: auto 1fr;
    align-items: center;
    column-gap: 0.6em;
    row-gap: 0.3em;
    max-width: 28em;
    box-sizing: border-box;
    padding: 0.8em 1em;
    border: 1px solid var(--room-error-border, light-dark(#e6c9c9, #5a3434));
    border-inline-start: 4px solid
      var(--room-error-accent, var(--_error-accent, light-dark(#b42318, #ff8a80)));
    border-radius: var(--room-error-radius, 6px);
    background: var(--room-error-background, var(--_error-background, light-dark(#fff8f7, #2a1f1f)));
    color: var(--room-error-color, var(--_error-color, light-dark(#3b1a1a, #f6dede)));
    font: inherit;
    text-align: start;
    line-height: 1.4;
  }
  .error-icon {
    width: 1.4em;
    height: 1.4em;
    color: var(--room-error-accent, var(--_error-accent, light-dark(#b42318, #ff8a80)));
  }
  .error-title {
    margin: 0;
    font-weight: 600;
  }
  .error-message {
    grid-column: 1 / -1;
    margin: 0;
    overflow-wrap: anywhere;
  }
  [part~='error'] > ul,
  [part~='error'] > a {
    grid-column: 1 / -1;
    margin: 0;
  }
  .error-retry {
    grid-column: 1 / -1;
    justify-self: start;
    margin-block-start: 0.3em;
    font: inherit;
    padding: 0.3em 1em;
    border-radius: 4px;
    border: 1px solid var(--room-error-accent, var(--_error-accent, light-dark(#b42318, #ff8a80)));
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  .error-retry:hover {
    background: var(--room-error-accent, var(--_error-accent, light-dark(#b42318, #ff8a80)));
    color: var(--room-error-background, var(--_error-background, light-dark(#fff8f7, #2a1f1f)));
  }
`;
