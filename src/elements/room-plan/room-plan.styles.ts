import { css } from 'lit';
import { hostStyles } from '../../internal/shared-styles.js';
import { statusStyles } from '../../internal/status-styles.js';
import { controlStyles, floorSwitcherStyles } from '../../internal/control-styles.js';
import { planSnapshotStyles } from './features/snapshot.styles.js';
import { planFurnitureStyles } from '../../features/products/furniture-feature.js';

const ownStyles = css`
  :host {
    block-size: 24rem;
    min-block-size: 8rem;
    --room-focus-ring: 3px solid var(--room-plan-focus, light-dark(#1f5fbf, #8ab4f8));
    --room-control-color: var(--room-plan-control-color, light-dark(#1a1a1a, #e6e6e6));
    --room-control-background: var(--room-plan-control-background, light-dark(#fff, #2a2b30));
    --room-control-border: var(--room-plan-control-border, light-dark(#8a8a8a, #6a6a6a));
    color: var(--room-plan-text, light-dark(#2b2b2b, #e6e6e6));
    background: var(--room-plan-background, light-dark(#fff, #1c1d21));
    font-family: var(--room-plan-font, system-ui, sans-serif);
    border-radius: var(--room-plan-radius, 0);
    overflow: hidden;
    --_error-color: var(--room-plan-error-color);
    --_error-background: var(--room-plan-error-background);
  }
  .error-layer {
    z-index: 2;
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
  /* the whole look's button (cart) has a band of its own above the drawing: over it, it covered the
     plan's top dimension; the drawing fits below it (its box, not a padding: the pointer maths read
     the viewport's and the svg's boxes; moved, not given a margin, which would collapse into the host's) */
  :host([cart]:not([furniture='hidden'])) [part='viewport'] {
    position: relative;
    inset-block-start: 2.75rem;
    block-size: calc(100% - 2.75rem);
  }
  /* with the quantities table the viewport is a flex item: a margin (which does not collapse there) */
  :host([cart][show-quantities]:not([furniture='hidden'])) [part='viewport'] {
    position: static;
    margin-block-start: 2.75rem;
    block-size: auto;
  }
  [part='viewport']:focus-visible {
    box-shadow: inset 0 0 0 3px var(--room-plan-focus, light-dark(#1f5fbf, #8ab4f8));
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
    stroke: var(--room-plan-area-outline, light-dark(#c9bfa9, #6b6355));
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  /* an area with its own FML colour carries it as its fill attribute */
  .area:not([fill]) {
    fill: var(--room-plan-area, light-dark(#f4efe4, #34312b));
  }
  .area.nested {
    stroke: var(--room-plan-area-nested-outline, light-dark(#8fa7bf, #5d7690));
    stroke-dasharray: 6 4;
  }
  .area.nested:not([fill]) {
    fill: var(--room-plan-area-nested, light-dark(#e3ecf4, #26323d));
  }
  .wall-outlines path {
    fill: none;
    stroke: var(--room-plan-wall-outline, light-dark(#000, #d0d0d0));
    stroke-width: 2px;
    stroke-linejoin: miter;
    vector-effect: non-scaling-stroke;
  }
  .wall-fills path {
    fill: var(--room-plan-wall, light-dark(#3a3a3a, #c8c8c8));
    /* a hairline in the fill colour hides the anti-aliasing seams where footprints meet */
    stroke: var(--room-plan-wall, light-dark(#3a3a3a, #c8c8c8));
    stroke-width: 0.5px;
    vector-effect: non-scaling-stroke;
  }
  .openings line,
  .openings path {
    fill: none;
    stroke: var(--room-plan-opening, light-dark(#555, #aaa));
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .openings .jamb {
    stroke: var(--room-plan-wall-outline, light-dark(#000, #d0d0d0));
    stroke-width: 2px;
  }
  .window .glass {
    stroke: var(--room-plan-window, light-dark(#2f6db5, #7eaaff));
  }
  .door .swing {
    stroke-dasharray: 4 3;
  }
  .dimensions line {
    stroke: var(--room-plan-dimension, light-dark(#666, #a0a0a0));
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .dimensions text {
    fill: var(--room-plan-dimension, light-dark(#666, #a0a0a0));
  }
  .label {
    fill: var(--room-plan-label, light-dark(#2b2b2b, #ececec));
    paint-order: stroke;
    stroke: var(--room-plan-label-halo, light-dark(rgb(255 255 255 / 0.85), rgb(0 0 0 / 0.7)));
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
    stroke: var(--room-plan-item, light-dark(#8a8a8a, #9a9a9a));
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .items .stair {
    stroke: var(--room-plan-wall-outline, light-dark(#000, #d0d0d0));
  }
  .plan-texts text {
    fill: var(--room-plan-label, light-dark(#2b2b2b, #ececec));
  }
  .plan-texts .bold {
    font-weight: 700;
  }
  .plan-texts line {
    stroke: var(--room-plan-dimension, light-dark(#666, #a0a0a0));
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .plan-texts line.dashed {
    stroke-dasharray: 4 3;
  }
  .scale-bar rect {
    stroke: var(--room-plan-dimension, light-dark(#666, #a0a0a0));
    stroke-width: 1px;
    vector-effect: non-scaling-stroke;
  }
  .scale-bar .dark,
  .north-arrow polygon {
    fill: var(--room-plan-dimension, light-dark(#666, #a0a0a0));
  }
  .scale-bar .light {
    fill: var(--room-plan-background, light-dark(#fff, #1c1d21));
  }
  .scale-bar text,
  .north-arrow text {
    fill: var(--room-plan-dimension, light-dark(#666, #a0a0a0));
  }
  /* a linked viewer's camera (features/sync.ts); the colour also sits in the SVG for snapshots */
  .sync {
    pointer-events: none;
  }
  .sync .cone,
  .sync .position {
    fill: var(--room-plan-camera, light-dark(#1f5fbf, #7eaaff));
  }
  .sync .cone,
  .sync .looked-at {
    stroke: var(--room-plan-camera, light-dark(#1f5fbf, #7eaaff));
  }
  .sync .outside .position {
    fill: var(--room-plan-background, light-dark(#fff, #1c1d21));
    stroke: var(--room-plan-camera, light-dark(#1f5fbf, #7eaaff));
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
    font-size: 1.1rem;
    line-height: 1;
  }
  [part~='control']:hover {
    background: var(--room-plan-control-hover, light-dark(#f0f0f0, #3a3b40));
  }
  [part~='control']:focus-visible {
    outline: 3px solid var(--room-plan-focus, light-dark(#1f5fbf, #8ab4f8));
    outline-offset: 1px;
  }
  [part='status'] {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: var(--room-plan-status-color, light-dark(#555, #aaa));
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
  // (the error panel's styles come with it, on the way to an error: error-panel/panel-later.ts)
  controlStyles,
  floorSwitcherStyles,
  ownStyles,
  // (the description's, the footprints', the measure mode's, the cart's, the quantities' and the gesture
  // hint's styles come with the parts that render them: after-paint.ts)
  planSnapshotStyles,
  planFurnitureStyles,
];
