/**
 * The default of `ar-modes`, apart from the detection (ar-modes.ts): the viewer's definition needs the
 * value, and its AR code loads only when a page sets `ar` (features/ar.ts).
 */

/** model-viewer's order: the page's own session first, then the platforms' viewers. */
export const DEFAULT_AR_MODES = 'webxr scene-viewer quick-look';
