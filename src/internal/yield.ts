// Moved to src/platform/yield.ts (every layer may import it). Kept as a re-export for
// src/elements/room-viewer/base.ts, which the drawing-interface rework of issue 33 owns; remove once
// that imports '../../platform/yield.js'.
export { yieldToPage } from '../platform/yield.js';
