import { css } from 'lit';

/**
 * The measure mode's look in both elements (measure-mode.ts): the measured line and its end points, the
 * pressed toggle and the hint. Each element maps its own `--room-…-measure-color` onto
 * `--room-measure-color` and places its hint.
 */
export const measureStyles = css`
  .measure line {
    stroke: var(--room-measure-color, #c2410c);
    stroke-width: 2px;
    vector-effect: non-scaling-stroke;
  }
  .measure circle {
    fill: var(--room-measure-color, #c2410c);
    stroke: #fff;
    stroke-width: 1.5px;
    vector-effect: non-scaling-stroke;
  }
  .measure-toggle[aria-pressed='true'] {
    color: #fff;
    background: var(--room-measure-color, #c2410c);
    border-color: var(--room-measure-color, #c2410c);
  }
  .measure-hint {
    position: absolute;
    max-width: calc(100% - 1rem);
    padding: 0.2rem 0.5rem;
    border-radius: 0.25rem;
    font-size: 0.85rem;
    color: var(--room-control-color, #1a1a1a);
    background: rgb(255 255 255 / 0.9);
    pointer-events: none;
  }
  @media print {
    .measure-hint {
      display: none;
    }
  }
`;
