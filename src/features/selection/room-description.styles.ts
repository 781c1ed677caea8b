/**
 * The room description (room-description.ts) and the plan's selection layer. The description is
 * visually hidden (the shared `.visually-hidden`) until focus is inside it (then it shows as a panel over the element's corner, so a
 * keyboard user sees the button focused) or the page shows it through `::part(description)` (rules
 * from the page's side win over these).
 */
import { css } from 'lit';

export const descriptionStyles = css`
  /* the shared .visually-hidden (shared-styles.ts) undone while focus is inside */
  [part~='description']:focus-within {
    position: absolute;
    width: auto;
    height: auto;
    margin: 0;
    clip: auto;
    clip-path: none;
    white-space: normal;
    border: 0;
    inset-inline-start: 0.5em;
    inset-block-end: 0.5em;
    z-index: 2;
    max-inline-size: min(24em, calc(100% - 1em));
    max-block-size: calc(100% - 1em);
    overflow: auto;
    box-sizing: border-box;
    padding: 0.4em 0.6em;
    border-radius: 4px;
    background: rgb(255 255 255 / 0.95);
    color: #1a1a1a;
    font-size: 0.85em;
  }
  [part~='description'] h2 {
    font-size: 1em;
    margin: 0.3em 0;
  }
  [part~='description'] ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part~='description'] button {
    font: inherit;
    text-align: start;
    background: none;
    border: 0;
    padding: 0.1em 0.2em;
    color: inherit;
    cursor: pointer;
  }
  [part~='description'] button[aria-pressed='true'] {
    font-weight: bold;
  }
`;

export const planSelectionStyles = css`
  .component-footprints polygon {
    fill: none;
    stroke: var(--room-plan-item, light-dark(#8a8a8a, #9a9a9a));
    stroke-width: 1;
    vector-effect: non-scaling-stroke;
  }
  .component-selection polygon {
    stroke-width: 3;
    vector-effect: non-scaling-stroke;
    fill-opacity: 0.25;
    pointer-events: none;
  }
  .component-selection .selected {
    stroke: var(--room-plan-selected, light-dark(#2563eb, #7eaaff));
    fill: var(--room-plan-selected, light-dark(#2563eb, #7eaaff));
  }
  .component-selection .highlighted {
    stroke: var(--room-plan-highlight, light-dark(#f59e0b, #fbbf24));
    fill: var(--room-plan-highlight, light-dark(#f59e0b, #fbbf24));
  }
`;
