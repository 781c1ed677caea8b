import type { RenderScaleDetail as RenderScale } from '../three/room-view.js';

/**
 * `render-scale` (`<room-viewer>`): the resolution the room is drawn at changed, as model-viewer's event
 * of the same name. `reportedDpr`: the device pixel ratio the browser reports; `renderedDpr`: pixels
 * drawn per CSS pixel now (the pixel-ratio policy's cap times the adaptive scale); `minimumDpr`: the
 * lowest it may drop to; `pixelWidth` / `pixelHeight`: the size drawn; `reason`: `'frame-time'` while
 * frames run long, `'pixel-ratio-cap'` when the policy caps the device's ratio, else `''`.
 */
export type RenderScaleDetail = RenderScale;

declare global {
  interface GlobalEventHandlersEventMap {
    'render-scale': CustomEvent<RenderScaleDetail>;
  }
}
