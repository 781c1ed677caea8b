import { css } from 'lit';
import { hostStyles } from '../../internal/shared-styles.js';
import { descriptionStyles, planSelectionStyles } from '../../features/selection/room-description.styles.js';
import { floorSwitcherStyles, statusStyles } from '../../internal/status-styles.js';
import { planMeasureStyles } from './features/measure.styles.js';
import { planSnapshotStyles } from './features/snapshot.styles.js';
import { cartStyles } from '../../features/cart/cart.js';
import { quantitiesStyles } from '../../features/quantities/quantities-table.js';
import { planFurnitureStyles } from './features/furniture.js';

const ownStyles = css`
  :host {
    block-size: 24rem;
    min-block-size: 8rem;
    --room-focus-ring: 3px solid var(--room-plan-focus, #1f5fbf);
    --room-control-color: var(--room-plan-control-color, #1a1a1a);
    --room-control-background: var(--room-plan-control-background, #fff);
    --room-control-border: var(--room-plan-control-border, #8a8a8a);
    color: var(--room-plan-text, #2b2b2b);
    background: var(--room-plan-background, #fff);
    font-family: var(--room-plan-font, system-ui, sans-serif);
    border-radius: var(--room-plan-radius, 0);
    overflow: hidden;
  }
  [part='base'] {
    position: relative;
    inline-size: 100%;
    block-size: 100%;
  }
  [part='viewport'] {
    inline-size: 100%;
    block-size: 100%;
    touch-action: none;
    cursor: grab;
    outline: none;
  }
  [part='viewport']:focus-visible {
    box-shadow: inset 0 0 0 3px var(--room-plan-focus, #1f5fbf);
  }
  [part='viewport'].dragging {
    cursor: grabbing;
  }
  [part='svg'] {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    user-select: none;
    -webkit-user-select: none;
  }
  .area {
    stroke: var(--room-plan-area-outline, #c9bfa9);
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  /* an area with its own FML colour carries it as its fill attribute */
  .area:not([fill]) {
    fill: var(--room-plan-area, #f4efe4);
  }
  .area.nested {
    stroke: var(--room-plan-area-nested-outline, #8fa7bf);
    stroke-dasharray: 6 4;
  }
  .area.nested:not([fill]) {
    fill: var(--room-plan-area-nested, #e3ecf4);
  }
  .wall-outlines path {
    fill: none;
    stroke: var(--room-plan-wall-outline, #000);
    stroke-width: 2px;
    stroke-linejoin: miter;
    vector-effect: non-scaling-stroke;
  }
  .wall-fills path {
    fill: var(--room-plan-wall, #3a3a3a);
    /* a hairline in the fill colour hides the anti-aliasing seams where footprints meet */
    stroke: var(--room-plan-wall, #3a3a3a);
    stroke-width: 0.5px;
    vector-effect: non-scaling-stroke;
  }
  .openings line,
  .openings path {
    fill: none;
    stroke: var(--room-plan-opening, #555);
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .openings .jamb {
    stroke: var(--room-plan-wall-outline, #000);
    stroke-width: 2px;
  }
  .window .glass {
    stroke: var(--room-plan-window, #2f6db5);
  }
  .door .swing {
    stroke-dasharray: 4 3;
  }
  .dimensions line {
    stroke: var(--room-plan-dimension, #666);
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .dimensions text {
    fill: var(--room-plan-dimension, #666);
  }
  .label {
    fill: var(--room-plan-label, #2b2b2b);
    paint-order: stroke;
    stroke: var(--room-plan-label-halo, rgb(255 255 255 / 0.85));
    stroke-width: 3px;
    stroke-linejoin: round;
    vector-effect: non-scaling-stroke;
  }
  /* a label on a dark FML area colour */
  .label.on-dark {
    fill: var(--room-plan-label-on-dark, #fff);
    stroke: var(--room-plan-label-on-dark-halo, rgb(0 0 0 / 0.6));
  }
  .label .name {
    font-weight: 600;
  }
  /* FML plans: items, the author's texts and lines, scale bar and north arrow */
  .items polygon {
    fill: none;
    stroke: var(--room-plan-item, #8a8a8a);
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .items .stair {
    stroke: var(--room-plan-wall-outline, #000);
  }
  .plan-texts text {
    fill: var(--room-plan-label, #2b2b2b);
  }
  .plan-texts .bold {
    font-weight: 700;
  }
  .plan-texts line {
    stroke: var(--room-plan-dimension, #666);
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .plan-texts line.dashed {
    stroke-dasharray: 4 3;
  }
  .scale-bar rect {
    stroke: var(--room-plan-dimension, #666);
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .scale-bar .dark,
  .north-arrow polygon {
    fill: var(--room-plan-dimension, #666);
  }
  .scale-bar .light {
    fill: var(--room-plan-background, #fff);
  }
  .scale-bar text,
  .north-arrow text {
    fill: var(--room-plan-dimension, #666);
  }
  /* a linked viewer's camera (features/sync.ts); the colour also sits in the SVG for snapshots */
  .sync {
    pointer-events: none;
  }
  .sync .cone,
  .sync .position {
    fill: var(--room-plan-camera, #1f5fbf);
  }
  .sync .cone,
  .sync .looked-at {
    stroke: var(--room-plan-camera, #1f5fbf);
  }
  .sync .outside .position {
    fill: var(--room-plan-background, #fff);
    stroke: var(--room-plan-camera, #1f5fbf);
  }
  [part='controls'] {
    position: absolute;
    inset-block-start: 0.5rem;
    inset-inline-end: 0.5rem;
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
  }
  [part~='control'] {
    inline-size: 2rem;
    block-size: 2rem;
    padding: 0;
    font: inherit;
    font-size: 1.1rem;
    line-height: 1;
    color: var(--room-plan-control-color, #1a1a1a);
    background: var(--room-plan-control-background, #fff);
    border: 1px solid var(--room-plan-control-border, #8a8a8a);
    border-radius: 0.25rem;
    cursor: pointer;
  }
  [part~='control']:hover {
    background: var(--room-plan-control-hover, #f0f0f0);
  }
  [part~='control']:focus-visible {
    outline: 3px solid var(--room-plan-focus, #1f5fbf);
    outline-offset: 1px;
  }
  [part='status'] {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: var(--room-plan-status-color, #555);
  }
  [part='error'] {
    position: absolute;
    inset: 1rem;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 0.75rem;
    padding: 1rem;
    text-align: center;
    color: var(--room-plan-error-color, #8a1c1c);
    background: var(--room-plan-error-background, #fdf1f1);
    border: 1px solid currentColor;
    border-radius: 0.25rem;
  }
  [part='error'] [part~='retry'] {
    font: inherit;
    padding: 0.35rem 0.9rem;
    color: inherit;
    background: #fff;
    border: 1px solid currentColor;
    border-radius: 0.25rem;
    cursor: pointer;
  }
  [part='error'] [part~='retry']:focus-visible {
    outline: 3px solid var(--room-plan-focus, #1f5fbf);
    outline-offset: 2px;
  }
  @media print {
    /* !important: in print the plan takes its own proportions, whatever height the page gave it */
    :host {
      block-size: auto !important;
      overflow: visible;
      contain: none;
      background: #fff;
      print-color-adjust: exact;
      -webkit-print-color-adjust: exact;
    }
    [part='controls'],
    [part='status'] {
      display: none;
    }
    [part='viewport'] {
      block-size: auto;
      box-shadow: none;
    }
    [part='svg'] {
      block-size: auto;
      max-block-size: 95vh;
      break-inside: avoid;
    }
  }
`;

/** The shared host box, focus ring, retry button and floor switcher, then the plan's own rules. */
export const styles = [
  hostStyles,
  statusStyles,
  floorSwitcherStyles,
  ownStyles,
  descriptionStyles,
  planSelectionStyles,
  planMeasureStyles,
  ...planSnapshotStyles,
  cartStyles,
  planFurnitureStyles,
  quantitiesStyles,
];
