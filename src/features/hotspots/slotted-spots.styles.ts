/**
 * The layer the page's hotspots are slotted into (slotted-spots.ts): over the view, clipped to it,
 * letting the pointer through except on the hotspots themselves, each centred on its point (the
 * layer moves it with `translate`). Used by `<room-viewer>` and `<room-panorama>`.
 */
import { css } from 'lit';

export const hotspotLayerStyles = css`
  .hotspots {
    position: absolute;
    inset: 0;
    overflow: hidden;
    pointer-events: none;
    z-index: 3;
  }
  ::slotted([slot='hotspot']) {
    position: absolute;
    left: 0;
    top: 0;
    transform: translate(-50%, -50%);
    pointer-events: auto;
  }
`;
