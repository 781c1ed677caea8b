import { css } from 'lit';
import { measureStyles } from '../../../features/measure/measure.styles.js';

/** The plan's measure mode: the shared look, then the hovered wall, the labels and where the hint sits. */
export const planMeasureStyles = [
  measureStyles,
  css`
    :host {
      --room-measure-color: var(--room-plan-measure-color, light-dark(#c2410c, #fb923c));
    }
    :host([measure]) [part~='viewport'] {
      cursor: crosshair;
    }
    .measure.pending line {
      stroke-dasharray: 5 4;
    }
    .measure-wall polygon {
      fill: none;
      stroke: var(--room-measure-color);
      stroke-width: 2px;
      vector-effect: non-scaling-stroke;
    }
    .measure-text {
      fill: var(--room-measure-color);
      font-weight: 600;
      paint-order: stroke;
      stroke: #fff;
      stroke-width: 3px;
      stroke-linejoin: round;
      vector-effect: non-scaling-stroke;
      pointer-events: none;
    }
    /* the zoom controls hold the top right corner */
    .measure-hint {
      inset-block-end: 0.5rem;
      inset-inline-start: 0.5rem;
    }
  `,
];
