import { css } from 'lit';
import { measureStyles } from '../../../features/measure/measure.styles.js';

/** The viewer's measure mode: the shared look, then the overlay over the canvas, its label and the button. */
export const viewerMeasureStyles = [
  measureStyles,
  css`
    :host {
      --room-measure-color: var(--room-viewer-measure-color, #c2410c);
    }
    :host([measure]) canvas {
      cursor: crosshair;
    }
    [part~='measure-button'] {
      position: absolute;
      inset-block-end: 0.5rem;
      inset-inline-end: 0.5rem;
      z-index: 1;
      display: inline-flex;
      align-items: center;
      gap: 0.3em;
      padding: 0.25rem 0.55rem;
      font-size: 0.9rem;
    }
    .measure,
    .measure-lines {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      pointer-events: none;
      overflow: visible;
    }
    .measure line.halo {
      stroke: #fff;
      stroke-width: 5px;
    }
    .measure circle {
      stroke-width: 2px;
    }
    .measure-label {
      position: absolute;
      left: 0;
      top: 0;
      /* centred on the line's middle (the transform sets it), a little above it */
      translate: -50% calc(-100% - 6px);
      padding: 0.1rem 0.4rem;
      border-radius: 0.25rem;
      font-size: 0.85rem;
      font-weight: 600;
      white-space: nowrap;
      color: #fff;
      background: var(--room-measure-color);
    }
    .measure-hint {
      inset-block-start: 0.5rem;
      inset-inline-end: 0.5rem;
    }
  `,
];
