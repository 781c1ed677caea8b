/**
 * A pointer that moved further than this (CSS px) between down and up was dragging, not clicking. Its own
 * module: the selection's clicks (src/features/selection/component-selection.ts) and the plan's link to a
 * viewer (a chunk of its own, only with `for`) both read it, and the link must not import the selection's
 * module for it (the plan's after-paint chunk then holds the selection whole, not a chunk beside it).
 */
export const CLICK_SLOP = 5;
